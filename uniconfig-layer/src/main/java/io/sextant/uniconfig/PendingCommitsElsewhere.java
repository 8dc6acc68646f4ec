package io.sextant.uniconfig;

import io.sextant.datastore.NormalizedTrees;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.WaitingCommit;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.StateOwner;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * {@code sextant-gate:pending-commits} through any controller instance sharing the database: a
 * read of the list (or above it) shows the gated commits the other live instances hold waiting
 * beside this one's, and a read of one entry that waits on another instance is sent on to it
 * ({@link HeldElsewhere}), as confirm-commit and cancel-commit are.
 */
final class PendingCommitsElsewhere implements StateOwner {
    private static final YangInstanceIdentifier LIST = YangInstanceIdentifier.of(PendingCommits.CONTAINER,
        PendingCommits.ENTRY);

    private final UniconfigStore store;
    private final Predicate<String> waitsHere;

    /** @param waitsHere whether a gated commit waits in this instance */
    PendingCommitsElsewhere(final UniconfigStore store, final Predicate<String> waitsHere) {
        this.store = store;
        this.waitsHere = waitsHere;
    }

    @Override
    public void checkServedHere(final YangInstanceIdentifier path) throws OperationErrorsException {
        final List<PathArgument> steps = path.getPathArguments();
        if (steps.size() < 3 || !steps.get(0).getNodeType().equals(PendingCommits.CONTAINER)
                || !(steps.get(2) instanceof NodeIdentifierWithPredicates entry)) {
            return;
        }
        final Object key = entry.getValue(PendingCommits.COMMIT_ID);
        if (!(key instanceof String commitId) || waitsHere.test(commitId)) {
            return;
        }
        final Optional<LeaseHolder> runner = store.commitRunElsewhere(commitId);
        if (runner.isPresent()) {
            throw HeldElsewhere.ofCommit(commitId, runner.orElseThrow().instanceId(), runner.orElseThrow().address());
        }
    }

    @Override
    public Optional<NormalizedNode> servedElsewhere(final YangInstanceIdentifier path)
            throws OperationErrorsException {
        if (!path.contains(LIST)) {
            return Optional.empty();
        }
        final List<WaitingCommit> waiting = store.waitingElsewhere();
        if (waiting.isEmpty()) {
            return Optional.empty();
        }
        final List<MapEntryNode> entries = waiting.stream().map(commit -> PendingCommits.entry(commit.commitId(),
            commit.user(), commit.confirmDeadline(), commit.nodeIds())).toList();
        return NormalizedTrees.listAt(path, LIST, entries);
    }
}
