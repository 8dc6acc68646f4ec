package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.CONFIG;
import static io.sextant.uniconfig.UniconfigLayerTest.DESCRIPTION;
import static io.sextant.uniconfig.UniconfigLayerTest.MTU;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Pre-provisioning over in-process devices: an entry written before its device connects is
 * applied and committed when it connects; one for a node already connected is applied at once;
 * one that cannot be applied stays, with why, and changes nothing.
 */
class PreProvisioningTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static EffectiveModelContext schema;

    private ControllerStores datastores;
    private UnifiedDeviceRegistry devices;
    private UniconfigService service;
    private final TestDevice r1 = new TestDevice("r1", schema);
    private final TestDevice r2 = new TestDevice("r2", schema);

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @BeforeEach
    void start() throws Exception {
        datastores = new ControllerStores();
        devices = new UnifiedDeviceRegistry();
        service = new UniconfigService(datastores, new RpcRegistry(), new MountPointRegistry(), devices,
            Duration.ofMinutes(5), StateBackend.inMemory(), new PrometheusMetrics(true), "",
            IntentAccess.Policy.UNRESTRICTED);
        for (TestDevice device : List.of(r1, r2)) {
            device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        }
        devices.register(r1);
        await().atMost(WAIT).until(() -> service.nodeIds().contains("r1"));
        datastores.config().update(tx -> tx.merge(TemplateStore.ALL.node(NodeIdentifierWithPredicates.of(
            TemplateStore.TEMPLATE, TemplateStore.NAME, "port")), ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(TemplateStore.TEMPLATE, TemplateStore.NAME, "port"))
                .withChild(ImmutableNodes.leafNode(TemplateStore.NAME, "port"))
                .withChild(ImmutableNodes.leafNode(TemplateStore.CONFIGURATION, TemplatesTest.INTERFACE)).build()));
    }

    @AfterEach
    void stop() {
        service.close();
        datastores.close();
    }

    private void preProvision(final String nodeId, final boolean commit, final Map<String, String> values)
            throws OperationErrorsException {
        preProvision(nodeId, "port", commit, values);
    }

    private void preProvision(final String nodeId, final String template, final boolean commit,
            final Map<String, String> values) throws OperationErrorsException {
        final var variables = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(
            PreProvisioning.VARIABLE));
        values.forEach((name, value) -> variables.withChild(ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(PreProvisioning.VARIABLE, PreProvisioning.NAME, name))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.NAME, name))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.VALUE, value)).build()));
        final NodeIdentifierWithPredicates key = NodeIdentifierWithPredicates.of(PreProvisioning.NODE,
            PreProvisioning.NODE_ID, nodeId);
        datastores.config().update(tx -> tx.put(PreProvisioning.ALL.node(key), ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(key)
            .withChild(ImmutableNodes.leafNode(PreProvisioning.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.TEMPLATE_NAME, template))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.COMMIT, commit))
            .withChild(variables.build()).build()));
    }

    private Optional<NormalizedNode> stored(final String nodeId) {
        return datastores.config().snapshot().read(PreProvisioning.ALL.node(NodeIdentifierWithPredicates.of(
            PreProvisioning.NODE, PreProvisioning.NODE_ID, nodeId)));
    }

    private Optional<NormalizedNode> state(final String nodeId) {
        return datastores.operational().snapshot().read(PreProvisioning.ALL.node(NodeIdentifierWithPredicates.of(
            PreProvisioning.NODE, PreProvisioning.NODE_ID, nodeId)).node(PreProvisioning.STATE));
    }

    private static Optional<Object> leaf(final NormalizedNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path).map(n -> ((LeafNode<?>) n).body());
    }

    @Test
    void anEntryWrittenBeforeItsDeviceConnectsIsAppliedAndCommittedWhenItConnects() throws Exception {
        preProvision("r2", true, Map.of("ifname", "eth9", "mtu", "9000", "description", "pre-provisioned"));
        Thread.sleep(200);
        assertTrue(stored("r2").isPresent(), "waits for its device");

        devices.register(r2);
        await().atMost(WAIT).until(() -> stored("r2").isEmpty());
        assertEquals(Optional.of(Uint16.valueOf(9000)), leaf(r2.config(), interfacePath("eth9").node(CONFIG)
            .node(MTU)), "committed to the device");
        assertTrue(NormalizedNodes.findNode(r2.config(), interfacePath("eth0")).isPresent(), "merged: eth0 kept");
        assertTrue(get(service.diffs().calculateDiff(List.of("r2"), RequestContext.of("admin"))).nodes().stream()
            .allMatch(node -> node.diff().isEmpty()), "nothing left to commit");
        assertTrue(state("r2").isEmpty());
    }

    @Test
    void anEntryForAConnectedNodeIsAppliedToItsIntentAtOnceAndWaitsForACommit() throws Exception {
        preProvision("r1", false, Map.of("ifname", "eth5", "mtu", "1400", "description", "later"));
        await().atMost(WAIT).until(() -> stored("r1").isEmpty());
        assertFalse(NormalizedNodes.findNode(r1.config(), interfacePath("eth5")).isPresent(), "not committed");
        final OperationResult diff = get(service.diffs().calculateDiff(List.of("r1"), RequestContext.of("admin")));
        assertEquals(List.of("r1"), diff.nodes().stream().filter(node -> !node.diff().isEmpty())
            .map(NodeResult::nodeId).toList());
    }

    @Test
    void anEntryWithoutAValueForOneOfItsTemplatesVariablesOrWithoutItsTemplateIsRefusedWhenWritten() {
        final OperationErrorsException missing = assertThrows(OperationErrorsException.class,
            () -> preProvision("r1", true, Map.of("ifname", "eth6", "mtu", "1400")));
        assertTrue(missing.getMessage().contains("template 'port' needs a value for variable description"),
            missing.getMessage());
        final OperationErrorsException unknown = assertThrows(OperationErrorsException.class,
            () -> preProvision("r1", "no-such-template", true, Map.of()));
        assertTrue(unknown.getMessage().contains("no template named 'no-such-template' is stored"),
            unknown.getMessage());
        assertTrue(stored("r1").isEmpty(), "nothing stored");
    }

    @Test
    void anEntryThatCannotBeAppliedStaysWithWhyAndChangesNothing() throws Exception {
        // every variable has a value, but the node's schema refuses the result
        preProvision("r1", true, Map.of("ifname", "eth6", "mtu", "not-a-number", "description", "first"));
        await().atMost(WAIT).until(() -> state("r1").isPresent());
        final NormalizedNode state = state("r1").orElseThrow();
        assertEquals(Optional.of("failed"), leaf(state, YangInstanceIdentifier.of(PreProvisioning.OUTCOME)));
        final String message = String.valueOf(leaf(state, YangInstanceIdentifier.of(PreProvisioning.MESSAGE))
            .orElseThrow());
        assertTrue(message.contains("mtu"), message);
        assertTrue(stored("r1").isPresent(), "kept to be tried again");
        final List<PreProvisionedNode> listed = service.preProvisioned();
        assertEquals(List.of("r1"), listed.stream().map(PreProvisionedNode::nodeId).toList());
        assertTrue(String.valueOf(listed.get(0).failure()).contains("mtu"), listed.toString());
        assertFalse(NormalizedNodes.findNode(r1.config(), interfacePath("eth6")).isPresent());
        assertTrue(get(service.diffs().calculateDiff(List.of("r1"), RequestContext.of("admin"))).nodes().stream()
            .allMatch(node -> node.diff().isEmpty()), "the intent is unchanged");

        // written again with the missing value: applied, and the failure goes
        preProvision("r1", true, Map.of("ifname", "eth6", "mtu", "1400", "description", "fixed"));
        await().atMost(WAIT).until(() -> stored("r1").isEmpty());
        assertEquals(Optional.of("fixed"), leaf(r1.config(), interfacePath("eth6").node(CONFIG).node(DESCRIPTION)));
        assertTrue(state("r1").isEmpty());
    }

    private static <T> T get(final CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get();
    }
}
