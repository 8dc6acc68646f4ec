package io.sextant.southbound.cli.topology;

import static io.sextant.southbound.cli.topology.CliTopologyModel.BETWEEN_ATTEMPTS_TIMEOUT_MILLIS;
import static io.sextant.southbound.cli.topology.CliTopologyModel.COMMAND_TIMEOUT_MILLIS;
import static io.sextant.southbound.cli.topology.CliTopologyModel.DEVICE_TYPE;
import static io.sextant.southbound.cli.topology.CliTopologyModel.DEVICE_VERSION;
import static io.sextant.southbound.cli.topology.CliTopologyModel.HOST;
import static io.sextant.southbound.cli.topology.CliTopologyModel.KEEPALIVE_DELAY;
import static io.sextant.southbound.cli.topology.CliTopologyModel.MAX_CONNECTION_ATTEMPTS;
import static io.sextant.southbound.cli.topology.CliTopologyModel.PASSWORD;
import static io.sextant.southbound.cli.topology.CliTopologyModel.PORT;
import static io.sextant.southbound.cli.topology.CliTopologyModel.TRANSPORT;
import static io.sextant.southbound.cli.topology.CliTopologyModel.USERNAME;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DeviceSecrets;
import io.sextant.model.ControllerSchema;
import io.sextant.security.hostkeys.HostKeyCheck;
import io.sextant.security.hostkeys.HostKeyLeaves;
import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliTransportType;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;

/**
 * A mount request of {@code topology=topology-cli}, with cli-topology's defaults applied.
 *
 * @param nodeId the node's id
 * @param host device address
 * @param port device port
 * @param transport ssh or telnet
 * @param deviceType selects the translation unit, for example {@code frr}
 * @param deviceVersion matched against the unit's version pattern, for example {@code 8.4}
 * @param username login user
 * @param password login password as stored (sealed), opened only by {@link #sessionParameters}
 * @param keepaliveDelay idle time before an empty line checks the device (0 = off)
 * @param commandTimeout per command
 * @param maxConnectionAttempts 0 means unlimited
 * @param betweenAttempts the first reconnect delay; later ones grow by {@link #SLEEP_FACTOR}
 * @param hostKeys how the device's SSH host key is checked
 */
