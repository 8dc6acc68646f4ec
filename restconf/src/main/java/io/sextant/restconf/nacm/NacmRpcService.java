package io.sextant.restconf.nacm;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcService;
import io.sextant.security.nacm.Decision;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.service.AccessControl;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The RPCs of one schema's owner, each invocable only with NACM exec access; otherwise 403 {@code access-denied}. */
final class NacmRpcService implements RpcService {
    private final RpcService delegate;
    private final EffectiveModelContext schema;
    private final AccessControl control;

    NacmRpcService(final RpcService delegate, final EffectiveModelContext schema, final AccessControl control) {
        this.delegate = delegate;
        this.schema = schema;
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
}
