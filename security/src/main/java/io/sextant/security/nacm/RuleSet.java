package io.sextant.security.nacm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The rules that apply to one set of groups, compiled: for each access operation, the rules
 * (in order) that cover it, split into data rules and operation (RPC, notification) rules.
 * Built when the NACM configuration changes, shared by every user with the same groups.
 */
final class RuleSet {
    static final int KIND_ANY = 0;
    static final int KIND_RPC = 1;
    static final int KIND_NOTIFICATION = 2;
    static final int KIND_DATA = 3;

    /**
     * One rule, compiled.
     *
     * @param module null for any module
     * @param operationName the RPC or notification, null for any
     * @param steps the path of a data rule (empty for other rules)
     */
    record Compiled(String decidedBy, @Nullable String module, int kind, @Nullable String operationName,
            NodeInstancePath.Step[] steps, NacmAction action) {
        /** Position of a data rule whose path covers the node (and everything below). */
        static final int FULL = Integer.MAX_VALUE;
        /** Position of a data rule whose path cannot cover the node or anything below. */
        static final int DEAD = -1;

        boolean anyModule() {
            return module == null;
        }

        /** Initial position at the root of the data tree. */
        int rootPosition() {
            return kind == KIND_ANY || steps.length == 0 ? FULL : 0;
        }
    }

    private static final NodeInstancePath.Step[] NO_STEPS = new NodeInstancePath.Step[0];

    private final NacmConfig config;
    /** By operation ({@link NacmOperation#ordinal}), each set for every operation. */
    private final Compiled[][] dataRules = new Compiled[NacmOperation.values().length][];
    private final Compiled[][] operationRules = new Compiled[NacmOperation.values().length][];
    private final int[][] rootPositions = new int[NacmOperation.values().length][];

    RuleSet(final NacmConfig config, final Set<String> groups) {
        this.config = config;
        final List<Compiled> all = new ArrayList<>();
        final List<Set<NacmOperation>> ops = new ArrayList<>();
        for (NacmRuleList list : config.ruleLists()) {
            if (!list.groups().contains(NacmRule.ANY) && list.groups().stream().noneMatch(groups::contains)) {
                continue;
            }
            for (NacmRule rule : list.rules()) {
                all.add(compile(list, rule));
                ops.add(rule.operations());
            }
        }
        for (NacmOperation op : NacmOperation.values()) {
            final List<Compiled> data = new ArrayList<>();
            final List<Compiled> operations = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (!ops.get(i).contains(op)) {
                    continue;
                }
                final Compiled rule = all.get(i);
                if (rule.kind() == KIND_ANY || rule.kind() == KIND_DATA) {
                    data.add(rule);
                }
                if (rule.kind() == KIND_ANY || rule.kind() == KIND_RPC && op == NacmOperation.EXEC
                        || rule.kind() == KIND_NOTIFICATION && op == NacmOperation.READ) {
                    operations.add(rule);
                }
            }
            final Compiled[] dataArray = data.toArray(Compiled[]::new);
            dataRules[op.ordinal()] = dataArray;
            operationRules[op.ordinal()] = operations.toArray(Compiled[]::new);
            final int[] root = new int[dataArray.length];
            for (int i = 0; i < root.length; i++) {
                root[i] = dataArray[i].rootPosition();
            }
            rootPositions[op.ordinal()] = root;
        }
    }

    private static Compiled compile(final NacmRuleList list, final NacmRule rule) {
        final String decidedBy = list.name() + "/" + rule.name();
        final String module = NacmRule.ANY.equals(rule.moduleName()) ? null : rule.moduleName();
        final NacmRule.RuleType type = rule.type();
        if (type instanceof NacmRule.RuleType.Rpc rpc) {
            return new Compiled(decidedBy, module, KIND_RPC, star(rpc.rpcName()), NO_STEPS, rule.action());
        } else if (type instanceof NacmRule.RuleType.Notification notification) {
            return new Compiled(decidedBy, module, KIND_NOTIFICATION, star(notification.notificationName()),
                NO_STEPS, rule.action());
        } else if (type instanceof NacmRule.RuleType.DataNode data) {
            return new Compiled(decidedBy, module, KIND_DATA, null,
                data.path().steps().toArray(NodeInstancePath.Step[]::new), rule.action());
        }
        return new Compiled(decidedBy, module, KIND_ANY, null, NO_STEPS, rule.action());
    }

    private static @Nullable String star(final String name) {
        return NacmRule.ANY.equals(name) ? null : name;
    }

    NacmConfig config() {
        return config;
    }

    Compiled[] dataRules(final NacmOperation op) {
        return dataRules[op.ordinal()];
    }

    Compiled[] operationRules(final NacmOperation op) {
        return operationRules[op.ordinal()];
    }

    int[] rootPositions(final NacmOperation op) {
        return rootPositions[op.ordinal()];
    }
}
