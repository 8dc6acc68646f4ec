package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.unified.UnifiedDeviceRegistry;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A commit the controller was stopped in the middle of: its devices are settled, read back and
 * put to the configuration kept for their nodes, so the commit ends on all of them (it had been
 * kept) or on none (it had not); the commit is then finished accordingly. Other kept nodes are
 * not read.
 */
class InterruptedCommitsTest {
    private static EffectiveModelContext schema;

    private final ControllerStores datastores = new ControllerStores();
    private final ExecutorService executor = Executors.newFixedThreadPool(2);
    private final TestDevice d1 = new TestDevice("d1", schema);
    private final TestDevice d2 = new TestDevice("d2", schema);
    private final TestDevice other = new TestDevice("other", schema);

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

    private static NormalizedNode config(final TestDevice device) {
        return device.config();
    }

    private static void holds(final TestDevice device, final String... interfaces) throws OperationErrorsException {
        for (String name : interfaces) {
            device.outOfBand(interfacePath(name), iface(name, 1500, name));
        }
    }

    private static UniconfigStore.KeptNode kept(final TestDevice device, final NormalizedNode actual) {
        return new UniconfigStore.KeptNode(device.nodeId(), device.schemaKey(), actual, actual);
    }

    private NodeRegistry registry(final KeptStore store) throws OperationErrorsException {
        return new NodeRegistry(new UnifiedDeviceRegistry(), new NodeStatusWriter(datastores.operational()), store,
            executor);
    }

    private static void connect(final NodeRegistry registry, final TestDevice... devices) throws Exception {
        for (TestDevice device : devices) {
            registry.deviceConnected(device).toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
    }

    private static boolean has(final TestDevice device, final String name) {
        return device.running.snapshot().read(interfacePath(name)).isPresent();
    }

    @Test
    void aCommitKeptBeforeTheStopEndsOnAllItsDevices() throws Exception {
        // the commit added "new" to both; d1 had confirmed it, d2's change was taken back
        holds(d1, "eth0", "new");
        holds(d2, "eth0");
        final NormalizedNode after = config(d1);
        holds(other, "eth0");
        final KeptStore store = new KeptStore(List.of(kept(d1, after), kept(d2, after), kept(other, config(other))),
            List.of(new UniconfigStore.Interrupted("c1", "commit", "admin", true, List.of("d1", "d2"))));
        final NodeRegistry registry = registry(store);
        assertEquals(Set.of("d1", "d2"), registry.inDoubtNodeIds());

        connect(registry, d1, other);
        assertEquals(List.of(), store.finished, "not finished while d2 is away");
        connect(registry, d2);

        assertTrue(has(d1, "new") && has(d2, "new"), "on both devices");
        assertEquals(List.of("c1 done"), store.finished);
        assertEquals(List.of("c1"), d1.settled);
        assertEquals(List.of("c1"), d2.settled);
        assertEquals(List.of(), other.settled, "a node of no interrupted commit is trusted as kept");
        assertEquals(List.of(), store.created, "every node came back as kept");
        assertEquals(Set.of(), registry.inDoubtNodeIds());
        assertFalse(registry.node("d2").orElseThrow().hasChanges(), "d2 holds what its node says");
    }

    @Test
    void aCommitNotKeptBeforeTheStopEndsOnNoneOfItsDevices() throws Exception {
        // the devices had applied "new" (d1) or not (d2); the commit was never kept
        holds(d1, "eth0");
        holds(d2, "eth0");
        final NormalizedNode before = config(d1);
        holds(d1, "new");
        final KeptStore store = new KeptStore(List.of(kept(d1, before), kept(d2, before)),
            List.of(new UniconfigStore.Interrupted("c2", "commit", "admin", false, List.of("d1", "d2"))));
        final NodeRegistry registry = registry(store);

        connect(registry, d1, d2);

        assertFalse(has(d1, "new") || has(d2, "new"), "on neither device");
        assertEquals(1, store.finished.size());
        assertTrue(store.finished.get(0).startsWith("c2 failed: The controller stopped during this commit before "
            + "keeping it; every device holds its configuration from before the commit"), store.finished.get(0));
    }

    @Test
    void aDeviceThatCannotBeReadStaysInDoubtUntilItConnectsAgain() throws Exception {
        holds(d1, "eth0");
        final KeptStore store = new KeptStore(List.of(kept(d1, config(d1))),
            List.of(new UniconfigStore.Interrupted("c3", "commit", "admin", true, List.of("d1"))));
        final NodeRegistry registry = registry(store);

        d1.failRead = true;
        connect(registry, d1);
        assertTrue(registry.node("d1").isEmpty(), "not served while in doubt");
        assertEquals(Set.of("d1"), registry.inDoubtNodeIds());
        assertEquals(List.of(), store.finished);
        final String status = datastores.operational().snapshot().read(TopologyPaths.node(TopologyPaths.UNICONFIG,
            "d1")).orElseThrow().toString();
        assertTrue(status.contains("In doubt after an interrupted commit"), status);

        d1.failRead = false;
        connect(registry, d1);
        assertTrue(registry.node("d1").isPresent());
        assertEquals(List.of("c3 done"), store.finished);
    }

    @Test
    void aDeviceBackWithOtherModelsIsReadAgainAndEndsItsPartOfTheCommit() throws Exception {
        holds(d1, "eth0", "new");
        final KeptStore store = new KeptStore(List.of(new UniconfigStore.KeptNode("d1", "test:other-models",
            config(d1), config(d1))), List.of(new UniconfigStore.Interrupted("c5", "commit", "admin", true,
                List.of("d1"))));
        final NodeRegistry registry = registry(store);

        connect(registry, d1);
        assertEquals(List.of("d1"), store.created, "read again as a new node");
        assertEquals(Set.of(), registry.inDoubtNodeIds());
        assertEquals(List.of("c5 failed"), store.finished);
    }

    @Test
    void aNodeNoLongerKeptFailsItsInterruptedCommitAtOnce() throws Exception {
        final KeptStore store = new KeptStore(List.of(),
            List.of(new UniconfigStore.Interrupted("c4", "commit", "admin", true, List.of("gone"))));
        final NodeRegistry registry = registry(store);
        assertEquals(Set.of(), registry.inDoubtNodeIds());
        assertEquals(1, store.finished.size());
        assertTrue(store.finished.get(0).startsWith("c4 failed"), store.finished.get(0));
    }
}
