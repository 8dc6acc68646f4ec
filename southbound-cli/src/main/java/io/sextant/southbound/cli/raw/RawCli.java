package io.sextant.southbound.cli.raw;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.Failures;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditLog;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.southbound.cli.topology.CliConnection;
import io.sextant.southbound.cli.topology.CliConnections;
import io.sextant.southbound.cli.topology.CliTopologyModel;
import io.sextant.persistence.LeaseHolder;
import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationErrorsException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Raw CLI: commands typed at a connected CLI node's exec prompt on a user's behalf, each exchange
 * audited with the node and the commands (secrets after {@code password}/{@code secret} masked).
 * Commands that enter configuration mode or change the configuration, in the node's dialect, are
 * refused unless the caller allows them, so that the node's intent and its device do not drift
 * apart unnoticed. Who may run it is NACM's exec rule for the RPC, checked by the caller
 * (RESTCONF, console).
 */
@Component(service = RawCli.class)
public final class RawCli {
    static final String TOPOLOGY_NETCONF = "topology-netconf";
    private static final Pattern SECRET = Pattern.compile("(?i)\\b(password|secret)(\\s+\\d)?\\s+\\S+");

    private final CliConnections connections;
    private final DataStore config;
    private final DataStore operational;
    private final AuditLog audit;

    @Activate
    public RawCli(@Reference final CliConnections connections, @Reference final ControllerStores datastores,
            @Reference final AuditLog audit) {
        this(connections, datastores.config(), datastores.operational(), audit);
    }

    public RawCli(final CliConnections connections, final DataStore config, final DataStore operational,
            final AuditLog audit) {
        this.connections = connections;
        this.config = config;
        this.operational = operational;
        this.audit = audit;
    }

    /**
     * Send {@code steps} to node {@code nodeId} as {@code user}.
     *
     * @param rpc the RPC the caller stands for, as {@code module:name} (audit)
     * @param timeout how long each step may take; null for the node's command timeout
     * @return the device's answers; fails with an RFC 8040 error in the user's terms: the node is
     *     not mounted (data-missing), not a CLI node (invalid-value), not connected
     *     (resource-denied), a command is a configuration command not allowed (invalid-value,
     *     nothing sent), the device did not answer in time (operation-failed)
     */
    public CompletionStage<RawCliResult> run(final String user, final String rpc, final String nodeId,
            final List<CliStep> steps, final boolean allowConfigMode, final @Nullable Duration timeout) {
        final CompletionStage<RawCliResult> result = start(nodeId, steps, allowConfigMode, timeout);
        return result.whenComplete((done, error) -> {
            if (!heldElsewhere(error)) {
                audit.record(event(user, rpc, nodeId, steps, allowConfigMode, done, error));
            }
        });
    }

    /** Whether {@code error} says another instance connects the node (that one audits the request it is sent). */
    private static boolean heldElsewhere(final @Nullable Throwable error) {
        return error != null && Failures.unwrap(error) instanceof OperationErrorsException refused
            && HeldElsewhere.address(refused.errors()) != null;
    }

    private CompletionStage<RawCliResult> start(final String nodeId, final List<CliStep> steps,
            final boolean allowConfigMode, final @Nullable Duration timeout) {
        if (steps.isEmpty()) {
            return failed(ErrorTag.INVALID_VALUE, "No command to send to " + nodeId);
        }
        if (steps.get(steps.size() - 1).expect() != null) {
            return failed(ErrorTag.INVALID_VALUE, "The last command must end at the prompt of " + nodeId
                + " (it has no expect): the device must not be left waiting for an answer");
        }
        final Optional<CliConnection> found = connections.find(nodeId);
        if (found.isEmpty()) {
            final Optional<LeaseHolder> holder = connections.connectedElsewhere(nodeId);
            // the HTTP layer sends the request on to that instance, which runs and audits it
            return CompletableFuture.failedFuture(holder.isPresent() ? HeldElsewhere.of(List.of(nodeId),
                holder.orElseThrow().instanceId(), holder.orElseThrow().address()) : notConnected(nodeId));
        }
        final CliConnection connection = found.orElseThrow();
        if (!allowConfigMode) {
            for (CliStep step : steps) {
                if (connection.deviceType().dialect().changesConfiguration(step.line())) {
                    return failed(ErrorTag.INVALID_VALUE, "'" + step.line() + "' enters configuration mode or "
                        + "changes the configuration of " + nodeId + "; nothing was sent. Its intent and the "
                        + "device would differ unnoticed: set allow-config-mode to send it anyway, or change "
                        + "the node's intent and commit");
                }
            }
        }
        final String firstPrompt = connection.session().prompt();
        final Duration each = timeout != null ? timeout : connection.config().commandTimeout();
        final CompletionStage<List<CliStepOutput>> exchanged = connection.session().exchange(steps, each,
            allowConfigMode);
        if (allowConfigMode) {
            // sent (all or some): whoever follows the node's configuration checks it against the device
            exchanged.whenComplete((outputs, error) -> connections.configurationTouched(nodeId));
        }
        return exchanged
            .thenApply(outputs -> new RawCliResult(nodeId, firstPrompt, outputs, allowConfigMode))
            .exceptionallyCompose(error -> CompletableFuture.failedFuture(inNodeTerms(nodeId, error)));
    }

