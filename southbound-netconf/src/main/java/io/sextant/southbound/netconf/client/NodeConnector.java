package io.sextant.southbound.netconf.client;

import static io.sextant.southbound.netconf.client.SessionFailures.isTransportFailure;
import static io.sextant.southbound.netconf.client.SessionFailures.rootMessage;

import com.google.common.collect.Interner;
import com.google.common.collect.Interners;
import io.sextant.spi.DeviceSecrets;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.schema.DeviceSchema;
import io.sextant.southbound.netconf.schema.SchemaContextCache;
import io.sextant.southbound.netconf.schema.SchemaFetcher;
import io.sextant.southbound.netconf.xml.BaseOperations;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one mounted device connected: connects, resolves the schema (shared through the
 * {@link SchemaContextCache}), keeps the session alive, and reconnects with exponential backoff
 * and jitter until the allowed attempts are used up. Every outcome becomes a {@link NodeStatus}.
 *
 * <p>Each connection attempt has a generation number; callbacks of older attempts are ignored,
 * so late events of an abandoned attempt cannot disturb the current one. Nothing here blocks:
 * all waiting is done by scheduled tasks and future callbacks.
 */
public final class NodeConnector implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NodeConnector.class);
    private static final Interner<DeviceCapabilities> CAPABILITIES = Interners.newWeakInterner();
    /** Slack on top of connection-timeout-millis: OpenDaylight's own hello timeout fires first for TCP. */
    private static final Duration DEADLINE_SLACK = Duration.ofSeconds(1);

    /** What the connector tells its owner. Calls for one node come one at a time. */
    public interface Events {
        void statusChanged(NodeStatus status);

        void connected(DefaultDeviceSession session);

        void disconnected(String nodeId, boolean removed);

        /**
         * Whether this controller instance may act on the node's device now: it holds the node's
         * lease in the term this connector was made for (the fencing rule). Asked before a session
         * is opened and before every operation that changes the device.
         */
        boolean mayAct();
    }

    /** QUEUED: waiting for a set-up permit ({@link SetupGate}); ATTEMPTING and RESOLVING hold one. */
    private enum State { QUEUED, ATTEMPTING, RESOLVING, CONNECTED, WAITING, GAVE_UP, CLOSED }

    private final String nodeId;
    private final NodeSettings settings;
    private final ClientStack stack;
    private final SchemaContextCache schemas;
    private final DeviceSecrets secrets;
    private final HostKeyVerifier hostKeys;
    private final Events events;
    private final StatusReporter status;

    private State state = State.WAITING;
    private int generation;
    private int failed;
    private @Nullable ConnectionAttempt attempt;
    private @Nullable ScheduledFuture<?> timer;
    private @Nullable String heldSchema;
    private boolean holdsSetup;
    private boolean retryAtOnce;
    private volatile @Nullable DefaultDeviceSession session;

    /**
     * @param secrets opens the stored password at each connection attempt (it is kept sealed in
     *     {@code settings})
     * @param hostKeys checks the device's SSH host key against {@link NodeSettings#hostKeys()}
     */
    public NodeConnector(final String nodeId, final NodeSettings settings, final ClientStack stack,
            final SchemaContextCache schemas, final DeviceSecrets secrets, final HostKeyVerifier hostKeys,
            final Events events) {
        this.nodeId = nodeId;
        this.settings = settings;
        this.stack = stack;
        this.schemas = schemas;
        this.secrets = secrets;
        this.hostKeys = hostKeys;
        this.events = events;
        this.status = new StatusReporter(nodeId, events);
    }

    public String nodeId() {
        return nodeId;
    }

    public NodeSettings settings() {
        return settings;
    }

    public NodeStatus status() {
        return status.current();
    }

    public Optional<DefaultDeviceSession> session() {
        return Optional.ofNullable(session);
    }

    /** Start connecting. */
    public synchronized void start() {
        if (state == State.WAITING && generation == 0) {
            status.connecting();
            attempt();
        }
    }

    /**
     * Attempt a connection now when the node waits for its next attempt or gave up (an operator
     * accepted its host key); nothing otherwise.
     */
    public synchronized void connectNow() {
        if (state == State.WAITING || state == State.GAVE_UP) {
            if (state == State.GAVE_UP) {
                failed = 0;
            }
            cancelTimer();
            attempt();
        } else if (state != State.CONNECTED && state != State.CLOSED) {
            // the attempt under way may already be past its key exchange: if it fails, retry at once
            retryAtOnce = true;
        }
    }

    private synchronized void attempt() {
        if (state == State.CLOSED) {
            return;
        }
        final int gen = ++generation;
        state = State.QUEUED;
        stack.setups().enter(() -> begin(gen));
    }

    /** This attempt's turn has come: it holds a set-up permit until it is connected or has failed. */
    private synchronized void begin(final int gen) {
        if (gen != generation || state != State.QUEUED) {
            // Unmounted (or superseded) while waiting: pass the permit on.
            stack.setups().leave();
            return;
        }
        if (!events.mayAct()) {
            // owned elsewhere now: no session; the topology closes this connector when told
            stack.setups().leave();
            state = State.WAITING;
            timer = stack.scheduler().schedule(this::attempt, jitter(settings.backoff(1)).toMillis(),
                TimeUnit.MILLISECONDS);
            return;
        }
        holdsSetup = true;
        state = State.ATTEMPTING;
        timer = stack.scheduler().schedule(() -> attemptFailed(gen, "No NETCONF session within "
            + settings.connectionTimeout().toMillis() + " ms (the device did not complete the handshake)"),
            settings.connectionTimeout().plus(DEADLINE_SLACK).toMillis(), TimeUnit.MILLISECONDS);
        attempt = new ConnectionAttempt(nodeId, settings, stack, hostKeys, new ConnectionAttempt.Listener() {
            @Override
            public void up(final ConnectionAttempt upAttempt, final NetconfClientSession up) {
                sessionUp(gen, upAttempt.channel(), up);
            }

            @Override
            public void closed(final String reason) {
                sessionClosed(gen, reason);
            }

            @Override
            public void failed(final String reason, final boolean retry) {
                attemptFailed(gen, reason, retry);
            }
        });
        attempt.connect(secrets);
    }

    private void sessionUp(final int gen, final RpcChannel upChannel, final NetconfClientSession up) {
        // Identical devices share one capabilities object (thousands of CPEs, one copy).
        final DeviceCapabilities capabilities = CAPABILITIES.intern(new DeviceCapabilities(
            Set.copyOf(up.getServerCapabilities())));
        final long sessionId = up.sessionId().getValue().toJava();
        synchronized (this) {
            if (gen != generation || state != State.ATTEMPTING) {
                upChannel.shutdown("superseded");
                return;
            }
            cancelTimer();
            state = State.RESOLVING;
        }
        final SchemaFetcher fetcher = capabilities.hasMonitoring()
            ? new GetSchemaFetcher(nodeId, upChannel, settings.requestTimeout()) : SchemaFetcher.NONE;
        schemas.acquire(capabilities, fetcher).whenComplete((schema, failure) -> {
            if (failure != null) {
                attemptFailed(gen, "Schema resolution failed: " + rootMessage(failure));
            } else {
                schemaReady(gen, upChannel, capabilities, sessionId, schema);
            }
        });
    }

    private void schemaReady(final int gen, final RpcChannel readyChannel, final DeviceCapabilities capabilities,
            final long sessionId, final DeviceSchema schema) {
        final DefaultDeviceSession ready;
        synchronized (this) {
            if (gen != generation || state != State.RESOLVING) {
                schemas.release(schema.id());
                return;
            }
            if (heldSchema != null) {
                schemas.release(heldSchema);
            }
            heldSchema = schema.id();
            readyChannel.setCodec(schema.codec());
            ready = new DefaultDeviceSession(nodeId, sessionId, capabilities, schema, readyChannel,
                settings.requestTimeout(), events::mayAct);
            session = ready;
            failed = 0;
            state = State.CONNECTED;
            releaseSetup();
            status.connected(capabilities, schema, sessionId);
            scheduleKeepalive(gen, settings.keepaliveDelay());
        }
        LOG.info("Node {} connected (session {}, schema {})", nodeId, sessionId, schema.id());
        events.connected(ready);
    }

    private void sessionClosed(final int gen, final String reason) {
        final boolean wasConnected;
        synchronized (this) {
            if (gen != generation) {
                return;
            }
            if (state == State.ATTEMPTING || state == State.RESOLVING) {
                // Handled as a failed attempt below, outside the lock.
                wasConnected = false;
            } else if (state == State.CONNECTED) {
                wasConnected = true;
                cancelTimer();
                session = null;
                state = State.WAITING;
                final String message = "Session went down: " + reason;
                status.connecting(message, 0);
                LOG.info("Node {}: {}; reconnecting", nodeId, message);
                timer = stack.scheduler().schedule(this::attempt, jitter(settings.backoff(1)).toMillis(),
                    TimeUnit.MILLISECONDS);
            } else {
                return;
            }
        }
        if (wasConnected) {
            events.disconnected(nodeId, false);
        } else {
            attemptFailed(gen, reason);
        }
    }

    private void attemptFailed(final int gen, final String reason) {
        attemptFailed(gen, reason, true);
    }

    /** @param retry whether another attempt can succeed (within max-connection-attempts) */
    private void attemptFailed(final int gen, final String reason, final boolean retry) {
        final ConnectionAttempt failedAttempt;
        synchronized (this) {
            if (gen != generation || state != State.ATTEMPTING && state != State.RESOLVING) {
                return;
            }
            cancelTimer();
            releaseSetup();
            failedAttempt = attempt;
            failed++;
            if (!retry || settings.maxConnectionAttempts() > 0 && failed >= settings.maxConnectionAttempts()) {
                state = State.GAVE_UP;
                status.gaveUp(reason, failed);
                LOG.info("Node {}: giving up after {} attempts: {}", nodeId, failed, reason);
            } else {
                state = State.WAITING;
                final Duration delay = retryAtOnce ? Duration.ZERO : jitter(settings.backoff(failed));
                retryAtOnce = false;
                status.connecting(reason, failed);
                LOG.info("Node {}: attempt {} failed ({}); next in {} ms", nodeId, failed, reason, delay.toMillis());
                timer = stack.scheduler().schedule(this::attempt, delay.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        // begin() made it before the state became ATTEMPTING
        if (failedAttempt != null) {
            failedAttempt.abandon(reason);
        }
    }

    private void scheduleKeepalive(final int gen, final Duration after) {
        if (settings.keepaliveDelay().isZero() || settings.keepaliveDelay().isNegative()) {
            return;
        }
        timer = stack.scheduler().schedule(() -> keepalive(gen), after.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void keepalive(final int gen) {
        final RpcChannel current;
        synchronized (this) {
            final ConnectionAttempt connected = attempt;
            if (gen != generation || state != State.CONNECTED || connected == null) {
                return;
            }
            current = connected.channel();
            final Duration idle = Duration.ofNanos(System.nanoTime() - current.lastActivity());
            if (current.hasPending()) {
                // A request in flight (a long get-config, say) is its own liveness check, with its own timeout.
                scheduleKeepalive(gen, settings.keepaliveDelay());
                return;
            }
            if (idle.compareTo(settings.keepaliveDelay()) < 0) {
                scheduleKeepalive(gen, settings.keepaliveDelay().minus(idle));
                return;
            }
        }
        final Duration timeout = settings.requestTimeout().compareTo(settings.keepaliveDelay()) < 0
            ? settings.requestTimeout() : settings.keepaliveDelay();
        current.send(BaseOperations.keepalive(), timeout, "the keepalive").whenComplete((reply, failure) -> {
            if (failure != null && isTransportFailure(failure)) {
                LOG.info("Node {}: keepalive failed: {}", nodeId, rootMessage(failure));
                current.shutdown("keepalive failed: " + rootMessage(failure));
                return;
            }
            synchronized (this) {
                if (gen == generation && state == State.CONNECTED) {
                    scheduleKeepalive(gen, settings.keepaliveDelay());
                }
            }
        });
    }

    /** Unmount: stop everything, close the session politely. */
    @Override
    public void close() {
        closeAsync();
    }

    /**
     * Unmount without waiting.
     *
     * @return completes when the session is gone (at most a few seconds later)
     */
    public CompletableFuture<Void> closeAsync() {
        final ConnectionAttempt current;
        final boolean wasConnected;
        synchronized (this) {
            if (state == State.CLOSED) {
                return CompletableFuture.completedFuture(null);
            }
            wasConnected = state == State.CONNECTED;
            state = State.CLOSED;
            generation++;
            cancelTimer();
            releaseSetup();
            current = attempt;
            session = null;
            if (heldSchema != null) {
                schemas.release(heldSchema);
                heldSchema = null;
            }
        }
        if (current != null) {
            if (wasConnected) {
                current.close();
            } else {
                // an attempt in progress: its SSH session goes too
                current.abandon("unmounted");
            }
        }
        if (wasConnected) {
            events.disconnected(nodeId, true);
        }
        return current == null ? CompletableFuture.completedFuture(null)
            : current.closed().thenApply(reason -> (Void) null).completeOnTimeout(null, 5, TimeUnit.SECONDS);
    }

    /** Gives back this node's set-up permit, if it holds one. Called with this connector locked. */
    private void releaseSetup() {
        if (holdsSetup) {
            holdsSetup = false;
            stack.setups().leave();
        }
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /** Equal jitter: between half and all of the delay, so that many nodes do not retry in step. */
    private static Duration jitter(final Duration delay) {
        final long millis = delay.toMillis();
        return Duration.ofMillis(millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1));
    }
}
