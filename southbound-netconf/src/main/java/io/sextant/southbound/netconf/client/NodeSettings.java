package io.sextant.southbound.netconf.client;

import io.sextant.security.hostkeys.HostKeyPolicy;
import java.time.Duration;
import org.eclipse.jdt.annotation.Nullable;

/**
 * How to reach and watch one device: the connection leaves of a topology-netconf node.
 *
 * @param host device address
 * @param port device port
 * @param tcpOnly plain TCP instead of SSH
 * @param credentials user name and password for SSH; null when none is given (allowed over plain TCP)
 * @param keepaliveDelay idle time before a keepalive request; zero disables keepalives
 * @param connectionTimeout time allowed from connecting until the NETCONF hello exchange is done
 * @param requestTimeout time allowed for each request
 * @param maxConnectionAttempts failed attempts before giving up; 0 for unlimited
 * @param betweenAttempts delay before the first reconnection
 * @param sleepFactor multiplier of the delay after each failed attempt
 * @param maxBetweenAttempts cap of the delay
 * @param hostKeys how the device's SSH host key is checked
 */
public record NodeSettings(String host, int port, boolean tcpOnly, @Nullable Credentials credentials,
        Duration keepaliveDelay, Duration connectionTimeout, Duration requestTimeout, long maxConnectionAttempts,
        Duration betweenAttempts, double sleepFactor, Duration maxBetweenAttempts, HostKeyPolicy hostKeys) {

    /** SSH login with user name and password. */
    public record Credentials(String username, String password) {
        @Override
        public String toString() {
            return "Credentials[" + username + ", ***]";
        }
    }

    /** The defaults of netconf-node-topology (trust on first use) for everything but the address and login. */
    public static NodeSettings of(final String host, final int port, final boolean tcpOnly,
            final @Nullable Credentials credentials) {
        return new NodeSettings(host, port, tcpOnly, credentials, Duration.ofSeconds(120), Duration.ofSeconds(20),
            Duration.ofSeconds(60), 0, Duration.ofMillis(2000), 1.5, Duration.ofSeconds(60),
            HostKeyPolicy.TRUST_ON_FIRST_USE);
    }

    public NodeSettings withKeepaliveDelay(final Duration delay) {
        return new NodeSettings(host, port, tcpOnly, credentials, delay, connectionTimeout, requestTimeout,
            maxConnectionAttempts, betweenAttempts, sleepFactor, maxBetweenAttempts, hostKeys);
    }

    public NodeSettings withConnectionTimeout(final Duration timeout) {
        return new NodeSettings(host, port, tcpOnly, credentials, keepaliveDelay, timeout, requestTimeout,
            maxConnectionAttempts, betweenAttempts, sleepFactor, maxBetweenAttempts, hostKeys);
    }

    public NodeSettings withRequestTimeout(final Duration timeout) {
        return new NodeSettings(host, port, tcpOnly, credentials, keepaliveDelay, connectionTimeout, timeout,
            maxConnectionAttempts, betweenAttempts, sleepFactor, maxBetweenAttempts, hostKeys);
    }

    public NodeSettings withReconnect(final long maxAttempts, final Duration between, final double factor,
            final Duration maxBetween) {
        return new NodeSettings(host, port, tcpOnly, credentials, keepaliveDelay, connectionTimeout, requestTimeout,
            maxAttempts, between, factor, maxBetween, hostKeys);
    }

    public NodeSettings withHostKeys(final HostKeyPolicy policy) {
        return new NodeSettings(host, port, tcpOnly, credentials, keepaliveDelay, connectionTimeout, requestTimeout,
            maxConnectionAttempts, betweenAttempts, sleepFactor, maxBetweenAttempts, policy);
    }

    /** The delay before attempt {@code failed + 1}, without jitter. */
    public Duration backoff(final int failed) {
        final double millis = betweenAttempts.toMillis() * Math.pow(Math.max(1.0, sleepFactor), Math.max(0, failed - 1));
        return Duration.ofMillis((long) Math.min(millis, Math.max(maxBetweenAttempts.toMillis(),
            betweenAttempts.toMillis())));
    }
}
