package io.sextant.security.nacm;

import static io.sextant.security.nacm.NacmTestSchema.at;
import static io.sextant.security.nacm.NacmTestSchema.dataPath;
import static io.sextant.security.nacm.NacmTestSchema.json;
import static io.sextant.security.nacm.NacmTestSchema.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;

/** Writes: every node a write creates, changes or deletes is checked, and one denial refuses the whole write. */
class NacmWriteCheckTest {
    private static final ContainerNode DATA = NacmTestSchema.root(Rfc8341Examples.DATA);

    /** Group ops may change interface mtu and description and create interfaces, but delete nothing. */
    private static final NacmPolicy POLICY = NacmPolicy.compile(NacmCodec.fromNormalizedNode(json("""
        {"ietf-netconf-acm:nacm": {"groups": {"group": [{"name": "ops", "user-name": ["olga"]}]},
          "rule-list": [{"name": "ops", "group": ["ops"], "rule": [
            {"name": "no-eth0", "path": "/acme-itf:interfaces/interface[name='eth0']", "access-operations": "*",
             "action": "deny"},
            {"name": "no-counters", "path": "/acme-itf:interfaces/interface/counters",
             "access-operations": "create update delete", "action": "deny"},
            {"name": "edit-interfaces", "path": "/acme-itf:interfaces", "access-operations": "create update",
             "action": "permit"}
          ]}]}}""")));

    private static final NacmAccess OLGA = POLICY.access("olga", Set.of());

    private static NormalizedNode iface(final String body) {
        return ((MapNode) at(NacmTestSchema.root(
            "{\"acme-itf:interfaces\": {\"interface\": [" + body + "]}}"), "/acme-itf:interfaces/interface"))
            .body().iterator().next();
    }

    @Test
    void aMergeThatOnlyChangesPermittedLeavesIsPermitted() {
        final String target = "/acme-itf:interfaces/interface=dummy2";
        assertEquals(Optional.empty(), OLGA.checkWrites(List.of(WriteCheck.merge(dataPath(target),
            iface("{\"name\": \"dummy2\", \"mtu\": 9000, \"description\": \"new\"}"), at(DATA, target)))));
    }

    @Test
    void oneDeniedEditRefusesTheWriteAndNamesTheNode() {
        final String allowed = "/acme-itf:interfaces/interface=dummy2";
        final String denied = "/acme-itf:interfaces/interface=eth0";
        final Optional<Denial> denial = OLGA.checkWrites(List.of(
            WriteCheck.merge(dataPath(allowed), iface("{\"name\": \"dummy2\", \"mtu\": 1400}"), at(DATA, allowed)),
            WriteCheck.merge(dataPath(denied), iface("{\"name\": \"eth0\", \"mtu\": 1400}"), at(DATA, denied))));
        assertEquals(path(denied + "/mtu"), denial.orElseThrow().path());
        assertEquals(NacmOperation.UPDATE, denial.orElseThrow().operation());
        assertEquals("ops/no-eth0", denial.orElseThrow().decision().decidedBy());
    }

    @Test
    void aLeafWrittenWithItsCurrentValueNeedsNoAccess() {
        final String target = "/acme-itf:interfaces/interface=eth0";
        assertEquals(Optional.empty(), OLGA.checkWrites(List.of(WriteCheck.merge(dataPath(target),
            iface("{\"name\": \"eth0\", \"mtu\": 9000}"), at(DATA, target)))));
    }

    @Test
    void aReplaceThatDropsADescendantNeedsDeleteAccessForIt() {
        final String target = "/acme-itf:interfaces/interface=dummy";
        // same leaves, but without description, counters and vlan: those would be deleted
        final Optional<Denial> denial = OLGA.checkWrites(List.of(WriteCheck.replace(dataPath(target),
            iface("{\"name\": \"dummy\", \"mtu\": 1500}"), at(DATA, target))));
        assertEquals(NacmOperation.DELETE, denial.orElseThrow().operation());
        // the same body merged deletes nothing
        assertEquals(Optional.empty(), OLGA.checkWrites(List.of(WriteCheck.merge(dataPath(target),
            iface("{\"name\": \"dummy\", \"mtu\": 1500}"), at(DATA, target)))));
    }

    @Test
    void creatingASubtreeNeedsCreateAccessForEveryNodeInIt() {
        final String target = "/acme-itf:interfaces/interface=new";
        assertEquals(Optional.empty(), OLGA.checkWrites(List.of(WriteCheck.create(dataPath(target),
            iface("{\"name\": \"new\", \"mtu\": 1500}")))));
        final Optional<Denial> denial = OLGA.checkWrites(List.of(WriteCheck.create(dataPath(target),
            iface("{\"name\": \"new\", \"mtu\": 1500, \"counters\": {\"in-octets\": \"1\"}}"))));
        assertEquals(path(target + "/counters"), denial.orElseThrow().path());
        assertEquals(NacmOperation.CREATE, denial.orElseThrow().operation());
    }

    @Test
    void deletingAParentNeedsDeleteAccessForWhatItHolds() {
        final String target = "/acme-itf:interfaces/interface=dummy2";
        final Optional<Denial> denial = OLGA.checkWrites(List.of(WriteCheck.delete(dataPath(target),
            at(DATA, target))));
        assertEquals(NacmOperation.DELETE, denial.orElseThrow().operation());
        assertEquals("write-default", denial.orElseThrow().decision().decidedBy());
        final NacmAccess admin = NacmPolicy.compile(NacmCodec.fromNormalizedNode(json("""
            {"ietf-netconf-acm:nacm": {"rule-list": [{"name": "all", "group": ["*"], "rule": [
              {"name": "permit-all", "access-operations": "*", "action": "permit"}]}]}}"""))).access("x", Set.of());
        assertEquals(Optional.empty(), admin.checkWrites(List.of(WriteCheck.delete(dataPath(target),
            at(DATA, target)))));
    }

    @Test
    void aYangtoolsCandidateIsCheckedNodeByNode() throws Exception {
        final DataTree tree = new InMemoryDataTreeFactory().create(DataTreeConfiguration.DEFAULT_CONFIGURATION,
            NacmTestSchema.SCHEMA);
        final DataTreeModification initial = tree.takeSnapshot().newModification();
        initial.write(path("/acme-itf:interfaces"), at(DATA, "/acme-itf:interfaces"));
        initial.ready();
        tree.commit(tree.prepare(initial));

        final DataTreeModification change = tree.takeSnapshot().newModification();
        change.write(path("/acme-itf:interfaces/interface=dummy2/mtu"),
            at(NacmTestSchema.root("{\"acme-itf:interfaces\": {\"interface\": [{\"name\": \"dummy2\", \"mtu\": 42}]}}"),
                "/acme-itf:interfaces/interface=dummy2/mtu"));
        change.ready();
        final var permitted = tree.prepare(change);
        assertEquals(Optional.empty(), OLGA.checkCandidate(DataPath.of(NacmTestSchema.SCHEMA,
            permitted.getRootPath()), permitted.getRootNode()));

        final DataTreeModification delete = tree.takeSnapshot().newModification();
        delete.delete(path("/acme-itf:interfaces/interface=dummy/counters"));
        delete.ready();
        final var denied = tree.prepare(delete);
        final Denial denial = OLGA.checkCandidate(DataPath.of(NacmTestSchema.SCHEMA, denied.getRootPath()),
            denied.getRootNode()).orElseThrow();
        assertEquals(path("/acme-itf:interfaces/interface=dummy/counters"), denial.path());
        assertTrue(denial.decision().decidedBy().equals("ops/no-counters"));
    }
}
