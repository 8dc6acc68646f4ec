package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.WriteTransaction;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPoint;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.topology.TopologyModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** A NETCONF topology on fresh datastores, with helpers to mount nodes and wait for their status. */
final class TopologyFixture implements AutoCloseable {
    static final String OC_IF_NS = "http://openconfig.net/yang/interfaces";

    final ControllerStores datastores = new ControllerStores();
    final MountPointRegistry mounts = new MountPointRegistry();
    final RpcRegistry rpcs = new RpcRegistry();
    final Path schemaCache;
    final NetconfTopology topology;

    TopologyFixture() throws IOException {
        this(NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS);
    }

    TopologyFixture(final int maxConcurrentSetups) throws IOException {
        this(maxConcurrentSetups, NetconfSettings.DEFAULT_MAX_REPLY_BYTES);
    }

    TopologyFixture(final int maxConcurrentSetups, final long maxReplyBytes) throws IOException {
        this(maxConcurrentSetups, maxReplyBytes, DeviceSecrets.AS_STORED);
    }

    /** Passwords opened by {@code secrets} when a node connects. */
    TopologyFixture(final DeviceSecrets secrets) throws IOException {
        this(NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS, NetconfSettings.DEFAULT_MAX_REPLY_BYTES, secrets);
    }

    private TopologyFixture(final int maxConcurrentSetups, final long maxReplyBytes, final DeviceSecrets secrets)
            throws IOException {
        schemaCache = Files.createTempDirectory("sextant-schema-cache-");
        topology = NetconfTopology.withDefaultParser(datastores, mounts, rpcs, secrets,
            new NetconfSettings(schemaCache, 2, 2, Duration.ofSeconds(30), maxConcurrentSetups, maxReplyBytes),
            HostKeys.inMemory());
    }

    static QName nettop(final String name) {
        return QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, name);
    }

    /** A topology-netconf node entry; {@code extra} are further netconf-node-topology leaves. */
    static MapEntryNode node(final String nodeId, final String host, final int port, final boolean tcpOnly,
            final String username, final String password, final Map<String, Object> extra) {
        final var builder = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(TopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(TopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(nettop("port"), Uint16.valueOf(port)))
            .withChild(ImmutableNodes.leafNode(nettop("tcp-only"), tcpOnly));
        if (host != null) {
            builder.withChild(ImmutableNodes.leafNode(nettop("host"), host));
        }
        if (username != null) {
            builder.withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(
                    nettop("credentials")))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(
                        nettop("login-password-unencrypted")))
                    .withChild(ImmutableNodes.leafNode(nettop("username"), username))
                    .withChild(ImmutableNodes.leafNode(nettop("password"), password))
                    .build())
                .build());
        }
        extra.forEach((name, value) -> builder.withChild(ImmutableNodes.leafNode(nettop(name), value)));
        return builder.build();
    }

    /** Fail fast and give up after one attempt: for fault tests. */
    static Map<String, Object> oneAttempt(final long connectionTimeoutMillis) {
        return Map.of("max-connection-attempts", Uint32.ONE,
            "connection-timeout-millis", Uint32.valueOf(connectionTimeoutMillis));
    }

    static YangInstanceIdentifier nodePath(final String nodeId) {
        return TopologyModel.node(TopologyModel.TOPOLOGY_NETCONF, nodeId);
    }

    void mount(final MapEntryNode node) throws OperationErrorsException {
        final WriteTransaction tx = datastores.config().newTransaction();
        tx.put(nodePath(TopologyModel.nodeId(node)), node);
        tx.commit();
    }

    void unmount(final String nodeId) throws OperationErrorsException {
        final WriteTransaction tx = datastores.config().newTransaction();
        tx.delete(nodePath(nodeId));
        tx.commit();
    }

    /** The node's entry in the operational datastore. */
    Optional<MapEntryNode> operational(final String nodeId) {
        return datastores.operational().snapshot().read(nodePath(nodeId)).map(MapEntryNode.class::cast);
    }

    static Optional<String> leaf(final MapEntryNode node, final String name) {
        return node.childByArg(new NodeIdentifier(nettop(name))) instanceof LeafNode<?> leaf
            ? Optional.of(leaf.body().toString()) : Optional.empty();
    }

    /** Wait (bounded) until the node's operational entry satisfies {@code condition}. */
    MapEntryNode awaitOperational(final String nodeId, final Predicate<MapEntryNode> condition,
            final Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            final Optional<MapEntryNode> node = operational(nodeId);
            if (node.isPresent() && condition.test(node.get())) {
                return node.get();
            }
            Thread.sleep(100);
        }
        fail("Node " + nodeId + " did not reach the expected status within " + timeout + "; it is "
            + operational(nodeId).map(NormalizedNode::toString).orElse("absent") + " / "
            + topology.status(nodeId));
        throw new IllegalStateException();
    }

    MapEntryNode awaitStatus(final String nodeId, final String status, final Duration timeout)
            throws InterruptedException {
        return awaitOperational(nodeId, n -> leaf(n, "connection-status").equals(Optional.of(status)), timeout);
    }

    /** Wait (bounded) until the node is no longer mounted and its status is gone. */
    void awaitUnmounted(final String nodeId, final Duration timeout) throws InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (topology.nodeIds().contains(nodeId) || operational(nodeId).isPresent()) {
            if (System.nanoTime() > deadline) {
                fail("Node " + nodeId + " is still mounted after " + timeout);
            }
            Thread.sleep(50);
        }
    }

    MountPoint mountPoint(final String nodeId) throws OperationErrorsException {
        return mounts.find(nodePath(nodeId)).orElseThrow();
    }

    /** The QName module of openconfig-interfaces in a device schema. */
    static QNameModule ocInterfaces(final EffectiveModelContext schema) {
        return schema.findModules(XMLNamespace.of(OC_IF_NS)).iterator().next().getQNameModule();
    }

    @Override
    public void close() {
        topology.close();
        datastores.close();
        try (var files = Files.walk(schemaCache)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
