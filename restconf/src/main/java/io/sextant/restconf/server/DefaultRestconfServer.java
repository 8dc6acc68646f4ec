package io.sextant.restconf.server;

import io.sextant.spi.DataService;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcService;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.DataGetResult;
import io.sextant.restconf.api.DataPatchResult;
import io.sextant.restconf.api.DataPostResult;
import io.sextant.restconf.api.DataPutResult;
import io.sextant.restconf.api.DataYangPatchResult;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.InvokeResult;
import io.sextant.restconf.api.OptionsResult;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.RestconfServer;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.Empty;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The RESTCONF server over the controller's data, RPCs and mount points. It hands each request
 * to the part that serves it: {@link DataReads}, {@link DataWrites}, {@link Operations},
 * {@link ResourceOptions}, {@link OpenApiResources}, each resolving paths (crossing mount points)
 * with the one {@link PathResolver}. Every failure becomes a
 * {@link io.sextant.restconf.api.ServerException} ({@link Failures}); nothing that a client sends
 * is an internal error unless a device or a component reports one.
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
        this.resolver = new PathResolver(schema, new StateWhereServed(data, mounts), rpcs, mounts, guard);
        final Versions versions = new Versions(Clock.systemUTC());
        this.reads = new DataReads(resolver, versions);
        this.writes = new DataWrites(resolver, versions);
        this.operations = new Operations(resolver, rpcs, schema);
        this.options = new ResourceOptions(resolver);
        this.openApi = new OpenApiResources(resolver, schema, data);
    }

    @Override
    public CompletionStage<DataGetResult> dataGET(final ApiPath path, final QueryParameters params,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> reads.get(path, params, conditions, context));
    }

    @Override
    public CompletionStage<DataPutResult> dataPUT(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.put(path, body, params, conditions, context));
    }

    @Override
    public CompletionStage<DataPostResult> dataPOST(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> {
            final Optional<PathResolver.ActionTarget> action = resolver.findAction(path);
            final CompletionStage<DataPostResult> result = action.isPresent()
                ? operations.invokeAction(action.orElseThrow(), path, body, context).thenApply(invoked -> invoked)
                : writes.create(path, body, params, conditions, context).thenApply(created -> created);
            return result;
        });
    }

    @Override
    public CompletionStage<DataPatchResult> dataPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.merge(path, body, conditions, context));
    }

    @Override
    public CompletionStage<DataYangPatchResult> dataYangPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return Failures.run(schema, () -> writes.yangPatch(path, body, conditions, context));
    }

    @Override
    public CompletionStage<Empty> dataDELETE(final ApiPath path, final Conditions conditions,
            final RequestContext context) {
        return Failures.run(schema, () -> writes.delete(path, conditions, context));
    }

    @Override
    public CompletionStage<OptionsResult> dataOPTIONS(final ApiPath path, final RequestContext context) {
        return Failures.run(schema, () -> options.data(path, context));
    }

    @Override
    public CompletionStage<OptionsResult> operationsOPTIONS(final ApiPath path, final RequestContext context) {
        return Failures.run(schema, () -> options.operation(path, context));
    }

    @Override
    public CompletionStage<FormattableBody> operationsGET(final RequestContext context) {
        return Failures.run(schema, operations::list);
    }

    @Override
    public CompletionStage<InvokeResult> operationsPOST(final ApiPath path, final RequestBody body,
            final RequestContext context) {
        return Failures.run(schema, () -> operations.invokeRpc(path, body, context));
    }

    @Override
    public CompletionStage<FormattableBody> rootGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RootBodies.root());
    }

    @Override
    public CompletionStage<FormattableBody> yangLibraryVersionGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RootBodies.yangLibraryVersion());
    }

    @Override
    public CompletionStage<FormattableBody> openApiListGET(final RequestContext context) {
        return Failures.run(schema, () -> openApi.list(context));
    }

    @Override
    public CompletionStage<FormattableBody> openApiControllerGET(final RequestContext context) {
        return Failures.run(schema, () -> CompletableFuture.completedFuture(openApi.controller()));
    }

    @Override
    public CompletionStage<FormattableBody> openApiMountGET(final ApiPath mountPoint, final RequestContext context) {
        return Failures.run(schema, () -> CompletableFuture.completedFuture(openApi.mount(mountPoint)));
    }
}
