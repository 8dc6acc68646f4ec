package io.sextant.translation.frr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.translation.CommandPlan;
import io.sextant.translation.UnitModel;
import io.sextant.translation.oc.OcPaths;
import io.sextant.translation.oc.OpenConfig.If;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.testing.Trees;
import io.sextant.translation.testing.Yid;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * The FRR unit plans a change from the yangtools candidate it is handed, whatever shape the
 * candidate has: the same lines as for the trees before and after, and nothing for data written
 * again unchanged.
 */
class CandidateWalkTest {
    private final UnitModel model = UnitModel.of(new FrrUnit());
    private ContainerNode before;

    @BeforeEach
    void readFixture() throws Exception {
        before = model.read(FrrFixtures.outputs()).configuration();
    }

    private static Yid eth(final String name) {
        return Yid.of(If.INTERFACES).entry(If.INTERFACE, If.NAME, name);
    }

    /** The lines and their reverse from the candidate equal those from the trees; returns the lines. */
    private List<String> sameFromCandidateAndTrees(final Trees.Edit edit) throws Exception {
        final DataTreeCandidate candidate = Trees.candidate(model.schema(), before, edit);
        final CommandPlan fromCandidate = model.commands(candidate);
        final CommandPlan fromTrees = model.commands(before, Trees.edit(model.schema(), before, edit));
        assertEquals(fromTrees.lines(), fromCandidate.lines());
        assertEquals(fromTrees.rollback().lines(), fromCandidate.rollback().lines());
        // a candidate whose written nodes do not list what changed inside them plans the same
        final CommandPlan fromOpaque = model.commands(new Viewed(candidate));
        assertEquals(fromTrees.lines(), fromOpaque.lines());
        return fromCandidate.lines();
    }

    @Test
    void aLeafWrittenDeepInsideIsFoundAlongTheModifiedPath() throws Exception {
        assertEquals(List.of("interface eth1", "description lab", "exit"), sameFromCandidateAndTrees(m -> m.write(
            eth("eth1").node(If.CONFIG).node(If.DESCRIPTION).path(), ImmutableNodes.leafNode(If.DESCRIPTION, "lab"))));
    }

    @Test
    void aWholeEntryWrittenAgainPlansOnlyWhatDiffers() throws Exception {
        final YangInstanceIdentifier eth0 = eth("eth0").path();
        final MapEntryNode entry = (MapEntryNode) NormalizedNodes.findNode(before, eth0).orElseThrow();
        // the same entry, rebuilt, with enabled=false in its config
        final var changed = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(entry.name());
        for (DataContainerChild child : entry.body()) {
            if (child instanceof ContainerNode config && config.name().getNodeType().equals(If.CONFIG)) {
                final var disabled = ImmutableNodes.newContainerBuilder().withNodeIdentifier(config.name());
                config.body().forEach(disabled::withChild);
                changed.withChild(disabled.withChild(ImmutableNodes.leafNode(If.ENABLED, false)).build());
            } else {
                changed.withChild(child);
            }
        }
        assertEquals(List.of("interface eth0", "shutdown", "exit"), sameFromCandidateAndTrees(m -> m.write(eth0,
            changed.build())));
    }

    @Test
    void deletedAndCreatedSubtreesAreWalkedThroughTheirData() throws Exception {
        assertEquals(List.of("no router bgp 65001 vrf blue", "vrf blue", "no ip route 172.16.0.0/16 10.9.9.9",
            "exit-vrf", "no vrf blue"), sameFromCandidateAndTrees(m -> m.delete(Yid.of(Ni.NETWORK_INSTANCES)
                .entry(Ni.NETWORK_INSTANCE, Ni.NAME, "blue").path())));
        final YangInstanceIdentifier staticRoutes = Yid.of(Ni.NETWORK_INSTANCES)
            .entry(Ni.NETWORK_INSTANCE, Ni.NAME, "default").node(Ni.PROTOCOLS)
            .entry(OcPaths.protocolKey(Ni.STATIC_PROTOCOL)).path();
        final NormalizedNode routes = NormalizedNodes.findNode(before, staticRoutes).orElseThrow();
        before = Trees.edit(model.schema(), before, m -> m.delete(staticRoutes));
        assertEquals(List.of("ip route 192.168.10.0/24 10.0.0.254", "ip route 192.168.10.0/24 10.0.1.254 250",
            "ip route 192.168.20.0/24 eth0", "ip route 192.168.30.0/24 10.0.0.253 eth0 200",
            "ip route 192.168.40.0/24 blackhole"), sameFromCandidateAndTrees(m -> m.write(staticRoutes, routes)));
    }

