package io.sextant.uniconfig;

import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** The output of sextant-history:revert-changes. */
final class RevertOutput {
    private static final QName OUTPUT = QName.create(HistoryRpcs.MODULE, "output");
    private static final QName NODE_RESULT = QName.create(HistoryRpcs.MODULE, "node-result");
    private static final QName NODE_ID = QName.create(HistoryRpcs.MODULE, "node-id");
    private static final QName SKIPPED = QName.create(HistoryRpcs.MODULE, "skipped-path");

    private RevertOutput() {
    }

    static ContainerNode of(final Reverted reverted) {
        final OperationResult result = reverted.result();
        final var output = ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(OUTPUT))
            .withChild(ImmutableNodes.leafNode(QName.create(HistoryRpcs.MODULE, "overall-status"), result.ok()
                ? "complete" : "fail"));
        result.error().ifPresent(error -> output.withChild(ImmutableNodes.leafNode(QName.create(HistoryRpcs.MODULE,
            "error-message"), error)));
        if (result.nodes().isEmpty()) {
            return output.build();
        }
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(NODE_RESULT));
        for (NodeResult node : result.nodes()) {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE_RESULT, NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(NODE_ID, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(QName.create(HistoryRpcs.MODULE, "status"), node.ok() ? "complete"
                    : "fail"));
            node.error().ifPresent(error -> {
                entry.withChild(ImmutableNodes.leafNode(QName.create(HistoryRpcs.MODULE, "error-message"),
                    error.message()));
                entry.withChild(ImmutableNodes.leafNode(QName.create(HistoryRpcs.MODULE, "error-type"),
                    error.kind().yangName()));
            });
            final List<String> skipped = reverted.skipped().getOrDefault(node.nodeId(), List.of());
            if (!skipped.isEmpty()) {
                final var paths = ImmutableNodes.<String>newSystemLeafSetBuilder()
                    .withNodeIdentifier(NodeIdentifier.create(SKIPPED));
                skipped.forEach(path -> paths.withChild(ImmutableNodes.leafSetEntry(SKIPPED, path)));
                entry.withChild(paths.build());
            }
            list.withChild(entry.build());
        }
        return output.withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(
            QName.create(HistoryRpcs.MODULE, "node-results"))).withChild(list.build()).build()).build();
    }
}
