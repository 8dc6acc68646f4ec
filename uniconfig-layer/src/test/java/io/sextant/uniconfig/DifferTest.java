package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.opendaylight.yangtools.yang.data.tree.api.TreeType;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.opendaylight.yangtools.yang.data.tree.spi.DataTreeCandidates;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * {@link Differ} on random configurations: the diff is a yangtools candidate that turns the
 * old tree into the new one, and on trees that share their unchanged parts it compares only
 * along the paths to the changes.
 */
class DifferTest {
    private static final QName IFS = QName.create("http://openconfig.net/yang/interfaces", "2016-05-26",
        "interfaces");
    private static final QName IF = QName.create(IFS, "interface");
    private static final QName NAME = QName.create(IFS, "name");
    private static final QName CONFIG = QName.create(IFS, "config");
    private static final QName MTU = QName.create(IFS, "mtu");
    private static final QName DESCRIPTION = QName.create(IFS, "description");
    private static final QName TYPE = QName.create(IFS, "type");
    private static final QName SUBS = QName.create(IFS, "subinterfaces");
    private static final QName SUB = QName.create(IFS, "subinterface");
    private static final QName INDEX = QName.create(IFS, "index");
    private static final QName ETHERNET = QName.create("urn:ietf:params:xml:ns:yang:iana-if-type", "2014-05-08",
        "ethernetCsmacd");

    private static EffectiveModelContext schema;

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    private static YangInstanceIdentifier iface(final String name) {
        return YangInstanceIdentifier.builder().node(IFS).node(IF).nodeWithKey(IF, NAME, name).build();
    }

