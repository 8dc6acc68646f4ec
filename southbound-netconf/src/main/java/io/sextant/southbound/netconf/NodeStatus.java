package io.sextant.southbound.netconf;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The connection state of one mounted NETCONF node, as written to the operational datastore.
 *
 * @param nodeId node id under topology-netconf
 * @param status connecting, connected or unable-to-connect
 * @param connectedMessage the last connection error (also kept while reconnecting)
 * @param availableCapabilities capabilities the mount point serves (protocol capabilities and resolved modules)
 * @param unavailableCapabilities advertised modules that could not be resolved, with the reason
 * @param schemaContextId identifier of the shared schema context serving the node, when connected
 * @param sessionId the NETCONF session id, when connected
 * @param failedAttempts connection attempts that failed since the last successful connection
 * @param since when the node entered this status
 */
public record NodeStatus(String nodeId, ConnectionStatus status, Optional<String> connectedMessage,
        Set<String> availableCapabilities, List<UnavailableCapability> unavailableCapabilities,
        Optional<String> schemaContextId, Optional<Long> sessionId, int failedAttempts, Instant since) {

    public NodeStatus {
        availableCapabilities = Set.copyOf(availableCapabilities);
        unavailableCapabilities = List.copyOf(unavailableCapabilities);
    }

    public static NodeStatus connecting(final String nodeId, final Optional<String> lastError, final int failed) {
        return new NodeStatus(nodeId, ConnectionStatus.CONNECTING, lastError, Set.of(), List.of(), Optional.empty(),
            Optional.empty(), failed, Instant.now());
    }

    public boolean isConnected() {
        return status == ConnectionStatus.CONNECTED;
    }
}
