package io.sextant.security.nacm;

/** The NACM configuration of RFC 8341 appendix A (sections A.1 to A.5), in one document. */
final class Rfc8341Examples {
    static final String NACM = """
        {"ietf-netconf-acm:nacm": {
          "enable-nacm": true,
          "read-default": "permit",
          "write-default": "deny",
          "exec-default": "permit",
          "enable-external-groups": true,
          "groups": {"group": [
            {"name": "admin", "user-name": ["admin", "andy"]},
            {"name": "limited", "user-name": ["wilma", "bam-bam"]},
            {"name": "guest", "user-name": ["guest", "guest@example.com"]}
          ]},
          "rule-list": [
            {"name": "guest-acl", "group": ["guest"], "rule": [
              {"name": "deny-ncm", "module-name": "ietf-netconf-monitoring", "access-operations": "*",
               "action": "deny", "comment": "Do not allow guests any access to the NETCONF monitoring information."},
              {"name": "deny-nacm", "path": "/ietf-netconf-acm:nacm", "access-operations": "*", "action": "deny"},
              {"name": "deny-edit-config", "module-name": "ietf-netconf", "rpc-name": "edit-config",
               "access-operations": "exec", "action": "deny"}
            ]},
            {"name": "guest-limited-acl", "group": ["limited", "guest"], "rule": [
              {"name": "deny-kill-session", "module-name": "ietf-netconf", "rpc-name": "kill-session",
               "access-operations": "exec", "action": "deny"},
              {"name": "deny-delete-config", "module-name": "ietf-netconf", "rpc-name": "delete-config",
               "access-operations": "exec", "action": "deny"},
              {"name": "permit-dummy-interface", "path": "/acme-itf:interfaces/interface[name='dummy']",
               "access-operations": "read update", "action": "permit"}
            ]},
            {"name": "limited-acl", "group": ["limited"], "rule": [
              {"name": "permit-ncm", "module-name": "ietf-netconf-monitoring", "access-operations": "read",
               "action": "permit"},
              {"name": "permit-exec", "module-name": "*", "access-operations": "exec", "action": "permit"},
              {"name": "permit-edit-config", "module-name": "ietf-netconf", "rpc-name": "edit-config",
               "access-operations": "exec", "action": "permit"},
              {"name": "permit-acme-config", "path": "/acme-netconf:acme-netconf/config-parameters",
               "access-operations": "read create update delete", "action": "permit"}
            ]},
            {"name": "admin-acl", "group": ["admin"], "rule": [
              {"name": "permit-all", "module-name": "*", "access-operations": "*", "action": "permit"},
              {"name": "permit-interface", "path": "/acme-itf:interfaces/interface", "access-operations": "*",
               "action": "permit"}
            ]},
            {"name": "sys-acl", "group": ["limited", "guest"], "rule": [
              {"name": "deny-config-change", "module-name": "acme-system", "notification-name": "sys-config-change",
               "access-operations": "read", "action": "deny"}
            ]}
          ]
        }}
        """;

    /** Data for the reads and writes of the tests, from the datastore root. */
    static final String DATA = """
        {
          "acme-netconf:acme-netconf": {
            "config-parameters": {"max-sessions": 8, "banner": "hello"},
            "other": {"x": "y"}
          },
          "acme-itf:interfaces": {"interface": [
            {"name": "dummy", "mtu": 1500, "description": "test", "counters": {"in-octets": "7"},
             "acme-ext:vlan": {"id": 10}},
            {"name": "dummy2", "mtu": 1500},
            {"name": "eth0", "mtu": 9000, "acme-ext:vlan": {"id": 20}}
          ]},
          "acme-system:system": {
            "hostname": "r1",
            "secret-key": "s3cret",
            "location": "lab",
            "beta": {"b1": "one", "b2": "two"},
            "user": [
              {"name": "wilma", "full-name": "Wilma F", "shell": "/bin/sh"},
              {"name": "fred", "full-name": "Fred F", "shell": "/bin/bash"}
            ],
            "tags": ["a", "b"]
          }
        }
        """;

    private Rfc8341Examples() {
    }
}
