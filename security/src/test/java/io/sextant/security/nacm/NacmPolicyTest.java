package io.sextant.security.nacm;

import static io.sextant.security.nacm.NacmTestSchema.dataPath;
import static io.sextant.security.nacm.NacmTestSchema.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** Groups, rule order, switches and the configuration itself. */
class NacmPolicyTest {
    private static NacmPolicy policy(final String nacmBody) {
        return NacmPolicy.compile(NacmCodec.fromNormalizedNode(json(
            "{\"ietf-netconf-acm:nacm\": {" + nacmBody + "}}")));
    }

    private static boolean mayUpdateMtu(final NacmPolicy policy, final String user, final Set<String> external) {
        return policy.access(user, external).data(dataPath("/acme-itf:interfaces/interface=eth0/mtu"),
            NacmOperation.UPDATE).permitted();
    }

    @Test
    void theStarGroupAppliesToEveryUserEvenWithoutAGroup() {
        final NacmPolicy policy = policy("""
            "rule-list": [{"name": "everyone", "group": ["*"], "rule": [
              {"name": "mtu", "path": "/acme-itf:interfaces/interface/mtu", "access-operations": "update",
               "action": "permit"}]}]""");
        assertTrue(mayUpdateMtu(policy, "somebody", Set.of()));
    }

    @Test
    void theFirstMatchingRuleWinsInDocumentOrder() {
        final String deny = """
            {"name": "deny", "path": "/acme-itf:interfaces/interface[name='eth0']", "access-operations": "*",
             "action": "deny"}""";
        final String permit = """
            {"name": "permit", "path": "/acme-itf:interfaces", "access-operations": "*", "action": "permit"}""";
        final NacmPolicy denyFirst = policy("\"rule-list\": [{\"name\": \"a\", \"group\": [\"*\"], \"rule\": ["
            + deny + "," + permit + "]}]");
        final NacmPolicy permitFirst = policy("\"rule-list\": [{\"name\": \"a\", \"group\": [\"*\"], \"rule\": ["
            + permit + "," + deny + "]}]");
        assertFalse(mayUpdateMtu(denyFirst, "u", Set.of()));
        assertTrue(mayUpdateMtu(permitFirst, "u", Set.of()));
        // across rule lists, the list order counts the same way
        final NacmPolicy listsDenyFirst = policy("\"rule-list\": [{\"name\": \"a\", \"group\": [\"*\"], \"rule\": ["
            + deny + "]}, {\"name\": \"b\", \"group\": [\"*\"], \"rule\": [" + permit + "]}]");
        assertFalse(mayUpdateMtu(listsDenyFirst, "u", Set.of()));
    }

    @Test
    void externalGroupsCountOnlyWhenEnabled() {
        final String rules = """
            "rule-list": [{"name": "net", "group": ["netops"], "rule": [
              {"name": "all", "access-operations": "*", "action": "permit"}]}]""";
        assertTrue(mayUpdateMtu(policy(rules), "carol", Set.of("netops")));
        assertFalse(mayUpdateMtu(policy("\"enable-external-groups\": false, " + rules), "carol", Set.of("netops")));
        final NacmAccess access = policy(rules).access("carol", Set.of("netops"));
        assertEquals(Set.of("netops"), access.groups());
    }

    @Test
    void disabledNacmPermitsEverything() {
        final NacmPolicy policy = policy("\"enable-nacm\": false");
        final NacmAccess access = policy.access("nobody", Set.of());
        assertTrue(access.isUnrestricted());
        assertTrue(access.data(dataPath("/ietf-netconf-acm:nacm"), NacmOperation.DELETE).permitted());
    }

