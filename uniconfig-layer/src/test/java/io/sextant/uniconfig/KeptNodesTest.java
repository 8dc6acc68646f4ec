package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.concurrent.ExecutionException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Nodes kept by an earlier run are served as they were kept, at once, when an adapter can build
 * their schema without their devices; their devices are not read when they connect. A node an
 * interrupted commit left in doubt, or one whose schema is not known, waits for its device.
 */
class KeptNodesTest {
    private static EffectiveModelContext schema;

    private final ControllerStores datastores = new ControllerStores();
    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final UnifiedDeviceRegistry devices = new UnifiedDeviceRegistry();
    private final TestDevice d1 = new TestDevice("d1", schema);
    private final TestDevice d2 = new TestDevice("d2", schema);

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
        datastores.close();
    }

    /** What an adapter knows: the test devices' schema (TestDevice#schemaKey), nothing else. */
    private void knowTheSchema() {
        devices.registerSchemas("test:", id -> id.equals(String.valueOf(System.identityHashCode(schema)))
            ? Optional.of(schema) : Optional.empty());
    }

    private NodeRegistry registry(final KeptStore store) throws OperationErrorsException {
        return new NodeRegistry(devices, new NodeStatusWriter(datastores.operational()), store, executor);
    }

    /** d1 kept with eth0 committed and "pending" intended only. */
    private UniconfigStore.KeptNode keptWithAPendingChange(final TestDevice device) throws OperationErrorsException {
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "committed"));
        final NormalizedNode actual = device.config();
        final TestDevice scratch = new TestDevice("scratch", schema);
        scratch.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "committed"));
        scratch.outOfBand(interfacePath("pending"), iface("pending", 1500, "pending"));
        return new UniconfigStore.KeptNode(device.nodeId(), device.schemaKey(), scratch.config(), actual);
    }

    private static boolean intends(final UniconfigNode node, final String iface) {
        return node.intended().snapshot().read(interfacePath(iface)).isPresent();
    }

    @Test
    void keptNodesAreServedAtOnceWhenTheirSchemaIsKnownAndTheirDevicesAreNotReadWhenTheyConnect()
            throws Exception {
        knowTheSchema();
        final NodeRegistry registry = registry(new KeptStore(List.of(keptWithAPendingChange(d1)), List.of()));

        final UniconfigNode served = registry.node("d1").orElseThrow(() -> new AssertionError("d1 is served"));
        assertTrue(intends(served, "pending") && intends(served, "eth0"), "the kept intent");
        assertTrue(served.hasChanges(), "the pending change is still pending");
        assertFalse(registry.waitsForDevice("d1"));
        assertTrue(datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.UNICONFIG, "d1"))
            .orElseThrow().toString().contains("changed"), "its status is published");

        registry.deviceConnected(d1).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(0, d1.reads, "a kept node's device is not read");
        assertSame(served, registry.node("d1").orElseThrow(), "the node served before its device connected stays");
        assertTrue(intends(served, "pending"));
    }

    /** A kept node that counts how often it is decoded, or cannot be decoded. */
    private static final class Counted implements UniconfigStore.Kept {
        private final UniconfigStore.KeptNode node;
        private final boolean readable;
        private final AtomicInteger decodes = new AtomicInteger();

        Counted(final UniconfigStore.KeptNode node, final boolean readable) {
            this.node = node;
            this.readable = readable;
        }

        @Override
        public String nodeId() {
            return node.nodeId();
        }

        @Override
        public String schemaKey() {
            return node.schemaKey();
        }

        @Override
        public UniconfigStore.KeptNode decode() throws OperationErrorsException {
            decodes.incrementAndGet();
            if (!readable) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, "unreadable");
            }
            return node;
        }
    }

    private Optional<NormalizedNode> status(final String nodeId) {
        return datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.UNICONFIG, nodeId));
    }

    @Test
    void keptNodesAreServedBeforeTheyAreBuiltAndEachIsDecodedOnceAtItsFirstUseOrInTheBackground() throws Exception {
        knowTheSchema();
        final Counted kept1 = new Counted(keptWithAPendingChange(d1), true);
        final Counted kept2 = new Counted(keptWithAPendingChange(d2), true);
        final List<Runnable> background = new ArrayList<>();
        final NodeRegistry registry = new NodeRegistry(devices, new NodeStatusWriter(datastores.operational()),
            KeptStore.undecoded(List.of(kept1, kept2)), background::add);

        assertEquals(Set.of("d1", "d2"), registry.nodeIds(), "served at once");
        assertEquals(0, kept1.decodes.get() + kept2.decodes.get(), "nothing decoded before it is used");
        assertTrue(status("d1").isEmpty(), "a node's status is published once it is built");
        registry.deviceConnected(d2).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(0, kept2.decodes.get() + d2.reads, "its device connecting neither builds it nor reads the device");

        final UniconfigNode first = registry.node("d1").orElseThrow(() -> new AssertionError("d1 is served"));
        assertTrue(intends(first, "pending") && first.hasChanges(), "built at its first use, as kept");
        assertEquals(1, kept1.decodes.get());
        assertTrue(status("d1").orElseThrow().toString().contains("changed"), "its status is published");

        while (!background.isEmpty()) {
            background.remove(0).run();
        }
        assertEquals(1, kept1.decodes.get(), "a node built at its first use is not built again");
        assertEquals(1, kept2.decodes.get(), "the others are built in the background");
        assertTrue(status("d2").isPresent());
        assertSame(first, registry.node("d1").orElseThrow());
        assertEquals(List.of("d1", "d2"), registry.changedTargets(List.of(), null));
    }

    @Test
    void aKeptNodeThatCannotBeReadIsNotServedAndItsDeviceIsReadWhenItConnects() throws Exception {
        knowTheSchema();
        final KeptStore store = KeptStore.undecoded(List.of(new Counted(keptWithAPendingChange(d1), false)));
        final NodeRegistry registry = registry(store);

        assertTrue(registry.node("d1").isEmpty(), "what was kept of it cannot be read");
        assertFalse(registry.nodeIds().contains("d1"));
        assertFalse(registry.waitsForDevice("d1"));

        registry.deviceConnected(d1).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(1, d1.reads, "read from its device as a new node");
        assertEquals(List.of("d1"), store.created);
        assertTrue(registry.node("d1").isPresent());
    }

    @Test
    void aKeptNodeUnmountedBeforeItIsBuiltIsNeverServed() throws Exception {
        knowTheSchema();
        final List<Runnable> background = new ArrayList<>();
        final NodeRegistry registry = new NodeRegistry(devices, new NodeStatusWriter(datastores.operational()),
            KeptStore.undecoded(List.of(new Counted(keptWithAPendingChange(d1), true))), background::add);

        registry.unmounted("d1");
        background.forEach(Runnable::run);
        assertTrue(registry.node("d1").isEmpty());
        assertFalse(registry.nodeIds().contains("d1"));
        assertTrue(status("d1").isEmpty());
    }

    @Test
    void aNodeAnInterruptedCommitLeftInDoubtWaitsForItsDevice() throws Exception {
        knowTheSchema();
        final UniconfigStore.KeptNode inDoubt = keptWithAPendingChange(d1);
        final NodeRegistry registry = registry(new KeptStore(List.of(inDoubt, keptWithAPendingChange(d2)),
            List.of(new UniconfigStore.Interrupted("c1", "commit", "admin", false, List.of("d1")))));

        assertTrue(registry.node("d1").isEmpty(), "in doubt: what its device holds is not known");
        assertTrue(registry.waitsForDevice("d1"));
        assertTrue(registry.node("d2").isPresent(), "not in doubt: served");

        registry.deviceConnected(d1).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertTrue(registry.node("d1").isPresent(), "served once its device is back");
    }

    @Test
    void keptNodesWaitUntilAnAdapterKnowsTheirSchema() throws Exception {
        final NodeRegistry registry = registry(new KeptStore(List.of(keptWithAPendingChange(d1)), List.of()));
        assertTrue(registry.node("d1").isEmpty(), "no adapter knows its schema yet");
        assertTrue(registry.waitsForDevice("d1"));

        knowTheSchema();
        registry.restoreKnown();
        final UniconfigNode served = registry.node("d1").orElseThrow(() -> new AssertionError("d1 is served"));
        assertTrue(intends(served, "pending"));

        registry.deviceConnected(d1).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(0, d1.reads);
    }

    @Test
    void aKeptNodeWhoseSchemaNoAdapterCanBuildIsRestoredWhenItsDeviceConnects() throws Exception {
        devices.registerSchemas("test:", id -> Optional.empty());
        final NodeRegistry registry = registry(new KeptStore(List.of(keptWithAPendingChange(d1)), List.of()));
        assertTrue(registry.node("d1").isEmpty());

        registry.deviceConnected(d1).toCompletableFuture().get(30, TimeUnit.SECONDS);
        final UniconfigNode served = registry.node("d1").orElseThrow();
        assertTrue(intends(served, "pending"), "as it was kept");
        assertEquals(0, d1.reads);
    }

    @Test
    void aDeviceConnectingAgainWhileItsInDoubtNodeIsRecoveredDoesNotMakeItANewNode() throws Exception {
        knowTheSchema();
        final KeptStore store = new KeptStore(List.of(keptWithAPendingChange(d1)),
            List.of(new UniconfigStore.Interrupted("c1", "commit", "admin", false, List.of("d1"))));
        final NodeRegistry registry = registry(store);
        final CompletableFuture<Void> settling = new CompletableFuture<>();
        d1.settling = settling;

        final CompletableFuture<Void> first = registry.deviceConnected(d1).toCompletableFuture();
        // its session broke and came back while the recovery waits for the device to settle
        final CompletableFuture<Void> second = registry.deviceConnected(d1).toCompletableFuture();
        assertFalse(second.isDone(), "the second connection waits for the recovery of the first");
        settling.complete(null);
        first.get(30, TimeUnit.SECONDS);
        second.get(30, TimeUnit.SECONDS);

        final UniconfigNode node = registry.node("d1").orElseThrow(() -> new AssertionError("d1 is served"));
        assertTrue(intends(node, "pending"), "the kept intent, not what the device holds");
        assertEquals(List.of(), store.created, "not kept afresh as a new node");
        assertEquals(List.of("c1 failed: The controller stopped during this commit before keeping it; every device "
            + "holds its configuration from before the commit"), store.finished);
    }

    @Test
    void aNodeWhoseDeviceComesBackWithOtherModelsIsReplacedOnceItsLockIsFreeAndAChangeWaitingForItFails()
            throws Exception {
        knowTheSchema();
        final KeptStore store = new KeptStore(List.of(keptWithAPendingChange(d1)), List.of());
        final NodeRegistry registry = registry(store);
        final UniconfigNode old = registry.node("d1").orElseThrow();
        final NodeLocks locks = new NodeLocks(Duration.ofSeconds(30));
        final NodeLocks.Held change = locks.acquire(List.of(old)).toCompletableFuture().get(30, TimeUnit.SECONDS);
        final TestDevice upgraded = new TestDevice("d1", SchemaBuilder.build(BundledModels.get().withDependencies(
            List.of("openconfig-interfaces", "iana-if-type"))));

        final CompletableFuture<Void> replacing = registry.deviceConnected(upgraded).toCompletableFuture();
        final CompletableFuture<NodeLocks.Held> waiting = locks.acquire(List.of(old)).toCompletableFuture();
        assertSame(old, registry.node("d1").orElseThrow(), "not replaced while a change holds its lock");
        assertEquals(0, upgraded.reads);
        change.close();
        replacing.get(30, TimeUnit.SECONDS);

        assertNotSame(old, registry.node("d1").orElseThrow(), "read again from the device");
        assertEquals(1, upgraded.reads);
        assertEquals(List.of("d1"), store.created);
        final ExecutionException refused = assertThrows(ExecutionException.class,
            () -> waiting.get(30, TimeUnit.SECONDS));
        assertTrue(refused.getCause() instanceof NodeFailure failure && failure.kind() == ErrorKind.CONFLICT,
            String.valueOf(refused.getCause()));
        assertFalse(old.lock().isHeld(), "the refused change let go of the lock");
    }
}
