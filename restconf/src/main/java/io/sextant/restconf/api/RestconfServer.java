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

    /** GET /rests/data/{path}. */
    CompletionStage<RestconfResponse> dataGET(ApiPath path, QueryParameters params, RequestContext context);

    /** PUT /rests/data/{path}: create or replace the target resource. */
    CompletionStage<RestconfResponse> dataPUT(ApiPath path, RequestBody body, RequestContext context);

    /** POST /rests/data/{path}: create a child resource of the target. */
    CompletionStage<RestconfResponse> dataPOST(ApiPath path, RequestBody body, RequestContext context);

    /** PATCH /rests/data/{path} with a plain body: merge into the target. */
    CompletionStage<RestconfResponse> dataPATCH(ApiPath path, RequestBody body, RequestContext context);

    /** PATCH /rests/data/{path} with an RFC 8072 YANG-Patch body: all edits, atomically. */
    CompletionStage<RestconfResponse> dataYangPATCH(ApiPath path, RequestBody body, RequestContext context);

    /** DELETE /rests/data/{path}. */
    CompletionStage<RestconfResponse> dataDELETE(ApiPath path, RequestContext context);

    /** GET /rests/operations: the RPCs that can be invoked. */
    CompletionStage<RestconfResponse> operationsGET(RequestContext context);

    /** POST /rests/operations/{path}: invoke an RPC (of the controller or of a mounted device). */
    CompletionStage<RestconfResponse> operationsPOST(ApiPath path, RequestBody body, RequestContext context);

    /** GET /rests: the ietf-restconf:restconf root resource. */
    CompletionStage<RestconfResponse> rootGET(RequestContext context);

    /** GET /rests/yang-library-version. */
    CompletionStage<RestconfResponse> yangLibraryVersionGET(RequestContext context);
}
