package io.sextant.security.service;

import static java.util.Objects.requireNonNull;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.StateBackend;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.hostkeys.DurableHostKeyStore;
import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.hostkeys.HostKeyStore;
import io.sextant.security.hostkeys.HostKeyVerdict;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.security.hostkeys.InMemoryHostKeyStore;
import io.sextant.security.hostkeys.KnownHostKey;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Devices' SSH host keys for the southbound: one {@link HostKeyVerifier} per topology
 * ({@code topology-netconf}, {@code topology-cli}) over the known keys of that topology, kept in
 * the controller's database when it runs durable and in memory otherwise. Every refused key is
 * logged at WARN and audited once per change (a node retrying with the same refused key is not
 * logged again); learned and accepted keys are logged and audited too. Implements
 * {@code sextant-host-keys:accept-host-key}: the node's next presented key is stored as its
 * known key and the node is told to connect now.
 */
@Component(service = HostKeys.class, immediate = true)
public final class HostKeys implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HostKeys.class);
    public static final QName ACCEPT_HOST_KEY = hk("accept-host-key");
    private static final QName TOPOLOGY_ID = hk("topology-id");
    private static final QName NODE_ID = hk("node-id");
    private static final QName OUTPUT = hk("output");
    private static final QName FINGERPRINT = hk("fingerprint");
    private static final QName PUBLIC_KEY = hk("public-key");
    private static final String DEFAULT_TOPOLOGY = "topology-netconf";
    /** How long accept-host-key waits for the device by default. */
    public static final Duration ACCEPT_TIMEOUT = Duration.ofSeconds(60);

    /** One topology's nodes, as its southbound registers them for accept-host-key. */
    public interface Nodes {
        /** The node's host-key policy; empty when the node is not mounted or not reached over SSH. */
        Optional<HostKeyPolicy> policy(String nodeId);

        boolean connected(String nodeId);

        /** Start a connection attempt now (the node is waiting to retry or gave up). */
        void connectNow(String nodeId);
    }

    private final StateBackend backend;
    private final AuditLog audit;
    private final Duration acceptTimeout;
    private final Map<String, HostKeyVerifier> verifiers = new ConcurrentHashMap<>();
    private final Map<String, Nodes> topologies = new ConcurrentHashMap<>();
    /** Per topology and node, the refusal last reported: a retry refused the same way is not reported again. */
    private final Map<String, String> lastRefusal = new ConcurrentHashMap<>();
    private final Registration rpc;

    @Activate
    public HostKeys(@Reference final StateBackend backend, @Reference final RpcRegistry rpcs,
            @Reference final AuditLog audit) {
        this(backend, rpcs, audit, ACCEPT_TIMEOUT);
    }

    /**
     * @param audit where host-key events are recorded (the controller's {@link AuditService})
     * @param acceptTimeout how long accept-host-key waits for the device to present its key
     */
    public HostKeys(final StateBackend backend, final RpcRegistry rpcs, final AuditLog audit,
            final Duration acceptTimeout) {
        this.backend = requireNonNull(backend);
        this.audit = requireNonNull(audit);
        this.acceptTimeout = requireNonNull(acceptTimeout);
        this.rpc = rpcs.register(ACCEPT_HOST_KEY, this::acceptHostKey);
    }

    /** Known keys in memory, no audit, its own RPC registry: for tests of one southbound alone. */
    public static HostKeys inMemory() {
        return new HostKeys(StateBackend.inMemory(), new RpcRegistry(), AuditLog.NONE, ACCEPT_TIMEOUT);
    }

    private static QName hk(final String name) {
        return QName.create(ControllerSchema.HOST_KEYS, name).intern();
    }

    /** The verifier of one topology's nodes. */
    public HostKeyVerifier verifier(final String topologyId) {
        return verifiers.computeIfAbsent(topologyId, topology -> new HostKeyVerifier(store(topology),
            verdict -> report(topology, verdict)));
    }

    /** Registers a topology's nodes for accept-host-key; closed when the southbound stops. */
    public Registration register(final String topologyId, final Nodes nodes) {
        topologies.put(topologyId, nodes);
        return () -> topologies.remove(topologyId, nodes);
    }

    /** Forgets a removed node's known key. */
    public void forget(final String topologyId, final String nodeId) {
        lastRefusal.remove(topologyId + "/" + nodeId);
        try {
            verifier(topologyId).forget(nodeId);
        } catch (RuntimeException e) {
            LOG.warn("The known host key of removed node {} in {} cannot be forgotten: {}", nodeId, topologyId,
                e.getMessage());
        }
    }

    private HostKeyStore store(final String topologyId) {
        return backend.database().<HostKeyStore>map(database -> new DurableHostKeyStore(database, topologyId))
            .orElseGet(InMemoryHostKeyStore::new);
    }

    private void report(final String topologyId, final HostKeyVerdict verdict) {
        final String node = topologyId + "/" + verdict.nodeId();
        final boolean worthReporting;
        switch (verdict.outcome()) {
            case LEARNED, ACCEPTED -> {
                lastRefusal.remove(node);
                LOG.info("{}", verdict.message());
                worthReporting = true;
            }
            case MATCHED_KNOWN, MATCHED_EXPECTED, UNCHECKED -> {
                lastRefusal.remove(node);
                worthReporting = false;
            }
            default -> {
                final String refusal = verdict.outcome() + " " + verdict.presented();
                worthReporting = !refusal.equals(lastRefusal.put(node, refusal));
                if (worthReporting) {
                    LOG.warn("{} ({})", verdict.message(), topologyId);
                }
            }
        }
        if (worthReporting) {
            try {
                audit.record(AuditEvent.hostKey(verdict));
            } catch (UncheckedIOException e) {
                LOG.warn("Host-key event of {} not audited: {}", node, e.getMessage());
            }
        }
    }

    private CompletionStage<Optional<ContainerNode>> acceptHostKey(final ContainerNode input,
            final RequestContext context) {
        final String topologyId = leaf(input, TOPOLOGY_ID).orElse(DEFAULT_TOPOLOGY);
        final String nodeId = leaf(input, NODE_ID).orElse("");
        final Nodes nodes = topologies.get(topologyId);
        final Optional<HostKeyPolicy> policy = nodes == null ? Optional.empty() : nodes.policy(nodeId);
        if (nodes == null || policy.isEmpty()) {
            return failed(ErrorTag.DATA_MISSING, "Node " + nodeId + " is not mounted in " + topologyId
                + " over SSH");
        }
        switch (policy.orElseThrow().mode()) {
            case STRICT -> {
                return failed(ErrorTag.INVALID_VALUE, "Node " + nodeId + " accepts only the host keys its mount "
                    + "request gives (host-key-verification strict): change host-key in the mount request instead");
            }
            case NONE -> {
                return failed(ErrorTag.INVALID_VALUE, "Node " + nodeId + " does not check its host key "
                    + "(host-key-verification none): there is nothing to accept");
            }
            default -> {
                // trust on first use: below
            }
        }
        final HostKeyVerifier verifier = verifier(topologyId);
        if (nodes.connected(nodeId)) {
            final Optional<KnownHostKey> known = verifier.known(nodeId);
            if (known.isPresent()) {
                return CompletableFuture.completedFuture(Optional.of(output(known.orElseThrow())));
            }
        }
        final CompletableFuture<KnownHostKey> accepted = verifier.acceptNextKey(nodeId);
        nodes.connectNow(nodeId);
        return accepted.orTimeout(acceptTimeout.toMillis(), TimeUnit.MILLISECONDS)
            .handle((known, failure) -> {
                if (failure == null) {
                    return Optional.of(output(known));
                }
                accepted.cancel(false);
                final Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                throw new CompletionException(cause instanceof TimeoutException
                    ? OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "Node " + nodeId
                        + " presented no SSH host key within " + acceptTimeout.toSeconds() + " s (is the device "
                        + "reachable? the node's connection-status says why not)")
                    : OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
                        "The host key of node " + nodeId + " cannot be stored: " + cause.getMessage()));
            });
    }

    private static ContainerNode output(final KnownHostKey key) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(OUTPUT))
            .withChild(ImmutableNodes.leafNode(FINGERPRINT, key.fingerprint()))
            .withChild(ImmutableNodes.leafNode(PUBLIC_KEY, key.publicKey()))
            .build();
    }

    private static Optional<String> leaf(final ContainerNode input, final QName name) {
        return input.childByArg(new NodeIdentifier(name)) instanceof LeafNode<?> leaf
            ? Optional.of(leaf.body().toString()) : Optional.empty();
    }

    private static CompletionStage<Optional<ContainerNode>> failed(final ErrorTag tag, final String message) {
        return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION, tag, message));
    }

    @Deactivate
    @Override
    public void close() {
        rpc.close();
    }
}
