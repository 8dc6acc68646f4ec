package io.sextant.uniconfig;

import io.sextant.spi.IntentAccess;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;

/** The RPC of sextant-templates, apply-template: its input read, its output in uniconfig-manager's node-results. */
final class TemplateRpcs implements AutoCloseable {
    private static final QName APPLY = QName.create(TemplateStore.MODULE, "apply-template");
    private static final QName TEMPLATE_NAME = QName.create(TemplateStore.MODULE, "template-name");
    private static final QName TARGET_NODES = QName.create(TemplateStore.MODULE, "target-nodes");
    private static final QName NODE = QName.create(TemplateStore.MODULE, "node");
    private static final QName NODE_ID = QName.create(TemplateStore.MODULE, "node-id");
    private static final QName VARIABLE = QName.create(TemplateStore.MODULE, "variable");
    private static final QName VALUE = QName.create(TemplateStore.MODULE, "value");

    private final Registration registration;

    TemplateRpcs(final TemplateService templates, final IntentAccess.Policy access, final RpcRegistry rpcs) {
        registration = rpcs.register(APPLY, (input, context) -> {
            final List<TemplateService.Target> targets = targets(input);
            return UniconfigRpcs.guarded(targets.stream().map(TemplateService.Target::nodeId).toList(),
                () -> templates.applyTemplate(LeafText.of(input, TEMPLATE_NAME), targets, context,
                    access.forRequest(context)))
                .thenApply(result -> Optional.of(UniconfigRpcs.plainOutput(TemplateStore.MODULE, result)));
        });
    }

    private static List<TemplateService.Target> targets(final ContainerNode input) {
        final List<TemplateService.Target> targets = new ArrayList<>();
        if (input.childByArg(NodeIdentifier.create(TARGET_NODES)) instanceof ContainerNode container
                && container.childByArg(NodeIdentifier.create(NODE)) instanceof MapNode nodes) {
            for (MapEntryNode node : nodes.body()) {
                final Map<String, String> values = new HashMap<>();
                if (node.childByArg(NodeIdentifier.create(VARIABLE)) instanceof MapNode variables) {
                    for (MapEntryNode variable : variables.body()) {
                        values.put(LeafText.of(variable, TemplateStore.NAME), LeafText.of(variable, VALUE));
                    }
                }
                targets.add(new TemplateService.Target(LeafText.of(node, NODE_ID), values));
            }
        }
        return targets;
    }

    @Override
    public void close() {
        registration.close();
    }
}
