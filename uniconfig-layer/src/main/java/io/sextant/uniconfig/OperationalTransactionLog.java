package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.model.ControllerSchema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.builder.DataContainerNodeBuilder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-memory transaction log: the most recent commits, readable over RESTCONF at
 * {@code uniconfig-manager:transaction-log} in the operational datastore.
 */
final class OperationalTransactionLog implements TransactionLog {
    private static final Logger LOG_FILE = LoggerFactory.getLogger(OperationalTransactionLog.class);
    static final QName LOG = QName.create(ControllerSchema.UNICONFIG_MANAGER, "transaction-log");
    private static final QName TRANSACTION = QName.create(LOG, "transaction");
    private static final QName ID = QName.create(LOG, "transaction-id");
    private static final QName NODE = QName.create(LOG, "node");
    private static final QName NODE_ID = QName.create(LOG, "node-id");

    private final DataStore operational;
    private final int capacity;
    private final Deque<String> kept = new ArrayDeque<>();
    /** What the log shows of each commit in {@link #kept}. */
    private final Map<String, Shown> shown = new HashMap<>();

    /**
     * What the log shows of a commit.
     *
     * @param ok whether it succeeded
     * @param operation which operation it was (commit, drift-restore, ...)
     */
    record Shown(boolean ok, String operation) {
    }

    OperationalTransactionLog(final DataStore operational, final int capacity) {
        this.operational = operational;
        this.capacity = capacity;
    }

    @Override
    public synchronized void record(final CommitRecord commit) throws OperationErrorsException {
        final YangInstanceIdentifier path = YangInstanceIdentifier.builder().node(LOG).node(TRANSACTION)
            .nodeWithKey(TRANSACTION, ID, commit.id()).build();
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TRANSACTION, ID, commit.id()))
            .withChild(ImmutableNodes.leafNode(ID, commit.id()))
            .withChild(ImmutableNodes.leafNode(QName.create(LOG, "time"), commit.time().toString()))
            .withChild(ImmutableNodes.leafNode(QName.create(LOG, "user"), commit.user()))
            .withChild(ImmutableNodes.leafNode(QName.create(LOG, "operation"), commit.operation()))
            .withChild(ImmutableNodes.leafNode(QName.create(LOG, "status"),
                commit.result().ok() ? "complete" : "fail"));
        commit.result().error().ifPresent(error ->
            entry.withChild(ImmutableNodes.leafNode(QName.create(LOG, "error-message"), error)));
        final var targets = ImmutableNodes.newSystemLeafSetBuilder()
            .withNodeIdentifier(NodeIdentifier.create(QName.create(LOG, "target-nodes")));
        commit.targetNodes().forEach(id -> targets.withChild(ImmutableNodes.leafSetEntry(
            QName.create(LOG, "target-nodes"), id)));
        entry.withChild(targets.build());
        final var nodes = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(NODE));
        for (NodeResult node : commit.result().nodes()) {
            nodes.withChild(nodeEntry(commit, node));
        }
        entry.withChild(nodes.build());

        final MapEntryNode built = entry.build();
        final List<String> dropped = new ArrayList<>();
        if (shown.put(commit.id(), new Shown(commit.result().ok(), commit.operation())) == null) {
            kept.addLast(commit.id());
        }
        while (kept.size() > capacity) {
            final String oldest = kept.removeFirst();
            shown.remove(oldest);
            dropped.add(oldest);
        }
        operational.update(tx -> {
            tx.put(path, built);
            for (String id : dropped) {
                tx.remove(YangInstanceIdentifier.builder().node(LOG).node(TRANSACTION)
                    .nodeWithKey(TRANSACTION, ID, id).build());
            }
        });
    }

    /**
     * Show what {@code kept} (entries read back from the database, listed without their changes)
     * changed on each node this instance serves, the node's schema from {@code schemaOf}; an entry
     * no longer listed (trimmed meanwhile) or whose changes cannot be shown stays as it is.
     */
    void showChanges(final List<CommitRecord> kept, final Function<String, @Nullable EffectiveModelContext> schemaOf) {
        for (CommitRecord commit : kept) {
            if (commit.keptChanges().isEmpty() || shown(commit.id()) == null) {
                continue;
            }
            final CommitRecord withSchemas = commit.withSchemas(schemaOf);
            if (withSchemas == commit) {
                continue;
            }
            try {
                synchronized (this) {
                    // trimmed meanwhile: not listed again
                    if (shown(commit.id()) != null) {
                        record(withSchemas);
                    }
                }
            } catch (OperationErrorsException | RuntimeException e) {
                LOG_FILE.warn("Commit {} is shown without its changes: {}", commit.id(), e.getMessage());
            }
        }
    }

    /** Whether the log shows commit {@code id} with that outcome. */
    synchronized boolean shows(final String id, final boolean ok) {
        final Shown entry = shown.get(id);
        return entry != null && entry.ok() == ok;
    }

    /** What the log shows of commit {@code id}, or null when it does not show it. */
    synchronized @Nullable Shown shown(final String id) {
        return shown.get(id);
    }

    private static MapEntryNode nodeEntry(final CommitRecord commit, final NodeResult node) {
        final DataContainerNodeBuilder<NodeIdentifierWithPredicates, MapEntryNode> entry =
            ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(QName.create(LOG, "status"), node.ok() ? "complete" : "fail"));
        node.error().ifPresent(error ->
            entry.withChild(ImmutableNodes.leafNode(QName.create(LOG, "error-message"), error.message())));
        final EffectiveModelContext schema = commit.schemas().get(node.nodeId());
        if (schema != null) {
            if (commit.keptChanges().containsKey(node.nodeId())) {
                try {
                    DiffNodes.addDiff(entry, LOG.getModule(), commit.changes(node), schema);
                } catch (RuntimeException e) {
                    // kept in a schema the node is no longer in (its device's models changed since)
                    LOG_FILE.warn("Commit {} is shown without its changes on node {}: they do not fit the node's "
                        + "schema now ({})", commit.id(), node.nodeId(), e.getMessage());
                }
            } else {
                DiffNodes.addDiff(entry, LOG.getModule(), commit.changes(node), schema);
            }
        }
        return entry.build();
    }
}
