package io.sextant.spi;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/** Invokes RPCs by name, and actions (YANG 1.1) on data nodes. */
public interface RpcService {

    /** The RPCs that can be invoked. */
    Set<QName> rpcs();

    /** Fails with operation-not-supported for an RPC not in {@link #rpcs()}. */
    CompletionStage<Optional<ContainerNode>> invoke(QName rpc, ContainerNode input, RequestContext context);

    /**
     * Whether the request's user may invoke {@code rpc} at all (its access rules), without invoking
     * it: what RESTCONF's OPTIONS of the operation tells. A service without access rules permits all.
     */
    default boolean mayInvoke(final QName rpc, final RequestContext context) {
        return true;
    }

    /**
     * Whether the request's user may invoke the action {@code type} on the data node at
     * {@code path} (its access rules), without invoking it: what RESTCONF's OPTIONS of the action
     * tells. A service without access rules permits all.
     */
    default boolean mayInvokeAction(final Absolute type, final YangInstanceIdentifier path,
            final RequestContext context) {
        return true;
    }

    /**
     * Invoke the action {@code type} (its schema node identifier) on the data node at
     * {@code path}. Fails with operation-not-supported when the action has no implementation;
     * that is all a service without actions does.
     *
     * @param input the action's input, validated against the schema
     * @return the output, or empty for an action without output
     */
    default CompletionStage<Optional<ContainerNode>> invokeAction(final Absolute type, final YangInstanceIdentifier path,
            final ContainerNode input, final RequestContext context) {
        return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
            ErrorTag.OPERATION_NOT_SUPPORTED, "Action " + type.lastNodeIdentifier().getLocalName()
                + " is not implemented here"));
    }
}