    private OperationErrorsException notConnected(final String nodeId) {
        if (config.snapshot().read(CliTopologyModel.nodePath(nodeId)).isEmpty()) {
            if (config.snapshot().read(nodePath(TOPOLOGY_NETCONF, nodeId)).isPresent()) {
                return error(ErrorTag.INVALID_VALUE, "Node " + nodeId + " is a NETCONF node (topology-netconf), "
                    + "not a CLI node: raw CLI commands go to nodes of topology-cli");
            }
            return error(ErrorTag.DATA_MISSING, "No CLI node " + nodeId + " is mounted in topology-cli");
        }
        final String status = leaf(CliTopologyModel.CONNECTION_STATUS, nodeId).orElse("connecting");
        final String message = leaf(CliTopologyModel.CONNECTED_MESSAGE, nodeId).map(m -> ": " + m).orElse("");
        return error(ErrorTag.RESOURCE_DENIED, "CLI node " + nodeId + " is not connected to this controller instance ("
            + status + message + ")");
    }

    private Optional<String> leaf(final QName name, final String nodeId) {
        return operational.snapshot().read(CliTopologyModel.nodePath(nodeId).node(new NodeIdentifier(name)))
            .map(NormalizedNode::body).map(String::valueOf).filter(value -> !value.isEmpty());
    }

    private static YangInstanceIdentifier nodePath(final String topology, final String nodeId) {
        return YangInstanceIdentifier.of(new NodeIdentifier(CliTopologyModel.NETWORK_TOPOLOGY),
            new NodeIdentifier(CliTopologyModel.TOPOLOGY), NodeIdentifierWithPredicates.of(CliTopologyModel.TOPOLOGY,
                CliTopologyModel.TOPOLOGY_ID_LEAF, topology), new NodeIdentifier(CliTopologyModel.NODE),
            NodeIdentifierWithPredicates.of(CliTopologyModel.NODE, CliTopologyModel.NODE_ID, nodeId));
    }

    /** The session's failure with the node named: a timeout or a lost session says what became of the session. */
    private static Throwable inNodeTerms(final String nodeId, final Throwable error) {
        final Throwable cause = Failures.unwrap(error);
        if (cause instanceof OperationErrorsException failure && failure.errors().size() == 1
                && failure.errors().get(0).type() == ErrorType.TRANSPORT) {
            return error(failure.errors().get(0).tag(), "CLI node " + nodeId + ": " + failure.getMessage()
                + "; its session was closed and reconnects");
        }
        if (cause instanceof OperationErrorsException failure && failure.errors().size() == 1) {
            return error(failure.errors().get(0).tag(), "CLI node " + nodeId + ": " + failure.getMessage());
        }
        return cause;
    }

    private static AuditEvent event(final String user, final String rpc, final String nodeId, final List<CliStep> steps,
            final boolean allowConfigMode, final @Nullable RawCliResult done, final @Nullable Throwable error) {
        final Throwable cause = error == null ? null : Failures.unwrap(error);
        final Outcome outcome = done != null && !done.rejected() ? Outcome.SUCCESS : Outcome.FAILURE;
        final String message = cause != null ? String.valueOf(cause.getMessage())
            : done != null && done.rejected() ? "The device rejected a command"
            : "Commands sent to " + nodeId + (allowConfigMode ? " (configuration mode allowed)" : "");
        return new AuditEvent(Instant.now(), AuditEvent.Type.RPC, user, null, null, outcome, List.of(), message,
            Map.of("rpc", rpc, "node", nodeId, "commands", steps.stream().map(step -> masked(step.line())).toList(),
                "allow-config-mode", allowConfigMode));
    }

    /** {@code line} with what follows {@code password} or {@code secret} masked. */
    static String masked(final String line) {
        return SECRET.matcher(line).replaceAll("$1$2 ****");
    }

    private static <T> CompletionStage<T> failed(final ErrorTag tag, final String message) {
        return CompletableFuture.failedFuture(error(tag, message));
    }

    private static OperationErrorsException error(final ErrorTag tag, final String message) {
        return OperationErrorsException.of(ErrorType.APPLICATION, tag, message);
    }
}
