package io.sextant.spi;

import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;

/** The controller's RPCs: each layer registers the RPCs it implements. */
@Component(service = RpcRegistry.class)
public final class RpcRegistry implements RpcService {
    private final ConcurrentHashMap<QName, RpcImplementation> implementations = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Absolute, ActionImplementation> actions = new ConcurrentHashMap<>();

    public Registration register(final QName rpc, final RpcImplementation implementation) {
        if (implementations.putIfAbsent(rpc, implementation) != null) {
            throw new IllegalStateException("RPC " + rpc + " already has an implementation");
        }
        return () -> implementations.remove(rpc, implementation);
    }

    /** Implement the action {@code type} (its schema node identifier, from the top-level data node). */
    public Registration registerAction(final Absolute type, final ActionImplementation implementation) {
        if (actions.putIfAbsent(type, implementation) != null) {
            throw new IllegalStateException("Action " + type + " already has an implementation");
        }
        return () -> actions.remove(type, implementation);
    }

    @Override
    public CompletionStage<Optional<ContainerNode>> invokeAction(final Absolute type, final YangInstanceIdentifier path,
            final ContainerNode input, final RequestContext context) {
        final ActionImplementation implementation = actions.get(type);
        if (implementation == null) {
            return RpcService.super.invokeAction(type, path, input, context);
        }
        try {
            return implementation.invoke(path, input, context);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public Set<QName> rpcs() {
        return Set.copyOf(implementations.keySet());
    }

    @Override
    public CompletionStage<Optional<ContainerNode>> invoke(final QName rpc, final ContainerNode input,
            final RequestContext context) {
        final RpcImplementation implementation = implementations.get(rpc);
        if (implementation == null) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
                ErrorTag.OPERATION_NOT_SUPPORTED, "RPC " + rpc.getLocalName() + " is not implemented"));
        }
        try {
            return implementation.invoke(input, context);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
