package io.sextant.security.nacm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.Module;

/**
 * RFC 8341 appendix A's groups and rules (A.1-A.5) and the decision each user gets, with what
 * decided it: module rules, RPC rules, data-node rules with and without key predicates,
 * notification rules, rule-list order, access-operation sets, the defaults and the schema's
 * default-deny extensions.
 */
class NacmDecisionTableTest {
    private static final NacmPolicy POLICY = NacmPolicy.compile(
        NacmCodec.fromNormalizedNode(NacmTestSchema.json(Rfc8341Examples.NACM)));

    @ParameterizedTest(name = "{0} {1} {2} -> {3} by {4}")
    @CsvSource(delimiter = '|', textBlock = """
        # A.2 module rules
        guest   | READ   | /ietf-netconf-monitoring:netconf-state                     | DENY   | guest-acl/deny-ncm
        wilma   | READ   | /ietf-netconf-monitoring:netconf-state                     | PERMIT | limited-acl/permit-ncm
        wilma   | CREATE | /ietf-netconf-monitoring:netconf-state                     | DENY   | write-default
        nobody  | READ   | /ietf-netconf-monitoring:netconf-state                     | PERMIT | read-default
        # A.4 data node rules; the nacm container carries default-deny-all
        guest   | READ   | /ietf-netconf-acm:nacm                                     | DENY   | guest-acl/deny-nacm
        guest   | UPDATE | /ietf-netconf-acm:nacm/read-default                        | DENY   | guest-acl/deny-nacm
        nobody  | READ   | /ietf-netconf-acm:nacm                                     | DENY   | default-deny-all
        nobody  | READ   | /ietf-netconf-acm:nacm/groups                              | DENY   | default-deny-all
        admin   | UPDATE | /ietf-netconf-acm:nacm/read-default                        | PERMIT | admin-acl/permit-all
        wilma   | UPDATE | /acme-netconf:acme-netconf/config-parameters/max-sessions  | PERMIT | limited-acl/permit-acme-config
        wilma   | DELETE | /acme-netconf:acme-netconf/config-parameters               | PERMIT | limited-acl/permit-acme-config
        wilma   | UPDATE | /acme-netconf:acme-netconf/other/x                         | DENY   | write-default
        wilma   | UPDATE | /acme-netconf:acme-netconf                                 | DENY   | write-default
        guest   | UPDATE | /acme-itf:interfaces/interface=dummy/mtu                   | PERMIT | guest-limited-acl/permit-dummy-interface
        guest   | READ   | /acme-itf:interfaces/interface=dummy                       | PERMIT | guest-limited-acl/permit-dummy-interface
        bam-bam | READ   | /acme-itf:interfaces/interface=dummy/acme-ext:vlan/id      | PERMIT | guest-limited-acl/permit-dummy-interface
        # the access-operations set of permit-dummy-interface is read and update: no create, no delete
        guest   | CREATE | /acme-itf:interfaces/interface=dummy/description            | DENY   | write-default
        guest   | DELETE | /acme-itf:interfaces/interface=dummy                       | DENY   | write-default
        # a key predicate selects that entry only
        guest   | UPDATE | /acme-itf:interfaces/interface=dummy2/mtu                  | DENY   | write-default
        guest   | UPDATE | /acme-itf:interfaces/interface=eth0/mtu                    | DENY   | write-default
        guest   | UPDATE | /acme-itf:interfaces                                       | DENY   | write-default
        andy    | DELETE | /acme-itf:interfaces/interface=eth0                        | PERMIT | admin-acl/permit-all
        # the schema's extensions decide when no rule matches
        nobody  | UPDATE | /acme-system:system/location                               | DENY   | default-deny-write
        nobody  | READ   | /acme-system:system/location                               | PERMIT | read-default
        nobody  | READ   | /acme-system:system/secret-key                             | DENY   | default-deny-all
        admin   | READ   | /acme-system:system/secret-key                             | PERMIT | admin-acl/permit-all
        nobody  | READ   | /acme-system:system                                        | PERMIT | read-default
        """)
    void dataNodeDecisions(final String user, final NacmOperation op, final String path, final NacmAction expected,
            final String decidedBy) {
        final Decision decision = POLICY.access(user, Set.of()).data(NacmTestSchema.dataPath(path), op);
        assertEquals(new Decision(expected, decidedBy), decision);
    }

    @ParameterizedTest(name = "{0} exec {1} -> {2} by {3}")
    @CsvSource(delimiter = '|', textBlock = """
        # A.3: guest-limited-acl comes before limited-acl, so its deny wins over permit-exec
        wilma   | ietf-netconf:kill-session     | DENY   | guest-limited-acl/deny-kill-session
        wilma   | ietf-netconf:delete-config    | DENY   | guest-limited-acl/deny-delete-config
        wilma   | ietf-netconf:edit-config      | PERMIT | limited-acl/permit-exec
        wilma   | ietf-netconf:get              | PERMIT | limited-acl/permit-exec
        guest   | ietf-netconf:edit-config      | DENY   | guest-acl/deny-edit-config
        guest   | ietf-netconf:get              | PERMIT | exec-default
        guest   | ietf-netconf:delete-config    | DENY   | guest-limited-acl/deny-delete-config
        # delete-config and kill-session carry default-deny-all in ietf-netconf
        nobody  | ietf-netconf:delete-config    | DENY   | default-deny-all
        nobody  | ietf-netconf:kill-session     | DENY   | default-deny-all
        nobody  | ietf-netconf:get-config       | PERMIT | exec-default
        admin   | ietf-netconf:delete-config    | PERMIT | admin-acl/permit-all
        andy    | acme-system:restart           | PERMIT | admin-acl/permit-all
        nobody  | acme-system:restart           | DENY   | default-deny-all
        nobody  | acme-itf:reset-all            | PERMIT | exec-default
        """)
    void rpcDecisions(final String user, final String rpc, final NacmAction expected, final String decidedBy) {
        final Decision decision = POLICY.access(user, Set.of()).exec(NacmTestSchema.SCHEMA, qname(rpc));
        assertEquals(new Decision(expected, decidedBy), decision);
    }

    @ParameterizedTest(name = "{0} receives {1} -> {2} by {3}")
    @CsvSource(delimiter = '|', textBlock = """
        # A.5
        wilma   | acme-system:sys-config-change | DENY   | sys-acl/deny-config-change
        guest   | acme-system:sys-config-change | DENY   | sys-acl/deny-config-change
        admin   | acme-system:sys-config-change | PERMIT | admin-acl/permit-all
        nobody  | acme-system:sys-config-change | PERMIT | read-default
        """)
    void notificationDecisions(final String user, final String notification, final NacmAction expected,
            final String decidedBy) {
        final Decision decision = POLICY.access(user, Set.of()).receive(NacmTestSchema.SCHEMA, qname(notification));
        assertEquals(new Decision(expected, decidedBy), decision);
    }

    static QName qname(final String qualified) {
        final String[] parts = qualified.split(":");
        final Module module = NacmTestSchema.SCHEMA.findModules(parts[0]).iterator().next();
        return QName.create(module.getQNameModule(), parts[1]);
    }
}
