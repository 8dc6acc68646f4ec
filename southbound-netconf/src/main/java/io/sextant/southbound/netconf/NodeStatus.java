package io.sextant.southbound.netconf;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The connection state of one mounted NETCONF node, as written to the operational datastore.
 *
 * @param nodeId node id under topology-netconf
 * @param status connecting, connected or unable-to-connect
 * @param connectedMessage the last connection error (also kept while reconnecting), or null
 * @param availableCapabilities capabilities the mount point serves (protocol capabilities and resolved modules)
 * @param unavailableCapabilities advertised modules that could not be resolved, with the reason
 * @param schemaContextId identifier of the shared schema context serving the node, when connected (else null)
 * @param sessionId the NETCONF session id, when connected (else null)
 * @param failedAttempts connection attempts that failed since the last successful connection
 * @param since when the node entered this status
 */
public record NodeStatus(String nodeId, ConnectionStatus status, @Nullable String connectedMessage,
        Set<String> availableCapabilities, List<UnavailableCapability> unavailableCapabilities,
        @Nullable String schemaContextId, @Nullable Long sessionId, int failedAttempts, Instant since) {

    public NodeStatus {
        availableCapabilities = Set.copyOf(availableCapabilities);
        unavailableCapabilities = List.copyOf(unavailableCapabilities);
    }

    public static NodeStatus connecting(final String nodeId, final @Nullable String lastError, final int failed) {
        return new NodeStatus(nodeId, ConnectionStatus.CONNECTING, lastError, Set.of(), List.of(), null, null, failed,
            Instant.now());
    }

    public boolean isConnected() {
        return status == ConnectionStatus.CONNECTED;
    }

    /** The status and, when there is one, the last error: {@code connecting: Connection refused}. */
    public String describe() {
        return connectedMessage == null ? status.yangName() : status.yangName() + ": " + connectedMessage;
    }
}
