package io.sextant.datastore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Node entries put in a tree shaped as a read at any level above their list (the state other
 * controller instances serve, beside a topology read here), and merged with what was read here.
 */
class NormalizedTreesTest {
    private static final String NS = "urn:test:topology";
    private static final QName NETWORK = QName.create(NS, "network-topology");
    private static final QName TOPOLOGY = QName.create(NS, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NS, "topology-id");
    private static final QName NODE = QName.create(NS, "node");
    private static final QName NODE_ID = QName.create(NS, "node-id");
    private static final QName STATUS = QName.create(NS, "status");
    private static final YangInstanceIdentifier NODES = YangInstanceIdentifier.of(new NodeIdentifier(NETWORK),
        new NodeIdentifier(TOPOLOGY), NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, "t1"),
        new NodeIdentifier(NODE));

    private static MapEntryNode node(final String id, final String status) {
        return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id))
            .withChild(ImmutableNodes.leafNode(NODE_ID, id)).withChild(ImmutableNodes.leafNode(STATUS, status)).build();
    }

    private static YangInstanceIdentifier nodePath(final String id) {
        return NODES.node(NodeIdentifierWithPredicates.of(NODE, NODE_ID, id));
    }

    @Test
    void entriesAreFoundAtTheirPathsInAReadAtEveryLevelAboveTheirList() {
        final List<MapEntryNode> entries = List.of(node("n1", "connected"), node("n2", "connecting"));
        for (int level = 0; level <= NODES.getPathArguments().size(); level++) {
            final YangInstanceIdentifier read = YangInstanceIdentifier.of(NODES.getPathArguments().subList(0, level));
            final NormalizedNode tree = NormalizedTrees.listAt(read, NODES, entries).orElseThrow();
            final List<YangInstanceIdentifier.PathArgument> below = NODES.getPathArguments().subList(level,
                NODES.getPathArguments().size());
            for (MapEntryNode entry : entries) {
                final Optional<NormalizedNode> found = NormalizedNodes.findNode(tree, YangInstanceIdentifier.of(below)
                    .node(entry.name()).getPathArguments());
                assertEquals(Optional.of(entry), found, "read at level " + level);
            }
            if (level == 3) {
                // the topology entry carries its key leaf
                assertEquals(Optional.of(ImmutableNodes.leafNode(TOPOLOGY_ID, "t1")), NormalizedNodes.findNode(tree,
                    List.of(new NodeIdentifier(TOPOLOGY_ID))));
            }
        }
    }

    @Test
    void nothingForAReadBelowTheListOrWithoutEntries() {
        assertEquals(Optional.empty(), NormalizedTrees.listAt(nodePath("n1"), NODES, List.of(node("n1", "x"))));
        assertEquals(Optional.empty(), NormalizedTrees.listAt(NODES, NODES, List.of()));
    }

    @Test
    void aMergeKeepsTheNodesOfBothAndTheOverlayWinsWhereBothHaveOne() {
        final YangInstanceIdentifier read = YangInstanceIdentifier.of(new NodeIdentifier(NETWORK));
        final NormalizedNode elsewhere = NormalizedTrees.listAt(read, NODES, List.of(node("n1", "held elsewhere"),
            node("n2", "connected"))).orElseThrow();
        final NormalizedNode here = NormalizedTrees.listAt(read, NODES, List.of(node("n2", "connecting"),
            node("n3", "connected"))).orElseThrow();

        final NormalizedNode merged = NormalizedTrees.merge(elsewhere, here);
        final List<YangInstanceIdentifier.PathArgument> below = NODES.getPathArguments().subList(1, 4);
        for (String[] expected : new String[][] {{"n1", "held elsewhere"}, {"n2", "connecting"}, {"n3", "connected"}}) {
            assertEquals(Optional.of(node(expected[0], expected[1])), NormalizedNodes.findNode(merged,
                YangInstanceIdentifier.of(below).node(NodeIdentifierWithPredicates.of(NODE, NODE_ID, expected[0]))
                    .getPathArguments()));
        }
    }
}
