package io.sextant.restconf.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.OptionsResult;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RestconfServer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * Which {@link RestconfServer} method a request calls, by its path and method: the RESTCONF
 * root and its yang-library-version, data, operations and the OpenAPI documents. A path or
 * method nothing serves is refused here. The server's result, or the errors it failed with,
 * becomes the request's {@link Answer} ({@link Answers}).
 */
final class RestconfRouter {
    private static final String ROOT = "/rests";
    private static final String DATA = ROOT + "/data";
    private static final String OPERATIONS = ROOT + "/operations";
    private static final String OPENAPI = "/openapi";
    private static final List<String> READ_ONLY = OptionsResult.READ_ONLY.allowed();
    private static final List<String> DATA_METHODS = List.of("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST",
        "PUT");

    private final RestconfServer server;
    private final PeerForwarding peers;
    private final Answers answers = new Answers(DATA);

    RestconfRouter(final RestconfServer server, final PeerForwarding peers) {
        this.server = server;
        this.peers = peers;
    }

    /**
     * Call the server for the request. The stage completes with the answer, that of the errors
     * too when the server failed the request, or that of the controller instance the request was
     * sent on to when the server said another instance holds its nodes ({@code source}: the
     * client's address, for that instance's audit record); it fails only with a
     * failure the server did not describe.
     */
    CompletionStage<Answer> route(final FullHttpRequest request, final HttpMethod method,
            final QueryParameters params, final Conditions conditions, final String path,
            final RequestContext context, final String source) throws RequestRefused {
        return call(request, method, params, conditions, path, context).handle((answer, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(answer);
            }
            // nodes another instance holds: that instance answers
            final CompletionStage<Answer> forwarded = peers.forward(request, failure, source);
            return forwarded != null ? forwarded : CompletableFuture.completedFuture(answers.failure(failure));
        }).thenCompose(Function.identity());
    }

    private CompletionStage<Answer> call(final FullHttpRequest request, final HttpMethod method,
            final QueryParameters params, final Conditions conditions, final String path,
            final RequestContext context) throws RequestRefused {
        if (path.equals(ROOT) || path.equals(ROOT + "/")) {
            if (method.equals(HttpMethod.OPTIONS)) {
                return CompletableFuture.completedFuture(answers.options(OptionsResult.READ_ONLY));
            }
            requireGet(method);
            return server.rootGET(context).thenApply(answers::body);
        }
        if (path.equals(ROOT + "/yang-library-version")) {
            if (method.equals(HttpMethod.OPTIONS)) {
                return CompletableFuture.completedFuture(answers.options(OptionsResult.READ_ONLY));
            }
            requireGet(method);
            return server.yangLibraryVersionGET(context).thenApply(answers::body);
        }
        if (path.equals(DATA) || path.startsWith(DATA + "/")) {
            return data(request, method, params, conditions, RequestQuery.apiPath(path.substring(DATA.length())),
                context);
        }
        if (path.equals(OPENAPI) || path.startsWith(OPENAPI + "/")) {
            return openApi(method, path, context);
        }
        if (path.equals(OPERATIONS) || path.startsWith(OPERATIONS + "/")) {
            final ApiPath apiPath = RequestQuery.apiPath(path.substring(OPERATIONS.length()));
            if (method.equals(HttpMethod.OPTIONS)) {
                return server.operationsOPTIONS(apiPath, context).thenApply(answers::options);
            }
            if (apiPath.isEmpty()) {
                requireGet(method);
                return server.operationsGET(context).thenApply(answers::body);
            }
            if (!method.equals(HttpMethod.POST)) {
                throw new RequestRefused(405, ErrorTag.OPERATION_NOT_SUPPORTED, "RPCs are invoked with POST",
                    List.of("OPTIONS", "POST"));
            }
            return server.operationsPOST(apiPath, MediaTypes.body(request, false), context)
                .thenApply(answers::invoke);
        }
        throw new RequestRefused(404, ErrorTag.INVALID_VALUE, "No RESTCONF resource at " + path
            + "; the RESTCONF root is /rests");
    }

    private CompletionStage<Answer> data(final FullHttpRequest request, final HttpMethod method,
            final QueryParameters params, final Conditions conditions, final ApiPath apiPath,
            final RequestContext context) throws RequestRefused {
        if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
            return server.dataGET(apiPath, params, conditions, context).thenApply(answers::dataGet);
        }
        if (method.equals(HttpMethod.PUT)) {
            return server.dataPUT(apiPath, MediaTypes.body(request, false), params, conditions, context)
                .thenApply(result -> answers.dataPut(apiPath, result));
        }
        if (method.equals(HttpMethod.POST)) {
            return server.dataPOST(apiPath, MediaTypes.body(request, false), params, conditions, context)
                .thenApply(answers::dataPost);
        }
        if (method.equals(HttpMethod.PATCH)) {
            if (MediaTypes.isYangPatch(request)) {
                return server.dataYangPATCH(apiPath, MediaTypes.body(request, true), conditions, context)
                    .thenApply(answers::yangPatch);
            }
            return server.dataPATCH(apiPath, MediaTypes.body(request, false), conditions, context)
                .thenApply(answers::dataPatch);
        }
        if (method.equals(HttpMethod.DELETE)) {
            return server.dataDELETE(apiPath, conditions, context).thenApply(deleted -> answers.deleted());
        }
        if (method.equals(HttpMethod.OPTIONS)) {
            return server.dataOPTIONS(apiPath, context).thenApply(answers::options);
        }
        throw new RequestRefused(405, ErrorTag.OPERATION_NOT_SUPPORTED, "Method " + method + " not allowed",
            DATA_METHODS);
    }

    private CompletionStage<Answer> openApi(final HttpMethod method, final String path,
            final RequestContext context) throws RequestRefused {
        if (method.equals(HttpMethod.OPTIONS)) {
            return CompletableFuture.completedFuture(answers.options(OptionsResult.READ_ONLY));
        }
        requireGet(method);
        if (path.equals(OPENAPI) || path.equals(OPENAPI + "/")) {
            return server.openApiListGET(context).thenApply(answers::body);
        }
        if (path.equals(OPENAPI + "/controller")) {
            return server.openApiControllerGET(context).thenApply(answers::body);
        }
        if (path.startsWith(OPENAPI + "/data/")) {
            return server.openApiMountGET(RequestQuery.apiPath(path.substring((OPENAPI + "/data").length())),
                context).thenApply(answers::body);
        }
        throw new RequestRefused(404, ErrorTag.INVALID_VALUE, "No OpenAPI document at " + path
            + "; GET /openapi lists them");
    }

    private static void requireGet(final HttpMethod method) throws RequestRefused {
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            throw new RequestRefused(405, ErrorTag.OPERATION_NOT_SUPPORTED, "Only GET is allowed here", READ_ONLY);
        }
    }
}
