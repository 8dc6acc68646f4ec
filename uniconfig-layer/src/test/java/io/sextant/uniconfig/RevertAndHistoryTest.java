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
import io.sextant.metrics.SextantMetrics;
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
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** revert-changes and the nodes' history over in-process devices (real devices: the controller's tests). */
class RevertAndHistoryTest {
    private static final RequestContext ADMIN = RequestContext.of("admin");
    private static EffectiveModelContext schema;

    private ControllerStores datastores;
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
        final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
        service = new UniconfigService(datastores, new RpcRegistry(), new MountPointRegistry(), devices,
            Duration.ofMinutes(5), StateBackend.inMemory(), SextantMetrics.NONE, "", IntentAccess.Policy.UNRESTRICTED);
        for (TestDevice device : List.of(r1, r2)) {
            device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
            devices.register(device);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> service.nodeIds().size() == 2);
    }

    @AfterEach
    void stop() {
        service.close();
        datastores.close();
    }

    private static <T> T get(final CompletionStage<T> stage) throws Exception {
        return stage.toCompletableFuture().get();
    }

    private static YangInstanceIdentifier mtu(final String name) {
        return interfacePath(name).node(CONFIG).node(MTU);
    }

    private static YangInstanceIdentifier description(final String name) {
        return interfacePath(name).node(CONFIG).node(DESCRIPTION);
    }

    /** Change the intent of {@code node} at once, commit it, and answer the commit's transaction-log id. */
    private String commit(final String nodeId, final YangInstanceIdentifier path, final NormalizedNode data)
            throws Exception {
        final UniconfigNode node = service.registry().node(nodeId).orElseThrow();
        node.intended().update(tx -> tx.put(path, data));
        final OperationResult result = get(service.commits().commit(List.of(nodeId), ADMIN));
        assertTrue(result.ok(), result.toString());
        final var marks = service.history().marks(nodeId);
        return marks.get(marks.size() - 1).commitId();
    }

    private NormalizedNode intended(final String nodeId) {
        return service.registry().node(nodeId).orElseThrow().intendedRoot();
    }

    private static Optional<NormalizedNode> at(final NormalizedNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path);
    }

    @Test
    void revertOfTheFirstCommitUndoesItAndKeepsTheSecond() throws Exception {
        final String first = commit("r1", interfacePath("eth1"), iface("eth1", 1500, "first"));
        commit("r1", mtu("eth0"), ImmutableNodes.leafNode(MTU, Uint16.valueOf(9000)));

        final Reverted reverted = get(service.reverts().revert(List.of(first), false, List.of(), ADMIN, UNRESTRICTED));
        assertTrue(reverted.result().ok(), reverted.toString());
        assertTrue(at(intended("r1"), interfacePath("eth1")).isEmpty(), "the first commit's interface is gone");
        assertEquals(Optional.of(ImmutableNodes.leafNode(MTU, Uint16.valueOf(9000))), at(intended("r1"), mtu("eth0")));
        assertTrue(at(r1.config(), interfacePath("eth1")).isPresent(), "nothing reaches the device before a commit");

        assertTrue(get(service.commits().commit(List.of("r1"), ADMIN)).ok());
        assertTrue(at(r1.config(), interfacePath("eth1")).isEmpty());
        assertEquals(Optional.of(ImmutableNodes.leafNode(MTU, Uint16.valueOf(9000))), at(r1.config(), mtu("eth0")));
    }

    @Test
    void revertIsRefusedWhenALaterCommitChangedTheSameLeafAndChangesNothing() throws Exception {
        final String first = commit("r1", description("eth0"), ImmutableNodes.leafNode(DESCRIPTION, "first"));
        commit("r2", description("eth0"), ImmutableNodes.leafNode(DESCRIPTION, "other node"));
        commit("r1", description("eth0"), ImmutableNodes.leafNode(DESCRIPTION, "second"));
        commit("r1", interfacePath("eth2"), iface("eth2", 1500, "second"));
        final String secondR2 = commit("r2", interfacePath("eth3"), iface("eth3", 1500, "r2"));
        final NormalizedNode before = intended("r1");

        final Reverted refused = get(service.reverts().revert(List.of(first), false, List.of(), ADMIN, UNRESTRICTED));
        assertFalse(refused.result().ok());
        final String message = refused.result().error().orElseThrow();
        assertTrue(message.contains("r1") && message.contains(
            "/openconfig-interfaces:interfaces/interface=eth0/config/description"), message);
        assertSame(before, intended("r1"), "a refused revert changes nothing");

        final Reverted skipped = get(service.reverts().revert(List.of(first), true, List.of(), ADMIN, UNRESTRICTED));
        assertTrue(skipped.result().ok(), skipped.toString());
        assertEquals(List.of("/openconfig-interfaces:interfaces/interface=eth0/config/description"),
            skipped.skipped().get("r1"));
        assertEquals(Optional.of(ImmutableNodes.leafNode(DESCRIPTION, "second")), at(intended("r1"),
            description("eth0")));

        final Reverted otherNode = get(service.reverts().revert(List.of(secondR2), false, List.of(), ADMIN, UNRESTRICTED));
        assertTrue(otherNode.result().ok(), otherNode.toString());
        assertTrue(at(intended("r2"), interfacePath("eth3")).isEmpty());
    }

    @Test
    void aRevertInATransactionIsSeenOnlyByIt() throws Exception {
        final String first = commit("r1", interfacePath("eth1"), iface("eth1", 1500, "first"));
        final String tx = service.createTransaction("admin");
        final RequestContext inTx = new RequestContext("admin", tx);
        assertTrue(get(service.reverts().revert(List.of(first), false, List.of(), inTx, UNRESTRICTED)).result().ok());
        assertTrue(at(intended("r1"), interfacePath("eth1")).isPresent(), "outside the transaction nothing changed");
        assertTrue(get(service.commits().commit(List.of(), inTx)).ok());
        assertTrue(at(r1.config(), interfacePath("eth1")).isEmpty());
    }

    @Test
    void unknownAndFailedTransactionsAreClearErrors() throws Exception {
        final Reverted unknown = get(service.reverts().revert(List.of("no-such-id"), false, List.of(), ADMIN, UNRESTRICTED));
        assertFalse(unknown.result().ok());
        assertTrue(unknown.result().error().orElseThrow().contains("not in uniconfig-manager:transaction-log"),
            unknown.toString());
    }

    @Test
    void historyAtAPointBetweenCommitsIsWhatWasCommittedThenAndTwoPointsDiff() throws Exception {
        final String first = commit("r1", description("eth0"), ImmutableNodes.leafNode(DESCRIPTION, "one"));
        final NormalizedNode afterFirst = intended("r1");
        final Instant between = Instant.now();
        await().until(() -> Instant.now().isAfter(between));
        final String second = commit("r1", interfacePath("eth1"), iface("eth1", 1500, "two"));

        assertEquals(afterFirst, service.history().point("r1", new NodeHistory.When.At(between)).configuration());
        assertEquals(afterFirst, service.history().point("r1", new NodeHistory.When.After(first)).configuration());
        assertEquals(intended("r1"), service.history().point("r1", new NodeHistory.When.After(second))
            .configuration());

        final ConfigDiff diff = service.history().compare("r1", new NodeHistory.When.After(first),
            new NodeHistory.When.After(second)).diff();
        assertEquals(1, diff.changes().size(), diff.toString());
        assertEquals(interfacePath("eth1"), diff.changes().get(0).path());
        assertEquals(ConfigDiff.Change.Kind.CREATED, diff.changes().get(0).kind());

        final OperationErrorsException before = assertThrows(OperationErrorsException.class, () ->
            service.history().point("r1", new NodeHistory.When.At(Instant.EPOCH)));
        assertEquals(ErrorTag.DATA_MISSING, before.errors().get(0).tag());
        assertTrue(before.getMessage().contains("oldest kept point is transaction " + first), before.getMessage());
    }
}
