package io.sextant.security.nacm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemLeafSetNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Converts the {@code ietf-netconf-acm:nacm} container between yangtools data and
 * {@link NacmConfig}. Leaves left out take the schema's defaults.
 */
public final class NacmCodec {
    private NacmCodec() {
    }

    /**
     * Reads the configuration from the {@code nacm} container; an absent container ({@code null})
     * means RFC 8341's defaults.
     *
     * @throws InvalidNacmConfigException naming the rule list and rule that cannot be used
     */
    public static NacmConfig fromNormalizedNode(final @Nullable NormalizedNode nacm) {
        if (nacm == null) {
            return NacmConfig.RFC_DEFAULTS;
        }
        if (!(nacm instanceof ContainerNode container)
                || !container.name().getNodeType().equals(NacmModel.NACM)) {
            throw new InvalidNacmConfigException("Expected the ietf-netconf-acm:nacm container, got "
                + nacm.name());
        }
        final Map<String, Set<String>> groups = new LinkedHashMap<>();
        child(container, NacmModel.GROUPS).ifPresent(node -> {
            for (MapEntryNode group : entries((DataContainerNode) node, NacmModel.GROUP)) {
                groups.put(string(group, NacmModel.NAME).orElseThrow(), new LinkedHashSet<>(
                    strings(group, NacmModel.USER_NAME)));
            }
        });
        final List<NacmRuleList> ruleLists = new ArrayList<>();
        for (MapEntryNode ruleList : entries(container, NacmModel.RULE_LIST)) {
            final String listName = string(ruleList, NacmModel.NAME).orElseThrow();
            final List<NacmRule> rules = new ArrayList<>();
            for (MapEntryNode rule : entries(ruleList, NacmModel.RULE)) {
                rules.add(rule(listName, rule));
            }
            ruleLists.add(new NacmRuleList(listName, strings(ruleList, NacmModel.GROUP), rules));
        }
        return new NacmConfig(
            bool(container, NacmModel.ENABLE_NACM, true),
            action(container, NacmModel.READ_DEFAULT, NacmAction.PERMIT),
            action(container, NacmModel.WRITE_DEFAULT, NacmAction.DENY),
            action(container, NacmModel.EXEC_DEFAULT, NacmAction.PERMIT),
            bool(container, NacmModel.ENABLE_EXTERNAL_GROUPS, true),
            groups, ruleLists);
    }

    private static NacmRule rule(final String listName, final MapEntryNode rule) {
        final String ruleName = string(rule, NacmModel.NAME).orElseThrow();
        final String where = "rule \"" + ruleName + "\" of rule-list \"" + listName + "\"";
        final NacmRule.RuleType type;
        final Optional<DataContainerNode> ruleType = child(rule, NacmModel.RULE_TYPE)
            .filter(ChoiceNode.class::isInstance).map(DataContainerNode.class::cast);
        if (ruleType.isEmpty()) {
            type = new NacmRule.RuleType.Any();
        } else if (string(ruleType.orElseThrow(), NacmModel.RPC_NAME).isPresent()) {
            type = new NacmRule.RuleType.Rpc(string(ruleType.orElseThrow(), NacmModel.RPC_NAME).orElseThrow());
        } else if (string(ruleType.orElseThrow(), NacmModel.NOTIFICATION_NAME).isPresent()) {
            type = new NacmRule.RuleType.Notification(
                string(ruleType.orElseThrow(), NacmModel.NOTIFICATION_NAME).orElseThrow());
        } else {
            final String path = string(ruleType.orElseThrow(), NacmModel.PATH).orElseThrow(
                () -> new InvalidNacmConfigException(where + " has an empty rule-type"));
            try {
                type = new NacmRule.RuleType.DataNode(NodeInstancePath.parse(path));
            } catch (IllegalArgumentException e) {
                throw new InvalidNacmConfigException(where + ": " + e.getMessage(), e);
            }
        }
        final String action = string(rule, NacmModel.ACTION).orElseThrow(
            () -> new InvalidNacmConfigException(where + " has no action"));
        try {
            return new NacmRule(ruleName, string(rule, NacmModel.MODULE_NAME_LEAF).orElse(NacmRule.ANY), type,
                operations(rule), NacmAction.ofYangName(action));
        } catch (IllegalArgumentException e) {
            throw new InvalidNacmConfigException(where + ": " + e.getMessage(), e);
        }
    }

    private static Set<NacmOperation> operations(final MapEntryNode rule) {
        final Optional<NormalizedNode> leaf = child(rule, NacmModel.ACCESS_OPERATIONS);
        if (leaf.isEmpty()) {
            return NacmOperation.ALL;
        }
        final Object value = leaf.orElseThrow().body();
        final Collection<String> bits;
        if (value instanceof Collection<?> collection) {
            bits = collection.stream().map(String::valueOf).toList();
        } else {
            final String text = String.valueOf(value).strip();
            if (text.equals("*")) {
                return NacmOperation.ALL;
            }
            bits = List.of(text.split("\\s+"));
        }
        final Set<NacmOperation> operations = EnumSet.noneOf(NacmOperation.class);
        for (String bit : bits) {
            if (bit.equals("*")) {
                return NacmOperation.ALL;
            }
            if (!bit.isEmpty()) {
                operations.add(NacmOperation.ofBitName(bit));
            }
        }
        return operations;
    }

