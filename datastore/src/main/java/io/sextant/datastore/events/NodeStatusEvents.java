package io.sextant.datastore.events;

import io.sextant.datastore.Candidates;
import io.sextant.datastore.ChangeListener;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Turns the node status the southbounds and the UniConfig layer write into the operational datastore
 * (NETCONF and CLI {@code connection-status}, UniConfig {@code node-status}) into
 * {@code node-status-changed} events. A change listener of the operational store: it runs after the commit,
 * on the store's listener thread, so whoever wrote the status never waits for it; it looks only at the nodes
 * a commit changed.
 */
public final class NodeStatusEvents implements ChangeListener {
    /** Where the statuses are. */
    public static final YangInstanceIdentifier TOPOLOGIES = YangInstanceIdentifier.of(
        new NodeIdentifier(EventNames.NETWORK_TOPOLOGY), new NodeIdentifier(EventNames.TOPOLOGY));
    private static final NodeIdentifier NODES = new NodeIdentifier(EventNames.TOPOLOGY_NODE);
    private static final List<QName> STATUS_LEAVES = List.of(EventNames.NETCONF_STATUS, EventNames.CLI_STATUS,
        EventNames.UNICONFIG_STATUS);
    private static final String REMOVED = "removed";

    private final EventStreams bus;
    private final EffectiveModelContext schema;

    public NodeStatusEvents(final EventStreams bus, final EffectiveModelContext schema) {
        this.bus = bus;
        this.schema = schema;
    }

    @Override
    public void onChange(final DataTreeCandidate candidate) {
        final var topologies = Candidates.find(candidate, TOPOLOGIES);
        if (topologies.isEmpty()) {
            return;
        }
        final Instant now = Instant.now();
        for (DataTreeCandidateNode topology : topologies.orElseThrow().childNodes()) {
            final String topologyId = key(topology, EventNames.TOPOLOGY_KEY);
            final DataTreeCandidateNode nodes = topology.modifiedChild(NODES);
            if (topologyId == null || nodes == null || nodes.modificationType() == ModificationType.UNMODIFIED) {
                continue;
            }
            if (nodes.modificationType() == ModificationType.SUBTREE_MODIFIED) {
                for (DataTreeCandidateNode node : nodes.childNodes()) {
                    final String nodeId = key(node, EventNames.TOPOLOGY_NODE_ID);
                    if (nodeId != null) {
                        changed(now, topologyId, nodeId, status(node.dataBefore()), status(node.dataAfter()));
                    }
                }
            } else {
                final Map<String, String> before = statuses(nodes.dataBefore());
                final Map<String, String> after = statuses(nodes.dataAfter());
                before.forEach((id, status) -> changed(now, topologyId, id, status, after.get(id)));
                after.forEach((id, status) -> {
                    if (!before.containsKey(id)) {
                        changed(now, topologyId, id, null, status);
                    }
                });
            }
        }
    }

    private void changed(final Instant time, final String topologyId, final String nodeId,
            final @Nullable String before, final @Nullable String after) {
        if (Objects.equals(before, after) || before == null && after == null) {
            return;
        }
        bus.publish(event(time, topologyId, nodeId, before, after, schema));
    }

    /**
     * The {@code node-status-changed} event of a node's status going from {@code before} (null: none
     * known) to {@code after} (null: the node is gone), on the {@code sextant-node-status} stream.
     */
    public static Event event(final Instant time, final String topologyId, final String nodeId,
            final @Nullable String before, final @Nullable String after, final EffectiveModelContext schema) {
        final var body = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(EventNames.NODE_STATUS_CHANGED))
            .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(EventNames.TOPOLOGY_ID, topologyId))
            .withChild(ImmutableNodes.leafNode(EventNames.STATUS, after != null ? after : REMOVED));
        if (before != null) {
            body.withChild(ImmutableNodes.leafNode(EventNames.PREVIOUS_STATUS, before));
        }
        final ContainerNode notification = body.build();
        return new Event(EventStreams.NODE_STATUS, time, List.of(nodeId), schema, notification);
    }

    private static Map<String, String> statuses(final @Nullable NormalizedNode nodes) {
        final Map<String, String> statuses = new HashMap<>();
        if (nodes instanceof MapNode map) {
            for (MapEntryNode entry : map.body()) {
                final String status = status(entry);
                final Object id = entry.name().getValue(EventNames.TOPOLOGY_NODE_ID);
                if (status != null && id != null) {
                    statuses.put(id.toString(), status);
                }
            }
        }
        return statuses;
    }

    private static @Nullable String status(final @Nullable NormalizedNode node) {
        if (node instanceof DataContainerNode container) {
            for (QName leaf : STATUS_LEAVES) {
                if (container.childByArg(new NodeIdentifier(leaf)) instanceof LeafNode<?> value) {
                    return value.body().toString();
                }
            }
        }
        return null;
    }

    private static @Nullable String key(final DataTreeCandidateNode node, final QName key) {
        return node.name() instanceof NodeIdentifierWithPredicates predicates && predicates.getValue(key) != null
            ? String.valueOf(predicates.getValue(key)) : null;
    }
}
