package io.sextant.restconf.api;

import io.sextant.datastore.service.RequestContext;
import java.util.concurrent.CompletionStage;

/**
 * The RESTCONF server, independent of HTTP: one method per resource and verb. Every method
 * completes asynchronously; a failure completes the stage with an
 * {@link io.sextant.datastore.OperationFailedException}, which the transport turns into an
 * RFC 8040 {@code errors} body with the status code its error-tag calls for.
 */
public interface RestconfServer {

    /** GET /rests/data/{path}; HEAD is the same without the body. */
    CompletionStage<RestconfResponse> dataGET(ApiPath path, QueryParameters params, Conditions conditions,
        RequestContext context);

    /** PUT /rests/data/{path}: create or replace the target resource ({@code insert}/{@code point} place it). */
    CompletionStage<RestconfResponse> dataPUT(ApiPath path, RequestBody body, QueryParameters params,
        Conditions conditions, RequestContext context);

    /**
     * POST /rests/data/{path}: create a child resource of the target ({@code insert}/{@code point}
     * place it), or invoke the action the path ends in (RFC 8040 section 3.6).
     */
    CompletionStage<RestconfResponse> dataPOST(ApiPath path, RequestBody body, QueryParameters params,
        Conditions conditions, RequestContext context);

    /** PATCH /rests/data/{path} with a plain body: merge into the target. */
    CompletionStage<RestconfResponse> dataPATCH(ApiPath path, RequestBody body, Conditions conditions,
        RequestContext context);

    /** PATCH /rests/data/{path} with an RFC 8072 YANG-Patch body: all edits, atomically. */
    CompletionStage<RestconfResponse> dataYangPATCH(ApiPath path, RequestBody body, Conditions conditions,
        RequestContext context);

    /** DELETE /rests/data/{path}. */
    CompletionStage<RestconfResponse> dataDELETE(ApiPath path, Conditions conditions, RequestContext context);

    /** OPTIONS /rests/data/{path}: the methods the resource allows. */
    CompletionStage<RestconfResponse> dataOPTIONS(ApiPath path, RequestContext context);

    /** GET /rests/operations: the RPCs that can be invoked. */
    CompletionStage<RestconfResponse> operationsGET(RequestContext context);

    /** POST /rests/operations/{path}: invoke an RPC (of the controller or of a mounted device). */
    CompletionStage<RestconfResponse> operationsPOST(ApiPath path, RequestBody body, RequestContext context);

    /** OPTIONS /rests/operations/{path}: the methods the operation resource allows. */
    CompletionStage<RestconfResponse> operationsOPTIONS(ApiPath path, RequestContext context);

    /** GET /rests: the ietf-restconf:restconf root resource. */
    CompletionStage<RestconfResponse> rootGET(RequestContext context);

    /** GET /rests/yang-library-version. */
    CompletionStage<RestconfResponse> yangLibraryVersionGET(RequestContext context);

    /** GET /openapi: the OpenAPI documents, the controller's and one per device schema context with its mount points. */
    CompletionStage<RestconfResponse> openApiListGET(RequestContext context);

    /** GET /openapi/controller: the OpenAPI document of the controller's own modules. */
    CompletionStage<RestconfResponse> openApiControllerGET(RequestContext context);

    /** GET /openapi/data/{mount point}: the OpenAPI document of the data below that mount point. */
    CompletionStage<RestconfResponse> openApiMountGET(ApiPath mountPoint, RequestContext context);
}
