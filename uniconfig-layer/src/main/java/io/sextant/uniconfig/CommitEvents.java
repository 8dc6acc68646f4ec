package io.sextant.uniconfig;

import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventNames;
import io.sextant.datastore.events.EventStreams;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.NodeResult.NodeError;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A {@link TransactionLog} that also tells the {@code sextant-commits} stream of every commit the log is told
 * of, as a {@code sextant-events:commit-finished} notification. Publishing never blocks the commit.
 */
final class CommitEvents implements TransactionLog {
    private final TransactionLog log;
    private final EventStreams bus;
    private final EffectiveModelContext schema;

    CommitEvents(final TransactionLog log, final EventStreams bus, final EffectiveModelContext schema) {
        this.log = log;
        this.bus = bus;
        this.schema = schema;
    }

    @Override
    public void record(final CommitRecord commit) throws OperationErrorsException {
        try {
            log.record(commit);
        } finally {
            bus.publish(new Event(EventStreams.COMMITS, commit.time(), commit.targetNodes(), schema,
                notification(commit)));
        }
    }

    /** The {@code commit-finished} notification of {@code commit}. */
    static ContainerNode notification(final CommitRecord commit) {
        final var nodes = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(EventNames.NODE));
        for (NodeResult node : commit.result().nodes()) {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(EventNames.NODE, EventNames.NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(EventNames.STATUS, node.ok() ? "complete" : "fail"));
            if (node.error().isPresent()) {
                final NodeError error = node.error().orElseThrow();
                entry.withChild(ImmutableNodes.leafNode(EventNames.ERROR_TYPE, error.kind().yangName()))
                    .withChild(ImmutableNodes.leafNode(EventNames.ERROR_MESSAGE, error.message()));
            }
            nodes.withChild(entry.build());
        }
        final var body = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(EventNames.COMMIT_FINISHED))
            .withChild(ImmutableNodes.leafNode(EventNames.COMMIT_ID, commit.id()))
            .withChild(ImmutableNodes.leafNode(EventNames.USER, commit.user()))
            .withChild(ImmutableNodes.leafNode(EventNames.OPERATION, commit.operation()))
            .withChild(ImmutableNodes.leafNode(EventNames.OUTCOME, commit.result().ok() ? "complete" : "fail"))
            .withChild(nodes.build());
        commit.result().error().ifPresent(message -> body.withChild(ImmutableNodes.leafNode(EventNames.MESSAGE,
            message)));
        return body.build();
    }
}
