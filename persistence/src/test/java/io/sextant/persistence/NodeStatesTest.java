package io.sextant.persistence;

import static io.sextant.persistence.LeaseCluster.LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The connection state instances report of the nodes they connect, read by the others for a
 * read of a whole topology: each node once, with the state its current holder reported (none
 * yet after it moved; no holder while nobody holds it), never this instance's own nodes, and gone
 * with the node's lease.
 */
@ExtendWith(LeaseClusters.class)
class NodeStatesTest {
    @Test
    void eachInstanceReadsTheStateTheHoldersOfTheOtherNodesReported(final LeaseCluster cluster) throws Exception {
        final List<MountedNode> nodes = cluster.mount(4);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        final InstanceLeases b = cluster.instance("instance-b", LONG);
        cluster.settle(a, b);
        final NodeStates statesOfA = new NodeStates(cluster.database(PostgresFixture.settings(cluster.postgres.server)),
            "instance-a");
        final NodeStates statesOfB = new NodeStates(cluster.database(PostgresFixture.settings(cluster.postgres.server)),
            "instance-b");
        for (Lease lease : a.owned()) {
            statesOfA.report("topology-netconf", lease.node().nodeId(), "connected", "ready");
        }
        // b reports one of its nodes only
        final String reportedByB = b.owned().get(0).node().nodeId();
        statesOfB.report("topology-netconf", reportedByB, "connecting", "");
        // closing writes what was reported; the reads need only the database
        statesOfA.close();
        statesOfB.close();

        final Map<String, NodeStateElsewhere> seenByB = byNode(statesOfB.elsewhere("topology-netconf"));
        assertEquals(a.owned().stream().map(l -> l.node().nodeId()).sorted().toList(),
            seenByB.keySet().stream().sorted().toList(), "b reads a's nodes, not its own");
        for (NodeStateElsewhere node : seenByB.values()) {
            assertEquals("connected", node.statusOrNull());
            assertEquals("ready", node.message());
            assertEquals(new LeaseHolder("instance-a", "instance-a:8181"), node.holderOrNull());
            assertEquals("ready (held by controller instance instance-a (instance-a:8181))", node.describe());
        }
        final Map<String, NodeStateElsewhere> seenByA = byNode(statesOfA.elsewhere("topology-netconf"));
        assertEquals("connecting", seenByA.get(reportedByB).statusOrNull());
        assertEquals(b.owned().size(), seenByA.size());
        assertEquals(b.owned().size() - 1, seenByA.values().stream().filter(n -> n.statusOrNull() == null).count(),
            "a node its holder reported nothing of has no state");
        assertEquals(List.of(), statesOfA.elsewhere("topology-cli"), "per topology");

        // b leaves: until a takes them, its nodes are nobody's (shown so, b's reports no longer count);
        // then a holds every node and reads nothing elsewhere
        final List<String> left = b.owned().stream().map(l -> l.node().nodeId()).sorted().toList();
        b.leave();
        final List<NodeStateElsewhere> nobodys = statesOfA.elsewhere("topology-netconf");
        assertEquals(left, nobodys.stream().map(NodeStateElsewhere::nodeId).toList());
        for (NodeStateElsewhere node : nobodys) {
            assertEquals(null, node.holderOrNull());
            assertEquals(null, node.statusOrNull());
            assertEquals("connecting", node.status("connecting"));
            assertEquals("No controller instance holds the node now: one takes it over within seconds",
                node.describe());
        }
        cluster.settle(a);
        assertEquals(List.of(), statesOfA.elsewhere("topology-netconf"));
        assertEquals(nodes.size(), a.owned().size());

        // a node unmounted takes its reported state with it
        final MountedNode gone = nodes.get(0);
        cluster.postgres.database.run("unmount", tx -> cluster.repository.removeNode(tx, gone));
        assertEquals(0L, cluster.postgres.queryLong("SELECT count(*) FROM node_connection WHERE node_id = '"
            + gone.nodeId() + "'"));
    }

    @Test
    void aReportOfANodeUnmountedMeanwhileIsDropped(final LeaseCluster cluster) throws Exception {
        cluster.mount(1);
        final InstanceLeases a = cluster.instance("instance-a", LONG);
        cluster.settle(a);
        final NodeStates states = new NodeStates(cluster.database(PostgresFixture.settings(cluster.postgres.server)),
            "instance-a");
        states.report("topology-netconf", "not-mounted", "connected", "");
        states.report("topology-netconf", "R00", "connected", "");
        states.close();
        assertEquals(1L, cluster.postgres.queryLong("SELECT count(*) FROM node_connection"),
            "the report of a node without a lease row is dropped, the others written");
    }

    private static Map<String, NodeStateElsewhere> byNode(final List<NodeStateElsewhere> nodes) {
        return nodes.stream().collect(Collectors.toMap(NodeStateElsewhere::nodeId, Function.identity()));
    }
}
