package io.sextant.southbound.netconf.client;

import com.google.common.collect.Interner;
import com.google.common.collect.Interners;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import io.sextant.datastore.Failures;
import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationErrorsException;
import io.sextant.datastore.service.DeviceSecrets;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.southbound.netconf.ConnectionStatus;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.NodeStatus;
import io.sextant.southbound.netconf.schema.DeviceSchema;
import io.sextant.southbound.netconf.schema.SchemaContextCache;
import io.sextant.southbound.netconf.schema.SchemaFetcher;
import io.sextant.southbound.netconf.xml.BaseOperations;
import io.sextant.southbound.netconf.xml.NetconfXml;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.opendaylight.netconf.client.NetconfClientSession;
import org.opendaylight.netconf.client.conf.NetconfClientConfiguration;
import org.opendaylight.netconf.client.conf.NetconfClientConfiguration.NetconfClientProtocol;
import org.opendaylight.netconf.client.conf.NetconfClientConfigurationBuilder;
import org.opendaylight.netconf.transport.api.UnsupportedConfigurationException;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.crypto.types.rev240208.password.grouping.password.type.CleartextPasswordBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.IetfInetUtil;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.PortNumber;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Uri;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.client.rev240208.netconf.client.initiate.stack.grouping.transport.ssh.ssh.SshClientParametersBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.netconf.client.rev240208.netconf.client.initiate.stack.grouping.transport.ssh.ssh.TcpClientParametersBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.ssh.client.rev240208.ssh.client.grouping.ClientIdentityBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.ssh.client.rev240208.ssh.client.grouping.client.identity.PasswordBuilder;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;

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
    private static final List<Uri> HELLO_CAPABILITIES = List.of(new Uri(DeviceCapabilities.BASE_1_0),
        new Uri(DeviceCapabilities.BASE_1_1));
    private static final Interner<DeviceCapabilities> CAPABILITIES = Interners.newWeakInterner();
    private static final Interner<Set<String>> AVAILABLE = Interners.newWeakInterner();
    /** Slack on top of connection-timeout-millis: OpenDaylight's own hello timeout fires first for TCP. */
    private static final Duration DEADLINE_SLACK = Duration.ofSeconds(1);

    /** What the connector tells its owner. Calls for one node come one at a time. */
    public interface Events {
        void statusChanged(NodeStatus status);

        void connected(DefaultDeviceSession session);

        void disconnected(String nodeId, boolean removed);
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

    private State state = State.WAITING;
    private int generation;
    private int failed;
    private RpcChannel channel;
    private SshWatch sshWatch;
    private ScheduledFuture<?> timer;
    private String heldSchema;
    private boolean holdsSetup;
    private boolean retryAtOnce;
    private volatile DefaultDeviceSession session;
    private volatile NodeStatus status;

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
        this.status = NodeStatus.connecting(nodeId, Optional.empty(), 0);
    }

    public String nodeId() {
        return nodeId;
    }

    public NodeSettings settings() {
        return settings;
    }

    public NodeStatus status() {
        return status;
    }

    public Optional<DefaultDeviceSession> session() {
        return Optional.ofNullable(session);
    }

    /** Start connecting. */
    public synchronized void start() {
        if (state == State.WAITING && generation == 0) {
            publish(NodeStatus.connecting(nodeId, Optional.empty(), 0));
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
        holdsSetup = true;
        state = State.ATTEMPTING;
        final RpcChannel attemptChannel = new RpcChannel(nodeId, stack.scheduler(), stack.workers());
        channel = attemptChannel;
        final SshWatch watch = settings.tcpOnly() ? null : new SshWatch(reason -> attemptFailed(gen, reason),
            hostKeys.check(nodeId, settings.hostKeys()));
        sshWatch = watch;
        timer = stack.scheduler().schedule(() -> attemptFailed(gen, "No NETCONF session within "
            + settings.connectionTimeout().toMillis() + " ms (the device did not complete the handshake)"),
            settings.connectionTimeout().plus(DEADLINE_SLACK).toMillis(), TimeUnit.MILLISECONDS);
        attemptChannel.up().whenComplete((up, failure) -> {
            if (failure == null) {
                sessionUp(gen, attemptChannel, up);
            }
        });
        attemptChannel.closed().thenAccept(reason -> sessionClosed(gen, reason));
        final ListenableFuture<NetconfClientSession> connecting;
        try {
            connecting = stack.sessions().connect(configuration(attemptChannel, sshWatch),
                attemptChannel.guard(stack.maxReplyBytes()), attemptChannel::attach);
        } catch (UnsupportedConfigurationException | RuntimeException e) {
            stack.workers().execute(() -> attemptFailed(gen, "Bad connection settings: " + e.getMessage()));
            return;
        } catch (DeviceSecrets.Unavailable e) {
            // no attempt can succeed until the password is given again
            stack.workers().execute(() -> attemptFailed(gen, e.getMessage(), false));
            return;
        }
        Futures.addCallback(connecting, new FutureCallback<>() {
            @Override
            public void onSuccess(final NetconfClientSession result) {
                // sessionUp comes through the channel
            }

            @Override
            public void onFailure(final Throwable cause) {
                // A refused host key, then a device that broke the protocol during the hello: they say
                // more than the transport.
                attemptFailed(gen, Optional.ofNullable(watch).flatMap(SshWatch::refusal)
                    .or(attemptChannel::downReason).orElseGet(() -> describe(cause)));
            }
        }, MoreExecutors.directExecutor());
    }

    private NetconfClientConfiguration configuration(final RpcChannel listener, final SshWatch watch)
            throws DeviceSecrets.Unavailable {
        final NetconfClientConfigurationBuilder builder = NetconfClientConfigurationBuilder.create()
            .withName(nodeId)
            .withSessionListener(listener)
            .withOdlHelloCapabilities(HELLO_CAPABILITIES)
            .withConnectionTimeoutMillis(settings.connectionTimeout().toMillis())
            .withTcpParameters(new TcpClientParametersBuilder()
                .setRemoteAddress(IetfInetUtil.hostFor(settings.host()))
                .setRemotePort(new PortNumber(Uint16.valueOf(settings.port())))
                .build());
        if (settings.tcpOnly()) {
            return builder.withProtocol(NetconfClientProtocol.TCP).build();
        }
        final NodeSettings.Credentials login = settings.credentials().orElseThrow(
            () -> new IllegalArgumentException("SSH needs login-password-unencrypted"));
        return builder.withProtocol(NetconfClientProtocol.SSH)
            .withSshParameters(new SshClientParametersBuilder()
                .setClientIdentity(new ClientIdentityBuilder()
                    .setUsername(login.username())
                    .setPassword(new PasswordBuilder()
                        .setPasswordType(new CleartextPasswordBuilder()
                            .setCleartextPassword(secrets.open(login.password()))
                            .build())
                        .build())
                    .build())
                .build())
            .withSshConfigurator(watch)
            .build();
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
        final SchemaFetcher fetcher = capabilities.hasMonitoring() ? fetcher(upChannel) : SchemaFetcher.NONE;
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
                settings.requestTimeout());
            session = ready;
            failed = 0;
            state = State.CONNECTED;
            releaseSetup();
            final Set<String> available = new LinkedHashSet<>(capabilities.protocolCapabilities());
            available.addAll(schema.resolvedModules());
            publish(new NodeStatus(nodeId, ConnectionStatus.CONNECTED, Optional.empty(),
                AVAILABLE.intern(Set.copyOf(available)),
                schema.unavailable(), Optional.of(schema.id()), Optional.of(sessionId), 0, Instant.now()));
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
                publish(NodeStatus.connecting(nodeId, Optional.of(message), 0));
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
        final RpcChannel failedChannel;
        final SshWatch failedWatch;
        synchronized (this) {
            if (gen != generation || state != State.ATTEMPTING && state != State.RESOLVING) {
                return;
            }
            cancelTimer();
            releaseSetup();
            failedChannel = channel;
            failedWatch = sshWatch;
            failed++;
            if (!retry || settings.maxConnectionAttempts() > 0 && failed >= settings.maxConnectionAttempts()) {
                state = State.GAVE_UP;
                publish(new NodeStatus(nodeId, ConnectionStatus.UNABLE_TO_CONNECT, Optional.of(reason), Set.of(),
                    List.of(), Optional.empty(), Optional.empty(), failed, Instant.now()));
                LOG.info("Node {}: giving up after {} attempts: {}", nodeId, failed, reason);
            } else {
                state = State.WAITING;
                final Duration delay = retryAtOnce ? Duration.ZERO : jitter(settings.backoff(failed));
                retryAtOnce = false;
                publish(NodeStatus.connecting(nodeId, Optional.of(reason), failed));
                LOG.info("Node {}: attempt {} failed ({}); next in {} ms", nodeId, failed, reason, delay.toMillis());
                timer = stack.scheduler().schedule(this::attempt, delay.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        failedChannel.shutdown(reason);
        if (failedWatch != null) {
            failedWatch.close();
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
            if (gen != generation || state != State.CONNECTED) {
                return;
            }
            current = channel;
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

    /** The device's get-schema, failing (rather than answering "missing") when the session fails. */
    private SchemaFetcher fetcher(final RpcChannel fetchChannel) {
        return (identifier, revision) -> fetchChannel.send(BaseOperations.getSchema(identifier,
                revision.map(Object::toString)), settings.requestTimeout())
            .handle((reply, failure) -> {
                if (failure == null) {
                    return schemaText(reply);
                }
                if (isTransportFailure(failure)) {
                    throw failure instanceof CompletionException completion ? completion
                        : new CompletionException(failure);
                }
                LOG.debug("Node {} has no schema {}@{}: {}", nodeId, identifier, revision, rootMessage(failure));
                return Optional.empty();
            });
    }

    private static Optional<String> schemaText(final Element reply) {
        return NetconfXml.child(reply, NetconfXml.MONITORING_NS, "data")
            .or(() -> NetconfXml.child(reply, NetconfXml.BASE_NS, "data"))
            .map(Element::getTextContent)
            .filter(text -> !text.isBlank());
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
        final RpcChannel current;
        final SshWatch watch;
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
            current = channel;
            watch = sshWatch;
            session = null;
            if (heldSchema != null) {
                schemas.release(heldSchema);
                heldSchema = null;
            }
        }
        if (current != null) {
            if (wasConnected) {
                current.close(Duration.ofSeconds(2));
            } else {
                current.shutdown("unmounted");
            }
        }
        if (watch != null && !wasConnected) {
            // An attempt in progress: drop its SSH session too (a connected one closes with the channel).
            watch.close();
        }
        if (wasConnected) {
            events.disconnected(nodeId, true);
        }
        return current == null ? CompletableFuture.completedFuture(null)
            : current.closed().thenApply(reason -> (Void) null).completeOnTimeout(null, 5, TimeUnit.SECONDS);
    }

    private void publish(final NodeStatus newStatus) {
        status = newStatus;
        events.statusChanged(newStatus);
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

    private static boolean isTransportFailure(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof OperationErrorsException operation) {
            return operation.errors().stream().map(OperationError::type).allMatch(ErrorType.TRANSPORT::equals);
        }
        return true;
    }

    static String rootMessage(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        return cause.getMessage() != null ? cause.getMessage() : cause.toString();
    }

    private static String describe(final Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        final String message = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return "Cannot connect: " + message;
    }
}
