package io.sextant.datastore.service;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/** Invokes RPCs by name. */
public interface RpcService {

    /** The RPCs that can be invoked. */
    Set<QName> rpcs();

    /** Fails with operation-not-supported for an RPC not in {@link #rpcs()}. */
    CompletionStage<Optional<ContainerNode>> invoke(QName rpc, ContainerNode input, RequestContext context);
}
