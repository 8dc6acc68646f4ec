package io.sextant.datastore;

import java.util.HashMap;
import java.util.Map;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeSnapshot;

/**
 * What one transaction knows of the existence of the parents of the paths it writes, without
 * reading its own modification: yangtools resolves a read through a modified node by applying
 * everything changed under it so far, so a transaction of n writes into one list that read each
 * write's parents would cost n². A parent exists when the snapshot the transaction started from
 * held it, or the transaction saw it or made it exist, and no edit of the transaction since then
 * can have removed it: none deleted it, none replaced or deleted one of its ancestors. Anything
 * else is read ({@link InMemoryDataStore}); the answer errs only towards reading. Maps and
 * non-presence containers are not told apart: yangtools creates and removes them with their
 * children.
 */
final class KnownParents {
    private static final long NEVER = -1;
    /** The snapshot's knowledge is from before every edit. */
    private static final long AT_START = 0;

    private final DataTreeSnapshot base;
    /** When (the edit's sequence number) a path was last deleted. */
    private final Map<YangInstanceIdentifier, Long> deleted = new HashMap<>();
    /** When a path's descendants last may have gone: the path written whole (put, create) or deleted. */
    private final Map<YangInstanceIdentifier, Long> cut = new HashMap<>();
    /** When a path was last seen to exist, or made to exist. */
    private final Map<YangInstanceIdentifier, Long> seen = new HashMap<>();
    private long sequence = AT_START;

    KnownParents(final DataTreeSnapshot base) {
        this.base = base;
    }

    /** The transaction wrote {@code path} whole (put, create): what was below it may be gone. */
    void replaced(final YangInstanceIdentifier path) {
        cut.put(path, ++sequence);
    }

    /** The transaction deleted {@code path} and everything below it. */
    void deleted(final YangInstanceIdentifier path) {
        final long now = ++sequence;
        deleted.put(path, now);
        cut.put(path, now);
    }

    /** {@code parent} was read present, or created, by the transaction. */
    void exists(final YangInstanceIdentifier parent) {
        seen.put(parent, ++sequence);
    }

    /** Whether every ancestor of {@code path} is known to exist ({@link Walk#knownToExist}). */
    boolean parentsKnown(final YangInstanceIdentifier path) {
        final Walk walk = walk();
        YangInstanceIdentifier parent = YangInstanceIdentifier.of();
        final var args = path.getPathArguments();
        for (int i = 0; i < args.size() - 1; i++) {
            parent = parent.node(args.get(i));
            if (!walk.knownToExist(parent)) {
                return false;
            }
        }
        return true;
    }

    /** A walk from the root down to a path's parent, one ancestor at a time. */
    Walk walk() {
        return new Walk();
    }

    /** Along one path: whether each ancestor is known to exist, given the edits above it. */
    final class Walk {
        /** The last time an ancestor passed so far (or the root) was replaced or deleted. */
        private long lastCutAbove = cut.getOrDefault(YangInstanceIdentifier.of(), NEVER);

        /**
         * Whether {@code parent}, the next ancestor down, is known to exist without a read.
         * Call for each ancestor in order, from the root's child down.
         */
        boolean knownToExist(final YangInstanceIdentifier parent) {
            final Long seenAt = seen.get(parent);
            final long since = seenAt != null ? seenAt : base.readNode(parent).isPresent() ? AT_START : NEVER;
            final boolean known = since != NEVER && since > lastCutAbove
                && since > deleted.getOrDefault(parent, NEVER);
            lastCutAbove = Math.max(lastCutAbove, cut.getOrDefault(parent, NEVER));
            return known;
        }
    }
}
