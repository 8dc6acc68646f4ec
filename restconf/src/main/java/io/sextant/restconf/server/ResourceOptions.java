package io.sextant.restconf.server;

import io.sextant.spi.OperationErrorsException;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.OptionsResult;
import io.sextant.spi.RequestContext;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The methods a resource allows: every method on configuration data and datastore roots, reads
 * on state data and on the operations list, POST on operations and actions the user may invoke.
 */
final class ResourceOptions {
    private final PathResolver resolver;

    ResourceOptions(final PathResolver resolver) {
        this.resolver = resolver;
    }

    /** {@code POST} is left out for an action the user may not invoke there. */
    CompletionStage<OptionsResult> data(final ApiPath path, final RequestContext context)
            throws OperationErrorsException {
        final Optional<PathResolver.ActionTarget> found = resolver.findAction(path);
        if (found.isPresent()) {
            final PathResolver.ActionTarget action = found.orElseThrow();
            return CompletableFuture.completedFuture(action.rpcs().mayInvokeAction(action.type(), action.path(),
                context) ? OptionsResult.OPERATION : OptionsResult.OPERATION_DENIED);
        }
        final Target target = resolver.resolveData(path);
        final boolean config = target.isRoot() || Versions.isConfig(target.context());
        return CompletableFuture.completedFuture(config ? OptionsResult.CONFIGURATION : OptionsResult.READ_ONLY);
    }

    /** {@code POST} is left out for an RPC the user may not invoke, so a client can tell before it tries. */
    CompletionStage<OptionsResult> operation(final ApiPath path, final RequestContext context)
            throws OperationErrorsException {
        if (path.isEmpty()) {
            return CompletableFuture.completedFuture(OptionsResult.READ_ONLY);
        }
        final PathResolver.RpcTarget target = resolver.resolveOperation(path);
        return CompletableFuture.completedFuture(target.rpcs().mayInvoke(target.rpc().getQName(), context)
            ? OptionsResult.OPERATION : OptionsResult.OPERATION_DENIED);
    }
}
