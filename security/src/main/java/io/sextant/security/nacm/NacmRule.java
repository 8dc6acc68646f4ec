package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.Set;

/**
 * One {@code rule} of a {@code rule-list}: it matches a request when its module, its rule type
 * and its access operations all match, and then decides with its action.
 *
 * @param name the rule's name (reported with decisions, for the audit log)
 * @param moduleName the module whose objects the rule covers; {@code "*"} for every module
 * @param type what kind of object the rule covers
 * @param operations the access operations it covers ({@link NacmOperation#ALL} for {@code "*"})
 * @param action what it decides
 */
public record NacmRule(String name, String moduleName, RuleType type, Set<NacmOperation> operations,
        NacmAction action) {

    public static final String ANY = "*";

    public NacmRule {
        requireNonNull(name);
        requireNonNull(moduleName);
        requireNonNull(type);
        operations = Set.copyOf(operations);
        requireNonNull(action);
    }

    /** The {@code rule-type} choice: none (everything), an RPC, a notification or a data path. */
    public sealed interface RuleType {
        /** No rule type: the rule covers RPCs, notifications and data nodes alike. */
        record Any() implements RuleType {
        }

        /** {@code rpc-name}: an RPC by name, or {@code "*"} for every RPC. */
        record Rpc(String rpcName) implements RuleType {
            public Rpc {
                requireNonNull(rpcName);
            }
        }

        /** {@code notification-name}: a notification by name, or {@code "*"}. */
        record Notification(String notificationName) implements RuleType {
            public Notification {
                requireNonNull(notificationName);
            }
        }

        /** {@code path}: a data node (and everything below it), actions and notifications included. */
        record DataNode(NodeInstancePath path) implements RuleType {
            public DataNode {
                requireNonNull(path);
            }
        }
    }
}
