package io.sextant.persistence;

/**
 * When a node's journal is folded into a new base: after more than {@code maxEntries} changes or
 * more than {@code maxBytes} of encoded changes since the last base, whichever comes first.
 * Loading replays the journal, so these bound the work of a load as well as the space.
 */
public record Compaction(int maxEntries, long maxBytes) {
    public static final Compaction DEFAULT = new Compaction(1_000, 4L << 20);

    public Compaction {
        if (maxEntries < 0 || maxBytes < 0) {
            throw new IllegalArgumentException("compaction limits cannot be negative");
        }
    }

    boolean due(final long entries, final long bytes) {
        return entries > maxEntries || bytes > maxBytes;
    }
}
