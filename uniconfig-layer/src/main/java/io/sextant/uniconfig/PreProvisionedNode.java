package io.sextant.uniconfig;

import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * One pre-provisioning entry ({@code sextant-pre-provisioning:pre-provisioned/node}) waiting to be applied, with
 * its last failure.
 *
 * @param values the template's variables and the node's values
 * @param commit whether it is committed once applied
 * @param failure why the last attempt failed, with its time; null when none did
 */
public record PreProvisionedNode(String nodeId, String template, Map<String, String> values, boolean commit,
        @Nullable String failure) {
    public PreProvisionedNode {
        values = Map.copyOf(values);
    }

    /** Where the entry of node {@code nodeId} is stored in the configuration datastore. */
    public static YangInstanceIdentifier location(final String nodeId) {
        return PreProvisioning.ALL.node(NodeIdentifierWithPredicates.of(PreProvisioning.NODE,
            PreProvisioning.NODE_ID, nodeId));
    }

    /** It as stored at {@link #location(String)} of its node (its failure is state: not stored). */
    public MapEntryNode data() {
        final var variables = ImmutableNodes.newSystemMapBuilder()
            .withNodeIdentifier(NodeIdentifier.create(PreProvisioning.VARIABLE));
        values.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(value -> variables.withChild(
            ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(PreProvisioning.VARIABLE, PreProvisioning.NAME,
                    value.getKey()))
                .withChild(ImmutableNodes.leafNode(PreProvisioning.NAME, value.getKey()))
                .withChild(ImmutableNodes.leafNode(PreProvisioning.VALUE, value.getValue())).build()));
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(PreProvisioning.NODE, PreProvisioning.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.TEMPLATE_NAME, template))
            .withChild(ImmutableNodes.leafNode(PreProvisioning.COMMIT, commit));
        if (!values.isEmpty()) {
            entry.withChild(variables.build());
        }
        return entry.build();
    }
}
