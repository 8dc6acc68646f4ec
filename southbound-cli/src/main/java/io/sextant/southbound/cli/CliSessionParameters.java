package io.sextant.southbound.cli;

import io.sextant.security.hostkeys.HostKeyCheck;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything needed to open a {@link CliSession}.
 *
 * @param host device address
 * @param port device port
 * @param transport SSH or Telnet
 * @param username login user (Telnet: answered to a {@code Username:} prompt, when one comes)
 * @param password login password (also answered to the {@code Password:} prompt of {@code enable})
 * @param commandTimeout how long one command may take before the session gives up on the device
 * @param keepaliveDelay idle time after which an empty line checks that the device still answers;
 *     zero disables keepalive
 * @param dialect prompts, pager and error patterns of the device family
 * @param hostKeys SSH: checks the device's host key; a refused key fails the connection
 */
public record CliSessionParameters(String host, int port, CliTransportType transport, String username,
        String password, Duration commandTimeout, Duration keepaliveDelay, CliDialect dialect,
        HostKeyCheck hostKeys) {

    public CliSessionParameters {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(commandTimeout, "commandTimeout");
        Objects.requireNonNull(keepaliveDelay, "keepaliveDelay");
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(hostKeys, "hostKeys");
        if (port <= 0 || port > 65535) {
            throw new IllegalArgumentException("Port out of range: " + port);
        }
        if (commandTimeout.isZero() || commandTimeout.isNegative()) {
            throw new IllegalArgumentException("Command timeout must be positive: " + commandTimeout);
        }
        username = username == null ? "" : username;
        password = password == null ? "" : password;
    }

    /**
     * SSH with a 30 s command timeout, 60 s keepalive, the default dialect and any host key (a
     * mounted node's parameters come from {@code CliNodeConfig}, with its host-key check).
     */
    public static CliSessionParameters ssh(final String host, final int port, final String username,
            final String password) {
        return new CliSessionParameters(host, port, CliTransportType.SSH, username, password,
            Duration.ofSeconds(30), Duration.ofSeconds(60), CliDialect.defaults(), HostKeyCheck.ANY);
    }

    public CliSessionParameters withDialect(final CliDialect newDialect) {
        return new CliSessionParameters(host, port, transport, username, password, commandTimeout, keepaliveDelay,
            newDialect, hostKeys);
    }

    public CliSessionParameters withCommandTimeout(final Duration timeout) {
        return new CliSessionParameters(host, port, transport, username, password, timeout, keepaliveDelay, dialect,
            hostKeys);
    }

    public CliSessionParameters withKeepaliveDelay(final Duration delay) {
        return new CliSessionParameters(host, port, transport, username, password, commandTimeout, delay, dialect,
            hostKeys);
    }

    public CliSessionParameters withTransport(final CliTransportType newTransport) {
        return new CliSessionParameters(host, port, newTransport, username, password, commandTimeout,
            keepaliveDelay, dialect, hostKeys);
    }

    public CliSessionParameters withHostKeys(final HostKeyCheck check) {
        return new CliSessionParameters(host, port, transport, username, password, commandTimeout, keepaliveDelay,
            dialect, check);
    }

    /** Never print the password. */
    @Override
    public String toString() {
        return "CliSessionParameters[" + transport.yangName() + "://" + username + "@" + host + ":" + port
            + ", commandTimeout=" + commandTimeout + ", keepaliveDelay=" + keepaliveDelay + "]";
    }
}
