package io.sextant.translation;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code cli-topology:config-coverage}: the running-configuration lines of a CLI node that no
 * reader of its translation unit understood.
 */
@Component(service = ConfigCoverageRpc.class, immediate = true)
public final class ConfigCoverageRpc implements AutoCloseable {
    static final QName RPC = QName.create(ControllerSchema.CLI_TOPOLOGY, "config-coverage");
    private static final QName NODE_ID = QName.create(RPC, "node-id");
    private static final QName OUTPUT = QName.create(RPC, "output");
    private static final QName UNCOVERED = QName.create(RPC, "uncovered-line");

    private final Registration registration;

    @Activate
    public ConfigCoverageRpc(@Reference final RpcRegistry rpcs, @Reference final CliDevices devices) {
        registration = rpcs.register(RPC, (input, context) -> {
            final String nodeId = input.findChildByArg(NodeIdentifier.create(NODE_ID))
                .map(node -> String.valueOf(((LeafNode<?>) node).body())).orElse("");
            final Optional<CliDevice> device = devices.find(nodeId);
            if (device.isEmpty()) {
                return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                    ErrorTag.DATA_MISSING, "No connected CLI node " + nodeId + " in topology-cli"));
            }
            return device.orElseThrow().configCoverage().thenApply(lines -> Optional.of(output(lines)));
        });
    }

    private static ContainerNode output(final List<String> lines) {
        final var list = ImmutableNodes.newUserLeafSetBuilder().withNodeIdentifier(NodeIdentifier.create(UNCOVERED));
        lines.forEach(line -> list.withChild(ImmutableNodes.leafSetEntry(UNCOVERED, line)));
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(OUTPUT))
            .withChild(list.build()).build();
    }

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
