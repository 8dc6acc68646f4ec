package io.sextant.datastore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.model.ControllerSchema;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeSnapshot;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;

/**
 * Which parents a transaction may take as existing without reading its modification: those of
 * the snapshot it started from or seen by it, unless one of its edits deleted them or replaced or
 * deleted one of their ancestors.
 */
class KnownParentsTest {
    private static final QName NETWORK_TOPOLOGY = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NETWORK_TOPOLOGY, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NETWORK_TOPOLOGY, "topology-id");
    private static final QName NODE = QName.create(NETWORK_TOPOLOGY, "node");
    private static final QName NODE_ID = QName.create(NETWORK_TOPOLOGY, "node-id");

    /** network-topology, topology, topology[t], node: the parents of a node entry, root first. */
    private static List<YangInstanceIdentifier> parentsOfANode(final String topologyId) {
        final List<YangInstanceIdentifier> parents = new ArrayList<>();
        YangInstanceIdentifier path = YangInstanceIdentifier.of(NETWORK_TOPOLOGY);
        parents.add(path);
        path = path.node(TOPOLOGY);
        parents.add(path);
        path = path.node(YangInstanceIdentifier.NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, topologyId));
        parents.add(path);
        parents.add(path.node(NODE));
        return parents;
    }

    private static List<Boolean> known(final KnownParents known, final List<YangInstanceIdentifier> parents) {
        final KnownParents.Walk walk = known.walk();
        return parents.stream().map(walk::knownToExist).toList();
    }

    /** A snapshot with node r1 of topology t1. */
    private static DataTreeSnapshot withANode() throws Exception {
        final DataTree tree = new InMemoryDataTreeFactory().create(DataTreeConfiguration.DEFAULT_CONFIGURATION,
            ControllerSchema.get());
        final var topology = YangInstanceIdentifier.NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, "t1");
        final var node = YangInstanceIdentifier.NodeIdentifierWithPredicates.of(NODE, NODE_ID, "r1");
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        modification.write(YangInstanceIdentifier.of(NETWORK_TOPOLOGY), ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(NETWORK_TOPOLOGY))
            .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(TOPOLOGY))
                .withChild(ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(topology)
                    .withChild(ImmutableNodes.leafNode(TOPOLOGY_ID, "t1"))
                    .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(NODE))
                        .withChild(ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(node)
                            .withChild(ImmutableNodes.leafNode(NODE_ID, "r1")).build())
                        .build())
                    .build())
                .build())
            .build());
        modification.ready();
        tree.validate(modification);
        tree.commit(tree.prepare(modification));
        return tree.takeSnapshot();
    }

    @Test
    void whatTheSnapshotHoldsIsKnownUntilAnEditDeletesItOrReplacesAnAncestor() throws Exception {
        final List<YangInstanceIdentifier> t1 = parentsOfANode("t1");
        final List<YangInstanceIdentifier> t2 = parentsOfANode("t2");

        final KnownParents known = new KnownParents(withANode());
        assertEquals(List.of(true, true, true, true), known(known, t1));
        assertEquals(List.of(true, true, false, false), known(known, t2), "t2 is not in the snapshot");

        known.deleted(t1.get(2));
        assertEquals(List.of(true, true, false, false), known(known, t1), "t1 deleted, and what is below it");

        known.replaced(t1.get(0));
        assertEquals(List.of(true, false, false, false), known(known, t1), "network-topology written whole");
    }

    @Test
    void whatTheTransactionSawOrMadeIsKnownUntilAnEditRemovesIt() throws Exception {
        final List<YangInstanceIdentifier> t2 = parentsOfANode("t2");
        final KnownParents known = new KnownParents(withANode());

        known.exists(t2.get(2));
        known.exists(t2.get(3));
        assertEquals(List.of(true, true, true, true), known(known, t2));

        known.deleted(t2.get(3));
        assertEquals(List.of(true, true, true, false), known(known, t2), "its node list deleted");
        known.exists(t2.get(3));
        assertEquals(List.of(true, true, true, true), known(known, t2), "seen again after the delete");

        known.replaced(t2.get(2));
        assertEquals(List.of(true, true, true, false), known(known, t2), "t2 written whole after its list was seen");
        known.exists(t2.get(3));
        assertEquals(List.of(true, true, true, true), known(known, t2), "and the list seen again since");
    }

    @Test
    void whatTheSnapshotHeldIsNotKnownOnceAnAncestorWasReplacedEvenIfSeenBefore() throws Exception {
        final List<YangInstanceIdentifier> t1 = parentsOfANode("t1");
        final KnownParents known = new KnownParents(withANode());
        known.exists(t1.get(3));

        known.replaced(t1.get(1));
        assertEquals(List.of(true, true, false, false), known(known, t1), "the topology list written whole");
    }
}
