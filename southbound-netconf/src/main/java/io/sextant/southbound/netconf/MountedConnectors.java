package io.sextant.southbound.netconf;

import io.sextant.datastore.DataStore;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.client.NodeConnector;
import io.sextant.southbound.netconf.client.NodeSettings;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.southbound.netconf.topology.TopologySupport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connectors of the NETCONF nodes this controller instance connects, kept in step with
 * topology-netconf's configuration and with the nodes this instance owns. Every change (a
 * configuration change, a node gained or lost, the close) is made under this object's lock, in
 * the order they come; reads take no lock.
 */
final class MountedConnectors {
    private static final Logger LOG = LoggerFactory.getLogger(MountedConnectors.class);
    private static final NodeIdentifier NODE_LIST = new NodeIdentifier(TopologyModel.NODE);

    /** Makes the connector of a node; {@code fence} answers whether this instance still owns it. */
    @FunctionalInterface
    interface Factory {
        NodeConnector connector(String nodeId, NodeSettings settings, BooleanSupplier fence);
    }

    private final Map<String, NodeConnector> connectors = new ConcurrentHashMap<>();
    private final DataStore config;
    private final TopologySupport support;
    private final HostKeys hostKeys;
    private final DeviceOwnership ownership;
    private final Factory factory;
    private boolean closed;

    /**
     * @param config read for a node's configuration when it is gained
     * @param support writes the nodes' status
     * @param hostKeys forgets the learnt host key of a node whose configuration is removed
     * @param ownership fences the nodes this instance connects
     */
    MountedConnectors(final DataStore config, final TopologySupport support, final HostKeys hostKeys,
            final DeviceOwnership ownership, final Factory factory) {
        this.config = config;
        this.support = support;
        this.hostKeys = hostKeys;
        this.ownership = ownership;
        this.factory = factory;
    }

    @Nullable NodeConnector get(final String nodeId) {
        return connectors.get(nodeId);
    }

    /** The connectors now, a live view. */
    Collection<NodeConnector> all() {
        return Collections.unmodifiableCollection(connectors.values());
    }

    Set<String> ids() {
        return Set.copyOf(connectors.keySet());
    }

    int size() {
        return connectors.size();
    }

    /** A change of topology-netconf's configuration. */
    void onConfigChange(final DataTreeCandidate candidate) {
        NodeChanges.dispatch(candidate, this::apply, this::resync);
    }

    /**
     * Mount the configured nodes, read under the lock that applies configuration changes: read
     * before it, a mount the listener applied meanwhile would be taken back as missing.
     */
    synchronized void mountConfigured() {
        resync(config.snapshot().read(TopologyModel.NETCONF_TOPOLOGY).orElse(null));
    }

    /**
     * A node this instance owns now: connect it if it is mounted, read under the lock that applies
     * configuration changes (read before it, a mount applied meanwhile was taken back as missing).
     */
    synchronized void connectGained(final String nodeId) {
        config.snapshot().read(TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId))
            .ifPresent(node -> apply(nodeId, (MapEntryNode) node));
    }

    /** A node another instance owns now: close its session. */
    synchronized void closeLost(final String nodeId) {
        final NodeConnector connector = connectors.get(nodeId);
        if (connector != null) {
            LOG.info("Node {} is owned by another controller instance now; closing its session", nodeId);
            unmount(connector);
        }
    }

    /**
     * Mounts nothing from now on and unmounts every node.
     *
     * @return completes once every session is closed; {@code null} if closed before
     */
    synchronized @Nullable CompletableFuture<Void> close() {
        if (closed) {
            return null;
        }
        closed = true;
        final List<CompletableFuture<Void>> sessions = new ArrayList<>();
        for (NodeConnector connector : List.copyOf(connectors.values())) {
            sessions.add(unmount(connector));
        }
        return CompletableFuture.allOf(sessions.toArray(CompletableFuture[]::new));
    }

    /** Make the mounted nodes match {@code topology} (the topology-netconf list entry, or nothing). */
    private synchronized void resync(final @Nullable NormalizedNode topology) {
        final Map<String, MapEntryNode> wanted = new HashMap<>();
        if (topology instanceof MapEntryNode entry && entry.childByArg(NODE_LIST) instanceof MapNode nodes) {
            nodes.body().forEach(node -> wanted.put(TopologyModel.nodeId(node), node));
        }
        for (String nodeId : List.copyOf(connectors.keySet())) {
            if (!wanted.containsKey(nodeId)) {
                apply(nodeId, null);
            }
        }
        wanted.forEach(this::apply);
    }

    /** Mount, remount or unmount one node to match its configuration. */
    private synchronized void apply(final String nodeId, final @Nullable MapEntryNode node) {
        if (closed) {
            return;
        }
        final NodeConnector existing = connectors.get(nodeId);
        if (node == null) {
            if (existing != null) {
                unmount(existing);
                // removed, not stopped: a node mounted again under this id learns its key anew
                hostKeys.forget(TopologyModel.TOPOLOGY_NETCONF, nodeId);
            }
            return;
        }
        final NodeSettings settings;
        try {
            settings = TopologyModel.settings(node);
        } catch (TopologyModel.InvalidNodeException e) {
            // The validator keeps such nodes out; one stored before it ran is reported, not mounted.
            LOG.warn("Not mounting node {}: {}", nodeId, e.getMessage());
            if (existing != null) {
                unmount(existing);
            }
            support.writeInvalid(nodeId, e.getMessage());
            return;
        }
        if (existing != null) {
            if (existing.settings().equals(settings)) {
                return;
            }
            LOG.info("Node {} changed; remounting", nodeId);
            unmount(existing);
        }
        final Optional<BooleanSupplier> fence = ownership.fence(TopologyModel.TOPOLOGY_NETCONF, nodeId);
        if (fence.isEmpty()) {
            // another controller instance owns it, or none yet: this one connects it once it claims it
            ownership.claimSoon();
            return;
        }
        final NodeConnector connector = factory.connector(nodeId, settings, fence.get());
        connectors.put(nodeId, connector);
        connector.start();
    }

    private CompletableFuture<Void> unmount(final NodeConnector connector) {
        connectors.remove(connector.nodeId(), connector);
        final CompletableFuture<Void> gone = connector.closeAsync();
        support.removeStatus(connector.nodeId());
        LOG.info("Node {} unmounted", connector.nodeId());
        return gone;
    }
}