    @Test
    void anActionNeedsExecOnItAndReadOnItsDataNode() {
        final NacmPolicy policy = policy("""
            "read-default": "deny", "exec-default": "deny",
            "rule-list": [{"name": "a", "group": ["*"], "rule": [
              {"name": "exec-reset", "path": "/acme-system:system/user/reset-password", "access-operations": "exec",
               "action": "permit"},
              {"name": "read-fred", "path": "/acme-system:system/user[name='fred']", "access-operations": "read",
               "action": "permit"}]}]""");
        final NacmAccess access = policy.access("u", Set.of());
        final YangInstanceIdentifier fred = NacmTestSchema.path("/acme-system:system/user=fred");
        final YangInstanceIdentifier wilma = NacmTestSchema.path("/acme-system:system/user=wilma");
        final var action = NodeIdentifier.create(QName.create(fred.getLastPathArgument().getNodeType(),
            "reset-password"));
        assertTrue(access.execAction(DataPath.of(NacmTestSchema.SCHEMA, fred.node(action))).permitted());
        assertFalse(access.execAction(DataPath.of(NacmTestSchema.SCHEMA, wilma.node(action))).permitted());
    }

    @Test
    void aRulePathCrossesAMountPoint() {
        final NacmPolicy policy = policy("""
            "rule-list": [{"name": "a", "group": ["*"], "rule": [
              {"name": "no-r1-interfaces", "path":
               "/acme-system:system/user[name='r1']/yang-ext:mount/acme-itf:interfaces",
               "access-operations": "read", "action": "deny"}]}]""");
        final NacmAccess access = policy.access("u", Set.of());
        final DataPath r1 = dataPath("/acme-system:system/user=r1").mount(NacmTestSchema.SCHEMA,
            NacmTestSchema.path("/acme-itf:interfaces/interface=eth0"));
        final DataPath r2 = dataPath("/acme-system:system/user=r2").mount(NacmTestSchema.SCHEMA,
            NacmTestSchema.path("/acme-itf:interfaces/interface=eth0"));
        assertEquals(new Decision(NacmAction.DENY, "a/no-r1-interfaces"), access.data(r1, NacmOperation.READ));
        assertTrue(access.data(r2, NacmOperation.READ).permitted());
    }

    @Test
    void aMalformedPathIsRefusedNamingItsRule() {
        final var error = assertThrows(InvalidNacmConfigException.class, () -> policy("""
            "rule-list": [{"name": "ops", "group": ["*"], "rule": [
              {"name": "broken", "path": "/acme-itf:interfaces/interface[1]", "action": "deny"}]}]"""));
        assertTrue(error.getMessage().contains("rule \"broken\" of rule-list \"ops\""), error.getMessage());
        assertTrue(error.getMessage().contains("positional"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NodeInstancePath.parse("interfaces/interface"));
        assertThrows(IllegalArgumentException.class, () -> NodeInstancePath.parse("/a:b[name=unquoted]"));
        assertEquals(2, NodeInstancePath.parse("/a:b/c[x:k=\"v\"][j=$USER]").steps().size());
    }

    @Test
    void theConfigurationSurvivesARoundTripThroughYangtoolsData() {
        final NacmConfig config = new NacmConfig(true, NacmAction.DENY, NacmAction.DENY, NacmAction.PERMIT, false,
            Map.of("admin", Set.of("admin", "andy")), List.of(new NacmRuleList("l", List.of("admin", "*"), List.of(
                new NacmRule("r1", "*", new NacmRule.RuleType.Any(), NacmOperation.ALL, NacmAction.PERMIT),
                new NacmRule("r2", "ietf-netconf", new NacmRule.RuleType.Rpc("kill-session"),
                    Set.of(NacmOperation.EXEC), NacmAction.DENY),
                new NacmRule("r3", "*", new NacmRule.RuleType.Notification("*"), Set.of(NacmOperation.READ),
                    NacmAction.DENY),
                new NacmRule("r4", "*", new NacmRule.RuleType.DataNode(
                    NodeInstancePath.parse("/acme-itf:interfaces/interface[name='x']")),
                    Set.of(NacmOperation.READ, NacmOperation.UPDATE), NacmAction.PERMIT)))));
        assertEquals(config, NacmCodec.fromNormalizedNode(NacmCodec.toNormalizedNode(config)));
        assertEquals(NacmConfig.RFC_DEFAULTS, NacmCodec.fromNormalizedNode(null));
    }
}