    @Test
    void dataWrittenAgainUnchangedPlansNothing() throws Exception {
        final DataTreeCandidate rewritten = Trees.candidate(model.schema(), before, m -> {
            for (DataContainerChild child : before.body()) {
                m.write(YangInstanceIdentifier.of(child.name()), child);
            }
        });
        assertTrue(model.commands(rewritten).isEmpty());
    }

    @Test
    void aCandidateBelowTheRootIsRefused() throws Exception {
        final DataTreeCandidate candidate = Trees.candidate(model.schema(), before, m -> { });
        final DataTreeCandidate below = new DataTreeCandidate() {
            @Override
            public DataTreeCandidateNode getRootNode() {
                return candidate.getRootNode();
            }

            @Override
            public YangInstanceIdentifier getRootPath() {
                return eth("eth0").path();
            }
        };
        assertThrows(IllegalArgumentException.class, () -> model.commands(below));
    }

    @Test
    void theWalkFollowsTheCandidatesModifiedNodesOnly() throws Exception {
        final DataTreeCandidate candidate = Trees.candidate(model.schema(), before, m -> m.write(
            eth("eth1").node(If.CONFIG).node(If.DESCRIPTION).path(), ImmutableNodes.leafNode(If.DESCRIPTION, "lab")));
        final Set<PathArgument> visited = new HashSet<>();
        model.commands(new Viewed(candidate, false, visited));
        assertEquals(Set.of(NodeIdentifier.create(If.INTERFACES), NodeIdentifier.create(If.INTERFACE),
            NodeIdentifierWithPredicates.of(If.INTERFACE, If.NAME, "eth1"), NodeIdentifier.create(If.CONFIG),
            NodeIdentifier.create(If.DESCRIPTION)), visited);
    }

    /**
     * A candidate seen through {@link ViewedNode}s: recording the nodes the walk is handed, and
     * optionally with {@code WRITE} and {@code DELETE} nodes that list no children, as a
     * diff-based candidate marks only the smallest node that differs.
     */
    private record Viewed(DataTreeCandidate candidate, boolean opaque, Set<PathArgument> visited)
            implements DataTreeCandidate {
        Viewed(final DataTreeCandidate candidate) {
            this(candidate, true, new HashSet<>());
        }

        @Override
        public DataTreeCandidateNode getRootNode() {
            return new ViewedNode(candidate.getRootNode(), this);
        }

        @Override
        public YangInstanceIdentifier getRootPath() {
            return candidate.getRootPath();
        }
    }

    private record ViewedNode(DataTreeCandidateNode node, Viewed view) implements DataTreeCandidateNode {
        private boolean terminal() {
            return view.opaque() && (node.modificationType() == ModificationType.WRITE
                || node.modificationType() == ModificationType.DELETE);
        }

        private DataTreeCandidateNode viewed(final DataTreeCandidateNode child) {
            view.visited().add(child.name());
            return new ViewedNode(child, view);
        }

        @Override
        public PathArgument name() {
            return node.name();
        }

        @Override
        public Collection<DataTreeCandidateNode> childNodes() {
            return terminal() ? List.of() : node.childNodes().stream().map(this::viewed).toList();
        }

        @Override
        public @Nullable DataTreeCandidateNode modifiedChild(final PathArgument childName) {
            final DataTreeCandidateNode child = terminal() ? null : node.modifiedChild(childName);
            return child == null ? null : viewed(child);
        }

        @Override
        public ModificationType modificationType() {
            return node.modificationType();
        }

        @Override
        public @Nullable NormalizedNode dataBefore() {
            return node.dataBefore();
        }

        @Override
        public @Nullable NormalizedNode dataAfter() {
            return node.dataAfter();
        }
    }
}