    /** Writes the configuration as the {@code nacm} container (configuration leaves only). */
    public static ContainerNode toNormalizedNode(final NacmConfig config) {
        final var groupMap = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(id(NacmModel.GROUP));
        config.groups().forEach((name, users) -> groupMap.withChild(ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NacmModel.GROUP, NacmModel.NAME, name))
            .withChild(ImmutableNodes.leafNode(NacmModel.NAME, name))
            .withChild(leafList(NacmModel.USER_NAME, users))
            .build()));
        final var ruleLists = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(id(NacmModel.RULE_LIST));
        for (NacmRuleList list : config.ruleLists()) {
            final var rules = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(id(NacmModel.RULE));
            for (NacmRule rule : list.rules()) {
                rules.withChild(rule(rule));
            }
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(NacmModel.RULE_LIST, NacmModel.NAME, list.name()))
                .withChild(ImmutableNodes.leafNode(NacmModel.NAME, list.name()))
                .withChild(leafList(NacmModel.GROUP, list.groups()));
            if (!list.rules().isEmpty()) {
                entry.withChild(rules.build());
            }
            ruleLists.withChild(entry.build());
        }
        final var nacm = ImmutableNodes.newContainerBuilder().withNodeIdentifier(id(NacmModel.NACM))
            .withChild(ImmutableNodes.leafNode(NacmModel.ENABLE_NACM, config.enabled()))
            .withChild(ImmutableNodes.leafNode(NacmModel.READ_DEFAULT, config.readDefault().yangName()))
            .withChild(ImmutableNodes.leafNode(NacmModel.WRITE_DEFAULT, config.writeDefault().yangName()))
            .withChild(ImmutableNodes.leafNode(NacmModel.EXEC_DEFAULT, config.execDefault().yangName()))
            .withChild(ImmutableNodes.leafNode(NacmModel.ENABLE_EXTERNAL_GROUPS, config.externalGroups()));
        if (!config.groups().isEmpty()) {
            nacm.withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(id(NacmModel.GROUPS))
                .withChild(groupMap.build()).build());
        }
        if (!config.ruleLists().isEmpty()) {
            nacm.withChild(ruleLists.build());
        }
        return nacm.build();
    }

    private static MapEntryNode rule(final NacmRule rule) {
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NacmModel.RULE, NacmModel.NAME, rule.name()))
            .withChild(ImmutableNodes.leafNode(NacmModel.NAME, rule.name()))
            .withChild(ImmutableNodes.leafNode(NacmModel.MODULE_NAME_LEAF, rule.moduleName()))
            .withChild(ImmutableNodes.leafNode(NacmModel.ACTION, rule.action().yangName()));
        if (rule.operations().equals(NacmOperation.ALL)) {
            entry.withChild(ImmutableNodes.leafNode(NacmModel.ACCESS_OPERATIONS, "*"));
        } else {
            final Set<String> bits = new LinkedHashSet<>();
            for (NacmOperation op : EnumSet.copyOf(rule.operations())) {
                bits.add(op.bitName());
            }
            entry.withChild(ImmutableNodes.leafNode(NacmModel.ACCESS_OPERATIONS, Set.copyOf(bits)));
        }
        final LeafNode<String> typeLeaf;
        if (rule.type() instanceof NacmRule.RuleType.Rpc rpc) {
            typeLeaf = ImmutableNodes.leafNode(NacmModel.RPC_NAME, rpc.rpcName());
        } else if (rule.type() instanceof NacmRule.RuleType.Notification notification) {
            typeLeaf = ImmutableNodes.leafNode(NacmModel.NOTIFICATION_NAME, notification.notificationName());
        } else if (rule.type() instanceof NacmRule.RuleType.DataNode data) {
            typeLeaf = ImmutableNodes.leafNode(NacmModel.PATH, data.path().toString());
        } else {
            typeLeaf = null;
        }
        if (typeLeaf != null) {
            entry.withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(id(NacmModel.RULE_TYPE))
                .withChild(typeLeaf).build());
        }
        return entry.build();
    }

    private static SystemLeafSetNode<String> leafList(final QName name, final Collection<String> values) {
        final var builder = ImmutableNodes.<String>newSystemLeafSetBuilder().withNodeIdentifier(id(name));
        for (String value : values) {
            builder.withChild(ImmutableNodes.leafSetEntry(new NodeWithValue<>(name, value)));
        }
        return builder.build();
    }

    private static NodeIdentifier id(final QName name) {
        return NodeIdentifier.create(name);
    }

    private static Optional<NormalizedNode> child(final DataContainerNode parent, final QName name) {
        return Optional.ofNullable(parent.childByArg(id(name)));
    }

    private static Collection<MapEntryNode> entries(final DataContainerNode parent, final QName name) {
        return child(parent, name).map(node -> ((MapNode) node).body()).orElse(List.of());
    }

    private static Optional<String> string(final DataContainerNode parent, final QName name) {
        return child(parent, name).map(node -> String.valueOf(node.body()));
    }

    private static List<String> strings(final DataContainerNode parent, final QName name) {
        return child(parent, name).map(node -> ((LeafSetNode<?>) node).body().stream()
            .map(entry -> String.valueOf(entry.body())).toList()).orElse(List.of());
    }

    private static boolean bool(final DataContainerNode parent, final QName name, final boolean otherwise) {
        return child(parent, name).map(node -> Boolean.parseBoolean(String.valueOf(node.body()))).orElse(otherwise);
    }

    private static NacmAction action(final DataContainerNode parent, final QName name, final NacmAction otherwise) {
        return string(parent, name).map(NacmAction::ofYangName).orElse(otherwise);
    }
}
