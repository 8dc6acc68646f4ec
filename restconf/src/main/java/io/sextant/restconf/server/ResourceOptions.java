package io.sextant.restconf.server;

import io.sextant.datastore.OperationFailedException;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.RestconfResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The methods a resource allows: every method on configuration data and datastore roots, reads
 * on state data, POST on operations and actions.
 */
final class ResourceOptions {
    private final PathResolver resolver;

    ResourceOptions(final PathResolver resolver) {
        this.resolver = resolver;
    }

    CompletionStage<RestconfResponse> data(final ApiPath path) throws OperationFailedException {
        if (resolver.findAction(path).isPresent()) {
            return CompletableFuture.completedFuture(RestconfResponse.options(List.of("OPTIONS", "POST")));
        }
        final Target target = resolver.resolveData(path);
        final boolean config = target.isRoot() || Versions.isConfig(target.context());
        return CompletableFuture.completedFuture(RestconfResponse.options(config
            ? List.of("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")
            : List.of("GET", "HEAD", "OPTIONS")));
    }

    CompletionStage<RestconfResponse> operation(final ApiPath path) throws OperationFailedException {
        if (path.isEmpty()) {
            return CompletableFuture.completedFuture(RestconfResponse.options(List.of("GET", "HEAD", "OPTIONS")));
        }
        resolver.resolveOperation(path);
        return CompletableFuture.completedFuture(RestconfResponse.options(List.of("OPTIONS", "POST")));
    }
}
