package io.sextant.restconf.server;

import io.sextant.datastore.service.DataService;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RequestContext;
import io.sextant.datastore.service.RpcService;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.RestconfResponse;
import io.sextant.restconf.api.RestconfServer;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The RESTCONF server over the controller's data, RPCs and mount points. It resolves each
 * request's path (crossing mount points) and hands the request to the part that serves it:
 * {@link DataReads}, {@link DataWrites}, {@link Operations}, {@link ResourceOptions},
 * {@link OpenApiResources}. Expected failures become RFC 8040 errors ({@link Failures});
 * nothing that a client sends produces a 5xx unless a device or a component reports an
 * internal failure.
 */
public final class DefaultRestconfServer implements RestconfServer {
    private final EffectiveModelContext schema;
    private final PathResolver resolver;
    private final DataReads reads;
    private final DataWrites writes;
    private final Operations operations;
    private final ResourceOptions options;
    private final OpenApiResources openApi;

    public DefaultRestconfServer(final EffectiveModelContext schema, final DataService data, final RpcService rpcs,
            final MountPointRegistry mounts) {
        this(schema, data, rpcs, mounts, AccessGuard.NONE);
    }

    /** A server whose requests see the data, mount points and RPCs through {@code guard}. */
    public DefaultRestconfServer(final EffectiveModelContext schema, final DataService data, final RpcService rpcs,
            final MountPointRegistry mounts, final AccessGuard guard) {
        this.schema = schema;
        this.resolver = new PathResolver(schema, data, rpcs, mounts, guard);
        final Versions versions = new Versions(Clock.systemUTC());
        this.reads = new DataReads(resolver, versions);
        this.writes = new DataWrites(resolver, versions);
        this.operations = new Operations(resolver, rpcs, schema);
        this.options = new ResourceOptions(resolver);
        this.openApi = new OpenApiResources(resolver, schema, data);
    }

    @Override
    public CompletionStage<RestconfResponse> dataGET(final ApiPath path, final QueryParameters params,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> reads.get(path, params, conditions, context));
    }

    @Override
    public CompletionStage<RestconfResponse> dataPUT(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.put(path, body, params, conditions, context));
    }

    @Override
    public CompletionStage<RestconfResponse> dataPOST(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> {
            final Optional<PathResolver.ActionTarget> action = resolver.findAction(path);
            return action.isPresent() ? operations.invokeAction(action.orElseThrow(), path, body, context)
                : writes.create(path, body, params, conditions, context);
        });
    }

    @Override
    public CompletionStage<RestconfResponse> dataPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.merge(path, body, conditions, context));
    }

    @Override
    public CompletionStage<RestconfResponse> dataYangPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.yangPatch(path, body, conditions, context));
    }

    @Override
    public CompletionStage<RestconfResponse> dataDELETE(final ApiPath path, final Conditions conditions,
            final RequestContext context) {
        return Failures.run(schema, () -> writes.delete(path, conditions, context));
    }

    @Override
    public CompletionStage<RestconfResponse> dataOPTIONS(final ApiPath path, final RequestContext context) {
        return Failures.run(schema, () -> options.data(path));
    }

    @Override
    public CompletionStage<RestconfResponse> operationsOPTIONS(final ApiPath path, final RequestContext context) {
        return Failures.run(schema, () -> options.operation(path));
    }

    @Override
    public CompletionStage<RestconfResponse> operationsGET(final RequestContext context) {
        return Failures.run(schema, operations::list);
    }

    @Override
    public CompletionStage<RestconfResponse> operationsPOST(final ApiPath path, final RequestBody body,
            final RequestContext context) {
        return Failures.run(schema, () -> operations.invokeRpc(path, body, context));
    }

    @Override
    public CompletionStage<RestconfResponse> rootGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RestconfResponse.ok(RootBodies.root()));
    }

    @Override
    public CompletionStage<RestconfResponse> yangLibraryVersionGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RestconfResponse.ok(RootBodies.yangLibraryVersion()));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiListGET(final RequestContext context) {
        return Failures.run(schema, () -> openApi.list(context));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiControllerGET(final RequestContext context) {
        return Failures.run(schema, () -> CompletableFuture.completedFuture(openApi.controller()));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiMountGET(final ApiPath mountPoint, final RequestContext context) {
        return Failures.run(schema, () -> CompletableFuture.completedFuture(openApi.mount(mountPoint)));
    }

    /**
     * Map a failure to its RFC 8040 response. Anything unexpected is logged with its stack and
     * becomes a 500 whose message says only that: no exception text reaches the client.
     */
    public static RestconfResponse errorResponse(final Throwable failure, final EffectiveModelContext schema) {
        return Failures.errorResponse(failure, schema);
    }
}
