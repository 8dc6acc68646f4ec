package io.sextant.restconf.http;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.QueryParameters;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** A request's URI: its path below a resource as an api-path, and its query parameters, checked for the method. */
final class RequestQuery {
    /** Netty's default limit on decoded query parameters. */
    private static final int QUERY_PARAMETER_LIMIT = 1024;
    private static final List<String> READ_ONLY_PARAMETERS = List.of("content", "depth", "fields", "with-defaults");

    private RequestQuery() {
    }

    /** The request's URI, decoded; its raw path stays percent-encoded. */
    static QueryStringDecoder decode(final String uri) {
        // ';' separates the nodes of a fields expression (RFC 8040 4.8.3: fields=a(b;c)), not parameters
        return new QueryStringDecoder(uri, StandardCharsets.UTF_8, true, QUERY_PARAMETER_LIMIT, true);
    }

    /** The query parameters, validated, and allowed with {@code method}. */
    static QueryParameters params(final QueryStringDecoder uri, final HttpMethod method) throws RequestRefused {
        final QueryParameters params = params(uri);
        checkMethodAllowsQuery(method, uri);
        return params;
    }

    private static QueryParameters params(final QueryStringDecoder uri) throws RequestRefused {
        final Map<String, List<String>> decoded;
        try {
            decoded = uri.parameters();
        } catch (IllegalArgumentException e) {
            throw new RequestRefused(400, ErrorTag.MALFORMED_MESSAGE,
                "The query string is not valid percent-encoded UTF-8");
        }
        try {
            return QueryParameters.parse(decoded);
        } catch (IllegalArgumentException e) {
            throw new RequestRefused(400, ErrorTag.INVALID_VALUE, e.getMessage());
        }
    }

    /**
     * RFC 8040 4.8: content, depth, fields and with-defaults belong to GET and HEAD, insert and
     * point to POST and PUT; elsewhere they are refused.
     */
    private static void checkMethodAllowsQuery(final HttpMethod method, final QueryStringDecoder uri)
            throws RequestRefused {
        if (!method.equals(HttpMethod.POST) && !method.equals(HttpMethod.PUT)) {
            for (String name : List.of("insert", "point")) {
                if (uri.parameters().containsKey(name)) {
                    throw new RequestRefused(400, ErrorTag.INVALID_VALUE, "Query parameter '" + name
                        + "' is only allowed with POST and PUT, not " + method);
                }
            }
        }
        if (method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) {
            return;
        }
        for (String name : READ_ONLY_PARAMETERS) {
            if (uri.parameters().containsKey(name)) {
                throw new RequestRefused(400, ErrorTag.INVALID_VALUE, "Query parameter '" + name
                    + "' is only allowed with GET and HEAD, not " + method);
            }
        }
    }

    /** The api-path of the rest of a URI's raw path below a resource ({@code /a:b/c=1}, trailing slash ignored). */
    static ApiPath apiPath(final String rest) throws RequestRefused {
        final String raw = rest.startsWith("/") ? rest.substring(1) : rest;
        try {
            return ApiPath.parse(raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw);
        } catch (IllegalArgumentException e) {
            throw new RequestRefused(400, ErrorTag.INVALID_VALUE, e.getMessage());
        }
    }
}
