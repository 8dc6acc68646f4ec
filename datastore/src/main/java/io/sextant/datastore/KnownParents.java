package io.sextant.datastore;

import java.util.HashSet;
import java.util.Set;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeSnapshot;

/**
 * What one transaction knows of the existence of the parents of the paths it writes, without
 * reading its own modification: yangtools resolves a read through a modified node by applying
 * everything changed under it so far, so a transaction of n writes into one list that read each
 * write's parents would cost n². A parent exists when it existed in the snapshot the transaction
 * started from, or was seen or made to exist by this transaction, and no edit of this
 * transaction can have removed it since: none deleted it, none replaced or deleted one of its
 * ancestors. Anything else is read ({@link InMemoryDataStore}); the answer errs only towards
 * reading. Maps and non-presence containers are not tracked apart: yangtools creates and removes
 * them with their children.
 */
final class KnownParents {
    private final DataTreeSnapshot base;
    /** Paths deleted (or removed) by the transaction. */
    private final Set<YangInstanceIdentifier> deleted = new HashSet<>();
    /** Paths whose descendants an edit may have removed: written whole (put, create) or deleted. */
    private final Set<YangInstanceIdentifier> cut = new HashSet<>();
    /** Paths seen to exist, or made to exist, by the transaction. */
    private final Set<YangInstanceIdentifier> seen = new HashSet<>();

    KnownParents(final DataTreeSnapshot base) {
        this.base = base;
    }

    /** The transaction wrote {@code path} whole (put, create): what was below it may be gone. */
    void replaced(final YangInstanceIdentifier path) {
        cut.add(path);
    }

    /** The transaction deleted {@code path} and everything below it. */
    void deleted(final YangInstanceIdentifier path) {
        deleted.add(path);
        cut.add(path);
    }

    /** {@code parent} was read present, or created, by the transaction. */
    void exists(final YangInstanceIdentifier parent) {
        seen.add(parent);
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

    /** Along one path: whether each ancestor is known to exist, given the ones above it. */
    final class Walk {
        /** No edit removed or replaced the ancestors passed so far (nor the root). */
        private boolean intact = !cut.contains(YangInstanceIdentifier.of());

        /**
         * Whether {@code parent}, the next ancestor down, is known to exist without a read.
         * Call for each ancestor in order, from the root's child down.
         */
        boolean knownToExist(final YangInstanceIdentifier parent) {
            final boolean known = intact && !deleted.contains(parent)
                && (seen.contains(parent) || base.readNode(parent).isPresent());
            intact = intact && !cut.contains(parent);
            return known;
        }
    }
}
