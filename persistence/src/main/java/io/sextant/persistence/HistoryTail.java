package io.sextant.persistence;

/**
 * Where a node's history ends: its newest point, and the newest point that keeps a full copy
 * (0 when none does).
 */
public record HistoryTail(long lastSeq, long lastFullCopySeq) {
    /** A node without history. */
    public static final HistoryTail NONE = new HistoryTail(0, 0);

    /** How many points since the last full copy (the newest included). */
    public long sinceFullCopy() {
        return lastSeq - lastFullCopySeq;
    }
}
