package io.sextant.southbound.cli.topology;

import io.sextant.datastore.Failures;
import io.sextant.spi.DeviceSecrets;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.southbound.cli.CliConnector;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One mounted node: connects, reconnects with growing delays after failures and lost sessions
 * (bounded by {@code max-connection-attempts}, 0 = unlimited) and reports every state change.
 * All state changes run on the topology's single thread.
 */
final class CliNodeConnector {
    private static final Logger LOG = LoggerFactory.getLogger(CliNodeConnector.class);

    /** Where a mount reports to. */
    interface Observer {
        void connecting(CliNodeConnector mount, long attempt, String lastError);

        /** Whether this controller instance may open the node's session now (it holds the node's lease). */
        boolean mayConnect(CliNodeConnector mount);

        void connected(CliNodeConnector mount, CliConnection device);

        void lost(CliNodeConnector mount);

        void unableToConnect(CliNodeConnector mount, String lastError);
    }

    private final CliNodeConfig config;
    private final CliDeviceType deviceType;
    private final CliConnector connector;
    private final DeviceSecrets secrets;
    private final HostKeyVerifier hostKeys;
    private final ScheduledExecutorService executor;
    private final Observer observer;

    private @Nullable CliSession session;
    private @Nullable ScheduledFuture<?> retry;
    private long failedAttempts;
    private boolean connecting;
    private boolean retryAtOnce;
    private boolean closed;

    CliNodeConnector(final CliNodeConfig config, final CliDeviceType deviceType, final CliConnector connector,
            final DeviceSecrets secrets, final HostKeyVerifier hostKeys, final ScheduledExecutorService executor,
            final Observer observer) {
        this.config = config;
        this.deviceType = deviceType;
        this.connector = connector;
        this.secrets = secrets;
        this.hostKeys = hostKeys;
        this.executor = executor;
        this.observer = observer;
    }

    CliNodeConfig config() {
        return config;
    }

    CliDeviceType deviceType() {
        return deviceType;
    }

    /** Start connecting; on the topology thread. */
    void start() {
        attempt("");
    }

    /** Stop connecting and close the session; on the topology thread. */
    void close() {
        closed = true;
        final ScheduledFuture<?> pending = retry;
        if (pending != null) {
            pending.cancel(false);
        }
        final CliSession open = session;
        if (open != null) {
            open.close();
            session = null;
        }
    }

    /**
     * Attempt a connection now unless connected or connecting (an operator accepted the device's
     * host key); on the topology thread.
     */
    void connectNow() {
        if (closed || session != null) {
            return;
        }
        if (connecting) {
            // the attempt under way may already be past its key exchange: if it fails, retry at once
            retryAtOnce = true;
            return;
        }
        final ScheduledFuture<?> pending = retry;
        if (pending != null) {
            pending.cancel(false);
            retry = null;
        }
        failedAttempts = 0;
        attempt("");
    }

    private void attempt(final String lastError) {
        if (closed) {
            return;
        }
        connecting = true;
        retry = null;
        observer.connecting(this, failedAttempts + 1, lastError);
        final CliSessionParameters parameters;
        try {
            parameters = config.sessionParameters(deviceType.dialect(), secrets,
                hostKeys.check(config.nodeId(), config.hostKeys()));
        } catch (DeviceSecrets.Unavailable e) {
            // no attempt can succeed until the password is given again
            connecting = false;
            observer.unableToConnect(this, Objects.requireNonNullElse(e.getMessage(), "The password cannot be opened"));
            return;
        }
        if (!observer.mayConnect(this)) {
            connecting = false;
            failed("Another controller instance owns this node");
            return;
        }
        connector.connect(parameters).whenComplete((opened, error) ->
            executor.execute(() -> {
                connecting = false;
                if (error != null) {
                    failed(messageOf(error));
                } else if (closed) {
                    opened.close();
                } else {
                    established(opened);
                }
            }));
    }

    private void established(final CliSession opened) {
        session = opened;
        failedAttempts = 0;
        observer.connected(this, new CliConnection(config, deviceType, opened));
        opened.closeFuture().whenComplete((ignored, error) -> executor.execute(() -> {
            if (closed || session != opened) {
                return;
            }
            session = null;
            observer.lost(this);
            LOG.info("CLI session of {} lost: {}", config.nodeId(), error == null ? "closed" : messageOf(error));
            attempt(error == null ? "Session closed" : messageOf(error));
        }));
    }

    private void failed(final String error) {
        failedAttempts++;
        if (!config.mayRetry(failedAttempts)) {
            observer.unableToConnect(this, error);
            return;
        }
        final Duration delay = retryAtOnce ? Duration.ZERO : config.delayBefore(failedAttempts);
        retryAtOnce = false;
        LOG.debug("Connecting {} failed ({}), attempt {} in {}", config.nodeId(), error, failedAttempts + 1, delay);
        retry = executor.schedule(() -> attempt(error), delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static String messageOf(final Throwable error) {
        return String.valueOf(Failures.unwrap(error).getMessage());
    }
}
