package io.sextant.restconf.nacm;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcService;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.Decision;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.service.AccessControl;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/**
 * The RPCs and actions of one schema's owner, each invocable only with NACM exec access (an
 * action also needs read access to the data node it is invoked on, RFC 8341 3.4.5); otherwise
 * 403 {@code access-denied}.
 */
final class NacmRpcService implements RpcService {
    private final RpcService delegate;
    private final EffectiveModelContext schema;
    private final Function<YangInstanceIdentifier, DataPath> locate;
    private final AccessControl control;

    NacmRpcService(final RpcService delegate, final EffectiveModelContext schema,
            final Function<YangInstanceIdentifier, DataPath> locate, final AccessControl control) {
        this.delegate = delegate;
        this.schema = schema;
        this.locate = locate;
        this.control = control;
    }

    @Override
    public Set<QName> rpcs() {
        return delegate.rpcs();
    }

    @Override
    public boolean mayInvoke(final QName rpc, final RequestContext context) {
        return control.access(context).exec(schema, rpc).permitted() && delegate.mayInvoke(rpc, context);
    }

    @Override
    public CompletionStage<Optional<ContainerNode>> invoke(final QName rpc, final ContainerNode input,
            final RequestContext context) {
        final NacmAccess access = control.access(context);
        final Decision decision = access.exec(schema, rpc);
        if (!decision.permitted()) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.ACCESS_DENIED, "Access denied: user '" + access.user() + "' may not invoke "
                    + rpc.getLocalName()));
        }
        return delegate.invoke(rpc, input, context);
    }

    @Override
    public boolean mayInvokeAction(final Absolute type, final YangInstanceIdentifier path,
            final RequestContext context) {
        return actionDecision(control.access(context), type, path).permitted()
            && delegate.mayInvokeAction(type, path, context);
    }

    @Override
    public CompletionStage<Optional<ContainerNode>> invokeAction(final Absolute type, final YangInstanceIdentifier path,
            final ContainerNode input, final RequestContext context) {
        final NacmAccess access = control.access(context);
        final QName action = type.lastNodeIdentifier();
        final Decision decision = actionDecision(access, type, path);
        if (!decision.permitted()) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.ACCESS_DENIED, "Access denied: user '" + access.user() + "' may not invoke the action "
                    + action.getLocalName() + " here", path));
        }
        return delegate.invokeAction(type, path, input, context);
    }

    private Decision actionDecision(final NacmAccess access, final Absolute type, final YangInstanceIdentifier path) {
        return access.execAction(locate.apply(path.node(NodeIdentifier.create(type.lastNodeIdentifier()))));
    }
}