    private static MapEntryNode ifaceEntry(final String name, final int mtu, final int subinterfaces) {
        final var subs = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(SUB));
        for (int i = 0; i < subinterfaces; i++) {
            subs.withChild(subEntry(i, "sub " + i));
        }
        return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(NodeIdentifierWithPredicates.of(IF, NAME, name))
            .withChild(ImmutableNodes.leafNode(NAME, name))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(CONFIG))
                .withChild(ImmutableNodes.leafNode(NAME, name))
                .withChild(ImmutableNodes.leafNode(TYPE, ETHERNET))
                .withChild(ImmutableNodes.leafNode(MTU, Uint16.valueOf(mtu)))
                .withChild(ImmutableNodes.leafNode(DESCRIPTION, "port " + name)).build())
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(SUBS))
                .withChild(subs.build()).build())
            .build();
    }

    private static MapEntryNode subEntry(final int index, final String description) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(SUB, INDEX, Uint32.valueOf(index)))
            .withChild(ImmutableNodes.leafNode(INDEX, Uint32.valueOf(index)))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(CONFIG))
                .withChild(ImmutableNodes.leafNode(INDEX, Uint32.valueOf(index)))
                .withChild(ImmutableNodes.leafNode(DESCRIPTION, description)).build())
            .build();
    }

    private static YangInstanceIdentifier sub(final String name, final int index) {
        return iface(name).node(SUBS).node(SUB).node(NodeIdentifierWithPredicates.of(SUB, INDEX,
            Uint32.valueOf(index)));
    }

    private static InMemoryDataStore store() {
        return new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run, false);
    }

    private static NormalizedNode root(final InMemoryDataStore store) {
        return store.snapshot().read(YangInstanceIdentifier.of()).orElseThrow();
    }

    /** A random configuration of {@code count} interfaces, as a store (edits keep sharing the rest). */
    private static InMemoryDataStore randomConfiguration(final Random random, final int count)
            throws OperationErrorsException {
        final InMemoryDataStore store = store();
        store.update(tx -> {
            for (int i = 0; i < count; i++) {
                tx.put(iface("eth" + i), ifaceEntry("eth" + i, 1000 + random.nextInt(8000), random.nextInt(4)));
            }
        });
        return store;
    }

    /** One random edit of the kinds users make. */
    private static void randomEdit(final Random random, final InMemoryDataStore store, final int count)
            throws OperationErrorsException {
        final String name = "eth" + random.nextInt(count + 5);
        final boolean exists = store.snapshot().read(iface(name)).isPresent();
        final int kind = random.nextInt(6);
        final int index = random.nextInt(3);
        store.update(tx -> {
            if (!exists || kind == 0) {
                tx.put(iface(name), ifaceEntry(name, 1000 + random.nextInt(8000), random.nextInt(3)));
            } else if (kind == 1) {
                tx.delete(iface(name));
            } else if (kind == 2) {
                tx.put(iface(name).node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU,
                    Uint16.valueOf(1000 + random.nextInt(8000))));
            } else if (kind == 3) {
                tx.remove(iface(name).node(CONFIG).node(DESCRIPTION));
            } else if (kind == 4) {
                tx.put(sub(name, 10 + index), subEntry(10 + index, "new"));
            } else {
                tx.remove(sub(name, index));
            }
        });
    }

    @Test
    void applyingTheDiffToTheOldTreeGivesTheNewOne() throws Exception {
        final Random random = new Random(42);
        for (int r = 0; r < 200; r++) {
            final int round = r;
            final int count = 1 + random.nextInt(20);
            final InMemoryDataStore store = randomConfiguration(random, count);
            final NormalizedNode before = root(store);
            final int edits = random.nextInt(6);
            for (int e = 0; e < edits; e++) {
                randomEdit(random, store, count);
            }
            final NormalizedNode after = root(store);
            final ConfigDiff diff = Differ.diff(before, after);
            assertEquals(before.equals(after), diff.isEmpty(), "round " + round);

            // yangtools drops containers and lists that a change leaves empty; nothing else may differ
            final ConfigDiff left = Differ.diff(after, replay(before, diff));
            assertTrue(left.changes().stream().allMatch(c -> c.node() instanceof DiffNode.Deleted deleted
                && !hasLeaves(deleted.dataBefore())), () -> "round " + round + ": applying " + diff + " left " + left);
        }
    }

    @Test
    void aDiffOfSharedTreesComparesOnlyAlongThePathsToTheChanges() throws Exception {
        final Random random = new Random(7);
        final int count = 2000;
        final InMemoryDataStore store = randomConfiguration(random, count);
        final NormalizedNode before = root(store);
        store.update(tx -> tx.put(iface("eth77").node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU,
            Uint16.valueOf(9216))));
        store.update(tx -> tx.remove(sub("eth1500", 0)));
        final NormalizedNode after = root(store);

        final AtomicLong compared = new AtomicLong();
        final ConfigDiff diff = Differ.diff(before, after, compared::incrementAndGet);
        assertEquals(2, diff.changes().size(), diff.toString());
        // every pair compared is a child of a node on the way to a change (plus the root)
        final long bound = 1 + childrenOfModified(diff.getRootNode());
        assertTrue(compared.get() <= bound, compared + " pairs compared, at most " + bound + " expected");
        // far from the whole tree: the interface list is walked once, nothing below unchanged entries
        assertTrue(compared.get() < count + 40, compared + " pairs compared");
    }

    @Test
    void identicalTreesCostOneComparison() throws Exception {
        final InMemoryDataStore store = randomConfiguration(new Random(1), 500);
        final AtomicLong compared = new AtomicLong();
        final ConfigDiff diff = Differ.diff(root(store), root(store), compared::incrementAndGet);
        assertTrue(diff.isEmpty());
        assertEquals(1, compared.get());
        assertEquals(ModificationType.UNMODIFIED, diff.getRootNode().modificationType());
    }

    @Test
    void changesAreTheCandidatesWritesAndDeletesWithTheirData() throws Exception {
        final InMemoryDataStore store = randomConfiguration(new Random(3), 3);
        final NormalizedNode before = root(store);
        final NormalizedNode mtuBefore = store.snapshot().read(iface("eth0").node(CONFIG).node(MTU)).orElseThrow();
        store.update(tx -> {
            tx.put(iface("eth0").node(CONFIG).node(MTU), ImmutableNodes.leafNode(MTU, Uint16.valueOf(1234)));
            tx.put(iface("eth9"), ifaceEntry("eth9", 1500, 0));
            tx.delete(iface("eth2"));
        });
        final List<ConfigDiff.Change> changes = Differ.diff(before, root(store)).changes();
        final List<String> kinds = new ArrayList<>();
        changes.forEach(c -> kinds.add(c.kind() + " " + c.node().modificationType()));
        assertEquals(List.of("UPDATED WRITE", "CREATED WRITE", "DELETED DELETE"), kinds);
        assertEquals(iface("eth0").node(CONFIG).node(MTU), changes.get(0).path());
        assertEquals(mtuBefore, changes.get(0).node().dataBefore());
        assertEquals(iface("eth9"), changes.get(1).path());
        assertEquals(iface("eth2"), changes.get(2).path());
    }

    /** Apply the diff with yangtools' own candidate applier to a data tree holding {@code before}. */
    private static NormalizedNode replay(final NormalizedNode before, final ConfigDiff diff) throws Exception {
        final DataTree tree = new InMemoryDataTreeFactory().create(DataTreeConfiguration.builder(TreeType.CONFIGURATION)
            .setMandatoryNodesValidation(false).setUniqueIndexes(true).build(), schema);
        final DataTreeModification write = tree.takeSnapshot().newModification();
        write.write(YangInstanceIdentifier.of(), before);
        write.ready();
        tree.validate(write);
        tree.commit(tree.prepare(write));
        final DataTreeModification apply = tree.takeSnapshot().newModification();
        DataTreeCandidates.applyToModification(apply, diff);
        apply.ready();
        tree.validate(apply);
        tree.commit(tree.prepare(apply));
        return tree.takeSnapshot().readNode(YangInstanceIdentifier.of()).orElseThrow();
    }

    private static boolean hasLeaves(final NormalizedNode node) {
        if (node instanceof DistinctNodeContainer<?, ?> container) {
            return container.body().stream().anyMatch(child -> hasLeaves((NormalizedNode) child));
        }
        return true;
    }

    private static long childrenOfModified(final DataTreeCandidateNode node) {
        if (!(node instanceof DiffNode.Modified modified)) {
            return 0;
        }
        long sum = ((DistinctNodeContainer<?, ?>) modified.dataAfter()).size() + modified.children().values().stream()
            .filter(c -> c instanceof DiffNode.Deleted).count();
        for (DiffNode child : modified.children().values()) {
            sum += childrenOfModified(child);
        }
        return sum;
    }
}
