package io.sextant.uniconfig;

import static io.sextant.spi.IntentAccess.UNRESTRICTED;
import static io.sextant.uniconfig.UniconfigLayerTest.CONFIG;
import static io.sextant.uniconfig.UniconfigLayerTest.DESCRIPTION;
import static io.sextant.uniconfig.UniconfigLayerTest.MTU;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.Failures;
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
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** apply-template over in-process devices: per-node values, operations, errors that change nothing. */
class TemplatesTest {
    private static final RequestContext ADMIN = RequestContext.of("admin");
    /** An OpenConfig interface with variables ifname, mtu and description. */
    static final String INTERFACE = "{\"openconfig-interfaces:interfaces\":{\"interface\":[{\"name\":"
        + "\"{$ifname}\",\"config\":{\"name\":\"{$ifname}\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":"
        + "\"{$mtu}\",\"description\":\"{$description}\"}}]}}";

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
            Duration.ofMinutes(5), StateBackend.inMemory(), new PrometheusMetrics(true), "", IntentAccess.Policy.UNRESTRICTED);
        for (TestDevice device : List.of(r1, r2)) {
            device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
            devices.register(device);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> service.nodeIds().size() == 2);
        store("interface", INTERFACE, Map.of());
    }

    @AfterEach
    void stop() {
        service.close();
        datastores.close();
    }

    private void store(final String name, final String configuration, final Map<String, String> operations)
            throws Exception {
        final var ops = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(
            TemplateStore.OPERATION));
        operations.forEach((path, operation) -> ops.withChild(ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TemplateStore.OPERATION, TemplateStore.PATH, path))
            .withChild(ImmutableNodes.leafNode(TemplateStore.PATH, path))
            .withChild(ImmutableNodes.leafNode(TemplateStore.OPERATION, operation)).build()));
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TemplateStore.TEMPLATE, TemplateStore.NAME, name))
            .withChild(ImmutableNodes.leafNode(TemplateStore.NAME, name))
            .withChild(ImmutableNodes.leafNode(TemplateStore.CONFIGURATION, configuration));
        if (!operations.isEmpty()) {
            entry.withChild(ops.build());
        }
        datastores.config().update(tx -> tx.merge(TemplateStore.ALL.node(NodeIdentifierWithPredicates.of(
            TemplateStore.TEMPLATE, TemplateStore.NAME, name)), entry.build()));
    }

    private static <T> T get(final CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get();
    }

    private static TemplateService.Target target(final String node, final String ifname, final String mtu,
            final String description) {
        return new TemplateService.Target(node, Map.of("ifname", ifname, "mtu", mtu, "description", description));
    }

    private NormalizedNode intent(final String node, final RequestContext context) throws Exception {
        final UniconfigNode n = service.registry().node(node).orElseThrow();
        final IntentTransaction tx = service.transactions().find(context);
        return tx != null ? tx.intended(n) : n.intendedRoot();
    }

    private static Optional<Object> leaf(final NormalizedNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path).map(n -> ((LeafNode<?>) n).body());
    }

    @Test
    void eachNodeGetsItsOwnValuesInTheTransactionAndTheCommitSendsThem() throws Exception {
        final RequestContext tx = new RequestContext("admin", service.createTransaction("admin"));
        final OperationResult applied = get(service.templates().applyTemplate("interface", List.of(
            target("r1", "eth1", "9000", "to r2"), target("r2", "eth2", "1400", "to r1")), tx, UNRESTRICTED));
        assertTrue(applied.ok(), applied.toString());

        assertEquals(Optional.of(Uint16.valueOf(9000)), leaf(intent("r1", tx), interfacePath("eth1").node(CONFIG)
            .node(MTU)));
        assertEquals(Optional.of("to r1"), leaf(intent("r2", tx), interfacePath("eth2").node(CONFIG)
            .node(DESCRIPTION)));
        assertTrue(get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().isEmpty(),
            "outside the transaction nothing changed");
        final OperationResult diff = get(service.diffs().calculateDiff(List.of(), tx));
        assertEquals(List.of("r1", "r2"), diff.nodes().stream().map(NodeResult::nodeId).sorted().toList());

        assertTrue(get(service.commits().commit(List.of(), tx)).ok());
        assertEquals(Optional.of(Uint16.valueOf(9000)), leaf(r1.config(), interfacePath("eth1").node(CONFIG)
            .node(MTU)));
        assertEquals(Optional.of(Uint16.valueOf(1400)), leaf(r2.config(), interfacePath("eth2").node(CONFIG)
            .node(MTU)));
        assertTrue(NormalizedNodes.findNode(r1.config(), interfacePath("eth0")).isPresent(), "merged, eth0 kept");
    }

    @Test
    void withoutTransactionTheIntentChangesAtOnce() throws Exception {
        final OperationResult applied = get(service.templates().applyTemplate("interface", List.of(
            target("r1", "eth1", "9000", "x")), ADMIN, UNRESTRICTED));
        assertTrue(applied.ok(), applied.toString());
        assertEquals(List.of("r1"), get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().stream()
            .map(NodeResult::nodeId).toList());
    }

    @Test
    void aMissingVariableNamesTheVariableAndChangesNoNode() throws Exception {
        final NormalizedNode before1 = intent("r1", ADMIN);
        final NormalizedNode before2 = intent("r2", ADMIN);
        final OperationResult result = get(service.templates().applyTemplate("interface", List.of(
            target("r1", "eth1", "9000", "x"), new TemplateService.Target("r2", Map.of("ifname", "eth2",
                "description", "y"))), ADMIN, UNRESTRICTED));
        assertFalse(result.ok());
        final NodeResult r2Result = result.nodes().stream().filter(n -> n.nodeId().equals("r2")).findFirst()
            .orElseThrow();
        final String message = r2Result.error().orElseThrow().message();
        assertTrue(message.contains("Variable 'mtu' has no value"), message);
        assertTrue(message.contains("openconfig-interfaces:interfaces/interface=eth2/config/mtu"), message);
        assertFalse(result.nodes().stream().anyMatch(NodeResult::ok), "r1 is reported as not applied");
        assertSame(before1, intent("r1", ADMIN));
        assertSame(before2, intent("r2", ADMIN));
    }

    @Test
    void aValueTheSchemaRefusesNamesThePathAndChangesNothingInTheTransaction() throws Exception {
        final RequestContext tx = new RequestContext("admin", service.createTransaction("admin"));
        final OperationResult result = get(service.templates().applyTemplate("interface", List.of(
            target("r1", "eth1", "9000", "x"), target("r2", "eth2", "99999", "y")), tx, UNRESTRICTED));
        assertFalse(result.ok());
        final String message = result.nodes().stream().filter(n -> n.nodeId().equals("r2")).findFirst()
            .orElseThrow().error().orElseThrow().message();
        assertTrue(message.contains("'99999' at openconfig-interfaces:interfaces/interface=eth2/config/mtu"),
            message);
        assertTrue(message.contains("{$mtu}"), message);
        assertTrue(get(service.diffs().calculateDiff(List.of(), tx)).nodes().isEmpty(), "nothing in the transaction");
    }

    @Test
    void operationsReplaceCreateAndDeleteSubtrees() throws Exception {
        store("move", INTERFACE, Map.of("openconfig-interfaces:interfaces/interface=eth0", "delete",
            "openconfig-interfaces:interfaces/interface={$ifname}", "create"));
        final OperationResult result = get(service.templates().applyTemplate("move", List.of(
            target("r1", "eth7", "1500", "moved")), ADMIN, UNRESTRICTED));
        assertTrue(result.ok(), result.toString());
        final NormalizedNode intent = intent("r1", ADMIN);
        assertFalse(NormalizedNodes.findNode(intent, interfacePath("eth0")).isPresent(), "deleted");
        assertEquals(Optional.of("moved"), leaf(intent, interfacePath("eth7").node(CONFIG).node(DESCRIPTION)));

        final OperationResult again = get(service.templates().applyTemplate("move", List.of(
            target("r1", "eth7", "1500", "moved")), ADMIN, UNRESTRICTED));
        assertFalse(again.ok());
        final String message = again.nodes().get(0).error().orElseThrow().message();
        assertTrue(message.contains("openconfig-interfaces:interfaces/interface=eth0 does not exist"), message);
        assertSame(intent, intent("r1", ADMIN));
    }

    @Test
    void anUnknownTemplateOrNodeChangesNothing() throws Exception {
        assertEquals(Optional.of("Template nope does not exist"), get(service.templates().applyTemplate("nope",
            List.of(target("r1", "a", "1", "b")), ADMIN, UNRESTRICTED)).error());
        final OperationResult unknown = get(service.templates().applyTemplate("interface", List.of(
            target("r1", "eth1", "1500", "b"), target("r9", "eth1", "1500", "b")), ADMIN, UNRESTRICTED));
        assertFalse(unknown.ok());
        assertTrue(get(service.diffs().calculateDiff(List.of(), ADMIN)).nodes().isEmpty());
    }

    @Test
    void aNodeChangeTheAccessRulesRefuseFailsTheRequestAndChangesNoNode() throws Exception {
        final IntentAccess onlyR1 = change -> {
            assertEquals(TopologyPaths.configuration(change.nodeId()), change.configuration());
            if (!change.nodeId().equals("r1")) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.ACCESS_DENIED, "not "
                    + change.nodeId());
            }
        };
        final NormalizedNode before1 = intent("r1", ADMIN);
        final NormalizedNode before2 = intent("r2", ADMIN);
        final List<TemplateService.Target> both = List.of(target("r1", "eth1", "9000", "a"),
            target("r2", "eth2", "1400", "b"));
        final ExecutionException now = assertThrows(ExecutionException.class, () -> get(service.templates()
            .applyTemplate("interface", both, ADMIN, onlyR1)));
        assertEquals("not r2", Failures.unwrap(now).getMessage());
        assertSame(before1, intent("r1", ADMIN), "r1 was allowed, but not changed without r2");
        assertSame(before2, intent("r2", ADMIN));

        final RequestContext tx = new RequestContext("admin", service.createTransaction("admin"));
        final ExecutionException inTx = assertThrows(ExecutionException.class, () -> get(service.templates()
            .applyTemplate("interface", both, tx, onlyR1)));
        assertEquals("not r2", Failures.unwrap(inTx).getMessage());
        assertEquals(before1, intent("r1", tx), "the transaction's view of r1 is as it was");
        assertEquals(before2, intent("r2", tx));
        assertTrue(get(service.templates().applyTemplate("interface", List.of(target("r1", "eth1", "9000", "a")),
            tx, onlyR1)).ok(), "what the rules permit is applied");
    }

    @Test
    void aTemplateThatIsNotJsonIsNotStored() {
        final OperationErrorsException refused = assertThrows(OperationErrorsException.class, () -> store("broken",
            "{\"openconfig-interfaces:interfaces\":", Map.of()));
        assertTrue(refused.getMessage().contains("Template broken: its configuration is not valid JSON"),
            refused.getMessage());
        final OperationErrorsException path = assertThrows(OperationErrorsException.class, () -> store("path",
            INTERFACE, Map.of("interfaces/interface=eth0", "delete")));
        assertTrue(path.getMessage().contains("must begin with module:name"), path.getMessage());
        assertEquals(List.of("interface"), service.templates().templateNames());
    }

    @Test
    void variablesAreListedInOrder() {
        assertEquals(List.of("ifname", "mtu", "description"), service.templates().variables("interface"));
        assertEquals(List.of("interface"), service.templates().templateNames());
    }
}
