package io.sextant.restconf.api;

import io.sextant.spi.RequestContext;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.Empty;

/**
 * The RESTCONF server, independent of any transport: one method per resource and verb, each
 * completing asynchronously with a typed result that says what happened (created or replaced,
 * the new resource's path, an operation's output or none). A request that fails completes its
 * stage with a {@link ServerException}, whose {@link ServerErrors} are the RFC 8040 errors as
 * data. The server knows no status codes, headers or base paths: paths in and out are api-paths
 * from the datastore root, and the transport decides how each result and error is answered.
 */
public interface RestconfServer {

    /** GET of a data resource; HEAD is the same without the body. */
    CompletionStage<DataGetResult> dataGET(ApiPath path, QueryParameters params, Conditions conditions,
        RequestContext context);

    /** PUT of a data resource: create or replace it ({@code insert}/{@code point} place it). */
    CompletionStage<DataPutResult> dataPUT(ApiPath path, RequestBody body, QueryParameters params,
        Conditions conditions, RequestContext context);

    /**
     * POST on a data resource: create a child resource of the target ({@code insert}/{@code point}
     * place it), or invoke the action the path ends in (RFC 8040 section 3.6).
     */
    CompletionStage<DataPostResult> dataPOST(ApiPath path, RequestBody body, QueryParameters params,
        Conditions conditions, RequestContext context);

    /** PATCH of a data resource with a plain body: merge into the target. */
    CompletionStage<DataPatchResult> dataPATCH(ApiPath path, RequestBody body, Conditions conditions,
        RequestContext context);

    /**
     * PATCH of a data resource with an RFC 8072 YANG-Patch body: all edits, atomically. A patch
     * refused by its edits completes normally with the errors in its result.
     */
    CompletionStage<DataYangPatchResult> dataYangPATCH(ApiPath path, RequestBody body, Conditions conditions,
        RequestContext context);

    /** DELETE of a data resource. */
    CompletionStage<Empty> dataDELETE(ApiPath path, Conditions conditions, RequestContext context);

    /** The methods a data resource allows. */
    CompletionStage<OptionsResult> dataOPTIONS(ApiPath path, RequestContext context);

    /** The RPCs that can be invoked, as {@code ietf-restconf:operations}. */
    CompletionStage<FormattableBody> operationsGET(RequestContext context);

    /** Invoke an RPC (of the controller, or of a mounted device past {@code yang-ext:mount}). */
    CompletionStage<InvokeResult> operationsPOST(ApiPath path, RequestBody body, RequestContext context);

    /** The methods an operation resource allows (empty path: the operations list). */
    CompletionStage<OptionsResult> operationsOPTIONS(ApiPath path, RequestContext context);

    /** The {@code ietf-restconf:restconf} root resource. */
    CompletionStage<FormattableBody> rootGET(RequestContext context);

    /** The {@code yang-library-version} resource. */
    CompletionStage<FormattableBody> yangLibraryVersionGET(RequestContext context);

    /** The OpenAPI documents: the controller's, and one per device schema context with its mount points. */
    CompletionStage<FormattableBody> openApiListGET(RequestContext context);

    /** The OpenAPI document of the controller's own modules. */
    CompletionStage<FormattableBody> openApiControllerGET(RequestContext context);

    /** The OpenAPI document of the data below the mount point at {@code mountPoint}. */
    CompletionStage<FormattableBody> openApiMountGET(ApiPath mountPoint, RequestContext context);
}
