package io.sextant.uniconfig;

import io.sextant.persistence.HistoryMark;
import io.sextant.persistence.codec.DiffEntry;
import io.sextant.spi.OperationErrorsException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The history of each node's committed configuration: a point per successful commit that
 * changed the node, with the commit's diff of it, and a full copy of the configuration every few
 * points, so that reading a point replays a bounded number of diffs ({@link HistorySettings}).
 * Kept in memory ({@link InMemoryNodeHistory}) or in PostgreSQL ({@link DurableNodeHistory}).
 */
public interface NodeHistory {

    /**
     * One node's share of a successful commit.
     *
     * @param before the node's configuration before the commit
     * @param after its configuration after the commit
     * @param actualVersion the version of the node's actual configuration the store kept with the
     *     commit ({@link UniconfigStore#keptActualVersion}), so that a full copy may share the bytes
     *     the store keeps it with; {@link #NOT_KEPT} when the store keeps none
     */
    record Step(String nodeId, String schemaKey, NormalizedNode before, NormalizedNode after, List<DiffEntry> diff,
            long actualVersion) {
        /** {@link #actualVersion()} of a node no store keeps. */
        public static final long NOT_KEPT = -1;

        public Step {
            diff = List.copyOf(diff);
        }

        /** A step of a node the store does not keep. */
        public Step(final String nodeId, final String schemaKey, final NormalizedNode before,
                final NormalizedNode after, final List<DiffEntry> diff) {
            this(nodeId, schemaKey, before, after, diff, NOT_KEPT);
        }
    }

    /** What a commit changed on one node. */
    record Change(String nodeId, long seq, Instant time, String schemaKey, List<DiffEntry> diff) {
        public Change {
            diff = List.copyOf(diff);
        }
    }

    /** A node's configuration as a commit left it. */
    record Point(String nodeId, String commitId, Instant time, String schemaKey, NormalizedNode configuration) {
    }

    /** Which point of a node: the one in effect at a time, or the one a commit made. */
    sealed interface When {
        /** As committed at {@code time}: the newest point at or before it. */
        record At(Instant time) implements When {
        }

        /** As commit {@code commitId} left the node. */
        record After(String commitId) implements When {
        }
    }

    /** Record the points of a commit that succeeded. */
    void committed(String commitId, Instant time, List<Step> steps) throws OperationErrorsException;

    /** What commit {@code commitId} changed, per node; empty when the history keeps none of it. */
    List<Change> changesOf(String commitId) throws OperationErrorsException;

    /** The node's point {@code when}; empty when the history has none (before its first kept point). */
    Optional<Point> point(String nodeId, When when) throws OperationErrorsException;

    /** The node's kept points, oldest first. */
    List<HistoryMark> marks(String nodeId) throws OperationErrorsException;
}
