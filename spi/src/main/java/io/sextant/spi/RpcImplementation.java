package io.sextant.spi;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/** Implements one RPC. */
@FunctionalInterface
public interface RpcImplementation {

    /**
     * @param input the RPC input, validated against the schema (an empty input container when
     *     the request has no body)
     * @return the output, or empty for an RPC without output
     */
    CompletionStage<Optional<ContainerNode>> invoke(ContainerNode input, RequestContext context);
}
