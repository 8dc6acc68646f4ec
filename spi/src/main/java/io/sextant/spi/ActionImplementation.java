package io.sextant.spi;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/** Implements one action (YANG 1.1 {@code action}): an operation on a data node. */
@FunctionalInterface
public interface ActionImplementation {

    /**
     * @param path the data node the action is invoked on (a container or a list entry)
     * @param input the action's input, validated against the schema (empty without a body)
     * @return the output, or empty for an action without output
     */
    CompletionStage<Optional<ContainerNode>> invoke(YangInstanceIdentifier path, ContainerNode input,
        RequestContext context);
}
