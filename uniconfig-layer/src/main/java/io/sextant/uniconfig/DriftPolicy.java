package io.sextant.uniconfig;

import java.util.Locale;
import java.util.Set;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * One stored drift policy ({@code sextant-drift:drift-policies/policy}): what a drift check does with a change the
 * device made at or below {@code path}.
 *
 * @param nodes the nodes it applies to; empty: every node
 */
public record DriftPolicy(String name, String path, Action action, Set<String> nodes) {
    /** What a drift check does with a change. */
    public enum Action { IGNORE, REPORT, RESTORE }

    public DriftPolicy {
        nodes = Set.copyOf(nodes);
    }

    /** Where it is stored in the configuration datastore. */
    public YangInstanceIdentifier location() {
        return location(name);
    }

    /** Where policy {@code name} is stored in the configuration datastore. */
    public static YangInstanceIdentifier location(final String name) {
        return DriftPolicies.ALL.node(NodeIdentifierWithPredicates.of(DriftPolicies.POLICY, DriftPolicies.NAME, name));
    }

    /** It as stored at {@link #location()}. */
    public MapEntryNode data() {
        final var ids = ImmutableNodes.newSystemLeafSetBuilder()
            .withNodeIdentifier(NodeIdentifier.create(DriftPolicies.NODE_ID));
        nodes.stream().sorted().forEach(id -> ids.withChild(ImmutableNodes.leafSetEntry(DriftPolicies.NODE_ID, id)));
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(DriftPolicies.POLICY, DriftPolicies.NAME, name))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.NAME, name))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.PATH, path))
            .withChild(ImmutableNodes.leafNode(DriftPolicies.ACTION, action.name().toLowerCase(Locale.ROOT)));
        if (!nodes.isEmpty()) {
            entry.withChild(ids.build());
        }
        return entry.build();
    }
}