public record CliNodeConfig(String nodeId, String host, int port, CliTransportType transport, String deviceType,
        String deviceVersion, String username, String password, Duration keepaliveDelay, Duration commandTimeout,
        long maxConnectionAttempts, Duration betweenAttempts, HostKeyPolicy hostKeys) {
    /** Growth of the delay between connection attempts, as NETCONF's default sleep-factor. */
    public static final double SLEEP_FACTOR = 1.5;
    /** Upper bound of the delay between connection attempts. */
    public static final Duration MAX_BETWEEN_ATTEMPTS = Duration.ofSeconds(60);

    /**
     * Read and check a node's mount parameters.
     *
     * @throws OperationErrorsException with the failing leaf's path when a required leaf is
     *     missing or a value is unusable
     */
    public static CliNodeConfig of(final String nodeId, final DataContainerNode node)
            throws OperationErrorsException {
        final String host = required(nodeId, node, HOST).toString();
        final int port = ((Number) required(nodeId, node, PORT)).intValue();
        final CliTransportType transport = CliTransportType.ofYangName(
            leaf(node, TRANSPORT).map(Object::toString).orElse("ssh"));
        final String deviceType = required(nodeId, node, DEVICE_TYPE).toString();
        final String deviceVersion = leaf(node, DEVICE_VERSION).map(Object::toString).orElse("");
        final String username = leaf(node, USERNAME).map(Object::toString).orElse("");
        final String password = leaf(node, PASSWORD).map(Object::toString).orElse("");
        if (transport == CliTransportType.SSH && username.isEmpty()) {
            throw invalid(nodeId, USERNAME, ErrorTag.MISSING_ELEMENT, "SSH needs a username");
        }
        if (port == 0) {
            throw invalid(nodeId, PORT, ErrorTag.INVALID_VALUE, "Port 0 cannot be connected to");
        }
        final long commandTimeout = number(node, COMMAND_TIMEOUT_MILLIS, 30000);
        if (commandTimeout == 0) {
            throw invalid(nodeId, COMMAND_TIMEOUT_MILLIS, ErrorTag.INVALID_VALUE, "Command timeout must be positive");
        }
        return new CliNodeConfig(nodeId, host, port, transport, deviceType, deviceVersion, username, password,
            Duration.ofSeconds(number(node, KEEPALIVE_DELAY, 60)), Duration.ofMillis(commandTimeout),
            number(node, MAX_CONNECTION_ATTEMPTS, 0),
            Duration.ofMillis(number(node, BETWEEN_ATTEMPTS_TIMEOUT_MILLIS, 2000)), hostKeyPolicy(nodeId, node));
    }

    private static HostKeyPolicy hostKeyPolicy(final String nodeId, final DataContainerNode node)
            throws OperationErrorsException {
        try {
            return HostKeyLeaves.policy(node, ControllerSchema.CLI_TOPOLOGY);
        } catch (HostKeyLeaves.InvalidHostKeyException e) {
            throw invalid(nodeId, e.leaf(), ErrorTag.INVALID_VALUE,
                Objects.requireNonNullElse(e.getMessage(), "Invalid host-key settings"));
        }
    }

    /**
     * Session parameters for this node with the device type's dialect and the node's host-key
     * check, with the password opened by {@code secrets}: for the connection attempt only.
     *
     * @throws DeviceSecrets.Unavailable when the stored password cannot be opened
     */
    public CliSessionParameters sessionParameters(final CliDialect dialect, final DeviceSecrets secrets,
            final HostKeyCheck hostKeyCheck) throws DeviceSecrets.Unavailable {
        return new CliSessionParameters(host, port, transport, username, secrets.open(password), commandTimeout,
            keepaliveDelay, dialect, hostKeyCheck);
    }

    /** Delay before connection attempt {@code attempt} (1 = the first retry). */
    public Duration delayBefore(final long attempt) {
        final double millis = betweenAttempts.toMillis() * Math.pow(SLEEP_FACTOR, Math.max(0, attempt - 1));
        return Duration.ofMillis((long) Math.min(millis, MAX_BETWEEN_ATTEMPTS.toMillis()));
    }

    /** Whether another attempt is allowed after {@code attempts} failed ones. */
    public boolean mayRetry(final long attempts) {
        return maxConnectionAttempts == 0 || attempts < maxConnectionAttempts;
    }

    @Override
    public String toString() {
        return "CliNodeConfig[" + nodeId + " " + transport.yangName() + "://" + username + "@" + host + ":" + port
            + " " + deviceType + " " + deviceVersion + "]";
    }

    private static Object required(final String nodeId, final DataContainerNode node, final QName leaf)
            throws OperationErrorsException {
        return leaf(node, leaf).orElseThrow(() -> invalid(nodeId, leaf, ErrorTag.MISSING_ELEMENT,
            "Mounting a CLI device needs " + leaf.getLocalName()));
    }

    private static long number(final DataContainerNode node, final QName leaf, final long defaultValue) {
        return leaf(node, leaf).map(value -> ((Number) value).longValue()).orElse(defaultValue);
    }

    private static Optional<Object> leaf(final DataContainerNode node, final QName leaf) {
        return Optional.ofNullable(node.childByArg(new NodeIdentifier(leaf)))
            .filter(LeafNode.class::isInstance)
            .map(child -> ((LeafNode<?>) child).body());
    }

    static OperationErrorsException invalid(final String nodeId, final QName leaf, final ErrorTag tag,
            final String message) {
        return OperationErrorsException.of(ErrorType.APPLICATION, tag, message,
            CliTopologyModel.nodePath(nodeId).node(new NodeIdentifier(leaf)));
    }
}
