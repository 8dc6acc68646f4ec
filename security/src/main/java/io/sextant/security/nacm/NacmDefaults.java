package io.sextant.security.nacm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The NACM configuration Sextant ships, written into the configuration datastore when there is
 * none: group {@code admin} (user {@code admin}) may do everything; group {@code operator}
 * (empty, an example) may read everything but the users and run the read-only RPCs (UniConfig's
 * diffs and sync checks, a node's history, the installed nodes);
 * everyone else nothing ({@code read-default}, {@code write-default} and {@code exec-default}
 * deny).
 */
public final class NacmDefaults {
    public static final String ADMIN_GROUP = "admin";
    public static final String OPERATOR_GROUP = "operator";

    private static final String UNICONFIG_MANAGER = "uniconfig-manager";
    private static final String HISTORY = "sextant-history";
    private static final String CONNECTION_MANAGER = "connection-manager";

    private NacmDefaults() {
    }

    public static NacmConfig config(final String adminUser) {
        final Map<String, Set<String>> groups = new LinkedHashMap<>();
        groups.put(ADMIN_GROUP, Set.of(adminUser));
        groups.put(OPERATOR_GROUP, Set.of());
        final NacmRuleList admin = new NacmRuleList("admin", List.of(ADMIN_GROUP), List.of(
            new NacmRule("permit-all", NacmRule.ANY, new NacmRule.RuleType.Any(), NacmOperation.ALL,
                NacmAction.PERMIT)));
        final NacmRuleList operator = new NacmRuleList("operator", List.of(OPERATOR_GROUP), List.of(
            new NacmRule("deny-users", NacmRule.ANY, new NacmRule.RuleType.DataNode(
                NodeInstancePath.parse("/sextant-users:users")), NacmOperation.ALL, NacmAction.DENY),
            readOnlyRpc(UNICONFIG_MANAGER, "calculate-diff"),
            readOnlyRpc(UNICONFIG_MANAGER, "is-in-sync"),
            readOnlyRpc(UNICONFIG_MANAGER, "compare-config"),
            readOnlyRpc(HISTORY, "list-history"),
            readOnlyRpc(HISTORY, "read-history"),
            readOnlyRpc(HISTORY, "compare-history"),
            readOnlyRpc(CONNECTION_MANAGER, "get-installed-nodes"),
            readOnlyRpc(CONNECTION_MANAGER, "check-installed-nodes"),
            new NacmRule("read-all", NacmRule.ANY, new NacmRule.RuleType.Any(), Set.of(NacmOperation.READ),
                NacmAction.PERMIT)));
        return new NacmConfig(true, NacmAction.DENY, NacmAction.DENY, NacmAction.DENY, true, groups,
            List.of(admin, operator));
    }

    private static NacmRule readOnlyRpc(final String module, final String rpc) {
        return new NacmRule("exec-" + rpc, module, new NacmRule.RuleType.Rpc(rpc),
            Set.of(NacmOperation.EXEC), NacmAction.PERMIT);
    }
}
