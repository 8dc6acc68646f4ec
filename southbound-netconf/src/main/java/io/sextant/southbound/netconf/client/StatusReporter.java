package io.sextant.southbound.netconf.client;

import com.google.common.collect.Interner;
import com.google.common.collect.Interners;
import io.sextant.southbound.netconf.ConnectionStatus;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.schema.DeviceSchema;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@link NodeStatus} of one node: the latest one, readable at any time, and each new one
 * told to the owner ({@link NodeConnector.Events#statusChanged}) as it is reported. The
 * connector reports one change at a time.
 */
final class StatusReporter {
    private static final Interner<Set<String>> AVAILABLE = Interners.newWeakInterner();

    private final String nodeId;
    private final NodeConnector.Events events;
    private volatile NodeStatus status;

    StatusReporter(final String nodeId, final NodeConnector.Events events) {
        this.nodeId = nodeId;
        this.events = events;
        this.status = NodeStatus.connecting(nodeId, null, 0);
    }

    NodeStatus current() {
        return status;
    }

    /** Connecting for the first time. */
    void connecting() {
        publish(NodeStatus.connecting(nodeId, null, 0));
    }

    /** Connecting again after {@code failed} failed attempts, the last one (or the session) for {@code reason}. */
    void connecting(final String reason, final int failed) {
        publish(NodeStatus.connecting(nodeId, reason, failed));
    }

    /** Connected: the device's capabilities and modules, and what could not be resolved. */
    void connected(final DeviceCapabilities capabilities, final DeviceSchema schema, final long sessionId) {
        final Set<String> available = new LinkedHashSet<>(capabilities.protocolCapabilities());
        available.addAll(schema.resolvedModules());
        // identical devices share one set
        publish(new NodeStatus(nodeId, ConnectionStatus.CONNECTED, null,
            AVAILABLE.intern(Set.copyOf(available)),
            schema.unavailable(), schema.id(), sessionId, 0, Instant.now()));
    }

    /** No more attempts: the last one failed for {@code reason}. */
    void gaveUp(final String reason, final int failed) {
        publish(new NodeStatus(nodeId, ConnectionStatus.UNABLE_TO_CONNECT, reason, Set.of(), List.of(), null,
            null, failed, Instant.now()));
    }

    private void publish(final NodeStatus newStatus) {
        status = newStatus;
        events.statusChanged(newStatus);
    }
}
