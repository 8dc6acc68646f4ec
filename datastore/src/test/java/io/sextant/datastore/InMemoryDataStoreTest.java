package io.sextant.datastore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

class InMemoryDataStoreTest {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");
    private static final QName PORT = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "port");
    private static final QName STATUS = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "connection-status");

    private final InMemoryDataStore config =
        new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run);

    private static YangInstanceIdentifier nodePath(final String id) {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, "topology-netconf").node(NODE).nodeWithKey(NODE, NODE_ID, id).build();
    }

    private static MapEntryNode node(final String id, final Object port) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(PORT, port))
            .build();
    }

    @Test
    void writeCreatesMissingParentsAndReadsBack() throws Exception {
        final WriteTransaction tx = config.newTransaction();
        tx.put(nodePath("r1"), node("r1", Uint16.valueOf(830)));
        tx.commit();
        assertEquals(node("r1", Uint16.valueOf(830)), config.snapshot().read(nodePath("r1")).orElseThrow());
        assertTrue(config.size() > 4);
    }

    /** The size a commit leaves behind is the same as counting the whole tree afresh. */
    private void assertSizeIsAFreshCount(final String after) {
        assertEquals(NormalizedNodeCounter.count(config.snapshot().read(YangInstanceIdentifier.of()).orElseThrow()),
            config.size(), after);
    }

    @Test
    void sizeFollowsEveryKindOfChangeWithoutRecounting() throws Exception {
        assertSizeIsAFreshCount("start");
        final Random random = new Random(7);
        for (int step = 0; step < 300; step++) {
            final String id = "r" + random.nextInt(12);
            final WriteTransaction tx = config.newTransaction();
            final String what = switch (random.nextInt(5)) {
                case 0 -> {
                    tx.put(nodePath(id), node(id, Uint16.valueOf(random.nextInt(1000))));
                    yield "put " + id;
                }
                case 1 -> {
                    tx.merge(nodePath(id), node(id, Uint16.valueOf(random.nextInt(1000))));
                    yield "merge " + id;
                }
                case 2 -> {
                    tx.put(nodePath(id), ImmutableNodes.newMapEntryBuilder()
                        .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
                        .withChild(ImmutableNodes.leafNode(NODE_ID, id)).build());
                    yield "put without port " + id;
                }
                case 3 -> {
                    if (config.snapshot().read(nodePath(id)).isEmpty()) {
                        yield "nothing to delete at " + id;
                    }
                    tx.delete(nodePath(id));
                    yield "delete " + id;
                }
                default -> {
                    if (config.snapshot().read(YangInstanceIdentifier.of(NETWORK_TOPOLOGY)).isEmpty()) {
                        yield "nothing to delete";
                    }
                    tx.delete(YangInstanceIdentifier.of(NETWORK_TOPOLOGY));
                    yield "delete all";
                }
            };
            tx.commit();
            assertSizeIsAFreshCount("step " + step + ": " + what);
        }
    }

    @Test
    void stateDataIsRejectedByTheConfigurationStoreAndNothingChanges() throws Exception {
        final WriteTransaction tx = config.newTransaction();
        final var withState = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, "r1"))
            .withChild(ImmutableNodes.leafNode(NODE_ID, "r1"))
            .withChild(ImmutableNodes.leafNode(STATUS, "connected")).build();
        final var ex = assertThrows(OperationErrorsException.class, () -> {
            tx.put(nodePath("r1"), withState);
            tx.commit();
        });
        assertEquals(ErrorTag.INVALID_VALUE, ex.errors().get(0).tag());
        assertTrue(config.snapshot().read(nodePath("r1")).isEmpty());
    }

    @Test
    void createOfExistingDataFailsWithDataExists() throws Exception {
        WriteTransaction tx = config.newTransaction();
        tx.create(nodePath("r1"), node("r1", Uint16.valueOf(830)));
        tx.commit();
        final WriteTransaction again = config.newTransaction();
        final var ex = assertThrows(OperationErrorsException.class,
            () -> again.create(nodePath("r1"), node("r1", Uint16.valueOf(831))));
        assertEquals(ErrorTag.DATA_EXISTS, ex.errors().get(0).tag());
        assertEquals(nodePath("r1"), ex.path().orElseThrow());
    }

    @Test
    void deleteOfMissingDataFailsWithDataMissing() {
        final var ex = assertThrows(OperationErrorsException.class, () -> config.newTransaction().delete(nodePath("x")));
        assertEquals(ErrorTag.DATA_MISSING, ex.errors().get(0).tag());
    }

    @Test
    void concurrentChangesToTheSameDataConflict() throws Exception {
        final WriteTransaction first = config.newTransaction();
        final WriteTransaction second = config.newTransaction();
        first.put(nodePath("r1"), node("r1", Uint16.valueOf(1)));
        second.put(nodePath("r1"), node("r1", Uint16.valueOf(2)));
        first.commit();
        final var ex = assertThrows(OperationErrorsException.class, second::commit);
        assertEquals(ErrorTag.IN_USE, ex.errors().get(0).tag());
        assertEquals(node("r1", Uint16.valueOf(1)), config.snapshot().read(nodePath("r1")).orElseThrow());
    }

    @Test
    void validatorVetoLeavesTheStoreUnchangedAndListenersSeeOnlyCommits() throws Exception {
        final List<YangInstanceIdentifier> seen = new ArrayList<>();
        config.registerListener(nodePath("r1"), candidate -> seen.add(nodePath("r1")));
        try (var reg = config.registerValidator(nodePath("r1"), candidate -> {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "no", nodePath("r1"));
        })) {
            final WriteTransaction tx = config.newTransaction();
            tx.put(nodePath("r1"), node("r1", Uint16.valueOf(830)));
            assertThrows(OperationErrorsException.class, tx::commit);
        }
        assertTrue(config.snapshot().read(nodePath("r1")).isEmpty());
        assertTrue(seen.isEmpty());
        final WriteTransaction tx = config.newTransaction();
        tx.put(nodePath("r1"), node("r1", Uint16.valueOf(830)));
        tx.commit();
        assertEquals(1, seen.size());
        final WriteTransaction other = config.newTransaction();
        other.put(nodePath("r2"), node("r2", Uint16.valueOf(830)));
        other.commit();
        assertEquals(1, seen.size(), "a commit elsewhere is not reported");
    }

    /**
     * What made status writes fail users' requests: two writers of the same entry at once (an
     * optimistic transaction fails then, see above), here alongside first writes of siblings.
     */
    @Test
    void concurrentUpdatesNeverConflict() throws Exception {
        final int threads = 8;
        final int perThread = 200;
        final var pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 5; round++) {
                final InMemoryDataStore store = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
                    Runnable::run);
                final var start = new CountDownLatch(1);
                final List<Future<?>> futures = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    final int thread = t;
                    futures.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < perThread; i++) {
                            final String id = "n" + thread + "-" + i;
                            store.update(tx -> tx.put(nodePath(id), node(id, Uint16.valueOf(830))));
                            // the same entry rewritten by everyone: the other classic conflict
                            store.update(tx -> tx.put(nodePath("shared"), node("shared", Uint16.valueOf(thread))));
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (var future : futures) {
                    future.get();
                }
                for (int t = 0; t < threads; t++) {
                    for (int i = 0; i < perThread; i++) {
                        assertTrue(store.snapshot().read(nodePath("n" + t + "-" + i)).isPresent());
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anInvalidUpdateChangesNothing() throws Exception {
        config.update(tx -> tx.put(nodePath("r1"), node("r1", Uint16.valueOf(830))));
        final var before = config.snapshot().read(YangInstanceIdentifier.of()).orElseThrow();
        assertThrows(OperationErrorsException.class, () -> config.update(tx -> {
            tx.put(nodePath("r2"), node("r2", Uint16.valueOf(830)));
            tx.put(nodePath("r3"), node("r4", Uint16.valueOf(830)));
        }));
        assertEquals(before, config.snapshot().read(YangInstanceIdentifier.of()).orElseThrow());
    }

    /** A filter that doubles every port it finds in a node entry written at or above it. */
    private static NormalizedNode doublePorts(final YangInstanceIdentifier path, final NormalizedNode data) {
        if (data instanceof MapEntryNode entry
                && entry.childByArg(new NodeIdentifier(PORT)) instanceof LeafNode<?> port) {
            return ImmutableNodes.builderFactory().newMapEntryBuilder(entry)
                .withChild(ImmutableNodes.leafNode(PORT, Uint16.valueOf(((Uint16) port.body()).intValue() * 2)))
                .build();
        }
        return data;
    }

    @Test
    void writeFiltersRewriteWhatReachesTheirSubtreeAndCanRefuseIt() throws Exception {
        final List<YangInstanceIdentifier> seen = new ArrayList<>();
        final Registration registration = config.registerWriteFilter(nodePath("r1"), (current, path, data) -> {
            seen.add(path);
            if (data instanceof MapEntryNode entry
                    && entry.childByArg(new NodeIdentifier(PORT)) instanceof LeafNode<?> port
                    && ((Uint16) port.body()).intValue() == 666) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "refused", path);
            }
            return doublePorts(path, data);
        });
        config.update(tx -> tx.put(nodePath("r1"), node("r1", Uint16.valueOf(100))));
        assertEquals(node("r1", Uint16.valueOf(200)), config.snapshot().read(nodePath("r1")).orElseThrow());
        config.update(tx -> tx.merge(nodePath("r1"), node("r1", Uint16.valueOf(7))));
        assertEquals(node("r1", Uint16.valueOf(14)), config.snapshot().read(nodePath("r1")).orElseThrow());
        // another node is not the filter's business
        config.update(tx -> tx.put(nodePath("r2"), node("r2", Uint16.valueOf(5))));
        assertEquals(node("r2", Uint16.valueOf(5)), config.snapshot().read(nodePath("r2")).orElseThrow());
        assertEquals(List.of(nodePath("r1"), nodePath("r1")), seen);
        // a refused write changes nothing, also of the other writes of its transaction
        assertThrows(OperationErrorsException.class, () -> config.update(tx -> {
            tx.put(nodePath("r3"), node("r3", Uint16.valueOf(1)));
            tx.put(nodePath("r1"), node("r1", Uint16.valueOf(666)));
        }));
        assertTrue(config.snapshot().read(nodePath("r3")).isEmpty());
        registration.close();
        config.update(tx -> tx.put(nodePath("r1"), node("r1", Uint16.valueOf(100))));
        assertEquals(node("r1", Uint16.valueOf(100)), config.snapshot().read(nodePath("r1")).orElseThrow());
    }

    private static YangInstanceIdentifier topologyPath() {
        return YangInstanceIdentifier.builder().node(NETWORK_TOPOLOGY).node(TOPOLOGY)
            .nodeWithKey(TOPOLOGY, TOPOLOGY_ID, "topology-netconf").build();
    }

    private static MapEntryNode emptyTopology() {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, "topology-netconf"))
            .withChild(ImmutableNodes.leafNode(TOPOLOGY_ID, "topology-netconf"))
            .build();
    }

    /** Many writes into one list in one transaction, the list's parents created by the first of them. */
    @Test
    void manyWritesIntoANewListInOneTransaction() throws Exception {
        config.update(tx -> {
            for (int i = 0; i < 2_000; i++) {
                tx.put(nodePath("r" + i), node("r" + i, Uint16.valueOf(i)));
            }
        });
        for (int i = 0; i < 2_000; i += 97) {
            assertEquals(node("r" + i, Uint16.valueOf(i)), config.snapshot().read(nodePath("r" + i)).orElseThrow());
        }
    }

    /** A parent the transaction deleted, or replaced above, is created again for a later write under it. */
    @Test
    void aParentDeletedOrReplacedEarlierInTheTransactionIsCreatedAgain() throws Exception {
        config.update(tx -> {
            tx.put(nodePath("r1"), node("r1", Uint16.valueOf(1)));
            tx.put(nodePath("r2"), node("r2", Uint16.valueOf(2)));
        });

        config.update(tx -> {
            tx.put(nodePath("r3"), node("r3", Uint16.valueOf(3)));
            tx.delete(topologyPath());
            tx.put(nodePath("r4"), node("r4", Uint16.valueOf(4)));
        });
        assertTrue(config.snapshot().read(nodePath("r1")).isEmpty(), "deleted with its topology");
        assertTrue(config.snapshot().read(nodePath("r3")).isEmpty(), "deleted with its topology");
        assertEquals(node("r4", Uint16.valueOf(4)), config.snapshot().read(nodePath("r4")).orElseThrow());
        assertEquals("topology-netconf", ((LeafNode<?>) config.snapshot().read(topologyPath().node(TOPOLOGY_ID))
            .orElseThrow()).body(), "the topology entry made again, with its key");

        config.update(tx -> {
            tx.put(nodePath("r5"), node("r5", Uint16.valueOf(5)));
            tx.put(YangInstanceIdentifier.of(new NodeIdentifier(NETWORK_TOPOLOGY)), ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(new NodeIdentifier(NETWORK_TOPOLOGY)).build());
            tx.put(nodePath("r6"), node("r6", Uint16.valueOf(6)));
        });
        assertTrue(config.snapshot().read(nodePath("r4")).isEmpty(), "replaced with everything above it");
        assertTrue(config.snapshot().read(nodePath("r5")).isEmpty(), "replaced with everything above it");
        assertEquals(node("r6", Uint16.valueOf(6)), config.snapshot().read(nodePath("r6")).orElseThrow());

        config.update(tx -> {
            tx.put(topologyPath(), emptyTopology());
            tx.put(nodePath("r7"), node("r7", Uint16.valueOf(7)));
        });
        assertTrue(config.snapshot().read(nodePath("r6")).isEmpty());
        assertEquals(node("r7", Uint16.valueOf(7)), config.snapshot().read(nodePath("r7")).orElseThrow());
    }

    /** Many removes in one transaction, of nodes there and of nodes never there, change only what was there. */
    @Test
    void manyRemovesInOneTransactionOfNodesThereAndNot() throws Exception {
        config.update(tx -> {
            for (int i = 0; i < 1_000; i++) {
                tx.put(nodePath("r" + i), node("r" + i, Uint16.valueOf(i)));
            }
        });
        final long before = config.size();
        config.update(tx -> {
            for (int i = 0; i < 1_000; i += 2) {
                tx.remove(nodePath("r" + i));
                tx.remove(nodePath("missing" + i));
            }
        });
        assertTrue(config.snapshot().read(nodePath("r0")).isEmpty());
        assertEquals(node("r1", Uint16.valueOf(1)), config.snapshot().read(nodePath("r1")).orElseThrow());
        assertTrue(config.snapshot().read(nodePath("missing0")).isEmpty());
        assertTrue(config.size() < before);
        assertSizeIsAFreshCount("after the removes");

        final var unchanged = config.update(tx -> tx.remove(nodePath("missing-again")));
        assertEquals(ModificationType.UNMODIFIED,
            unchanged.getRootNode().modificationType(), "removing what is not there changes nothing");
    }
}
