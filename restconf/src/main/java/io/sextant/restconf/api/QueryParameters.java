package io.sextant.restconf.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The RFC 8040 query parameters a request may carry (section 4.8), validated.
 *
 * @param content which data a GET returns
 * @param depth levels returned; empty for unbounded
 * @param fields the fields expression, if any
 * @param withDefaults how default values are reported
 * @param prettyPrint indent the response (also accepted as {@code odl-pretty-print})
 */
public record QueryParameters(Content content, OptionalInt depth, Optional<FieldsExpression> fields,
        WithDefaults withDefaults, boolean prettyPrint) {

    /** The content parameter. */
    public enum Content { CONFIG, NONCONFIG, ALL }

    /** The with-defaults parameter (RFC 6243 modes). */
    public enum WithDefaults { EXPLICIT, TRIM, REPORT_ALL }

    public static final QueryParameters DEFAULT =
        new QueryParameters(Content.ALL, OptionalInt.empty(), Optional.empty(), WithDefaults.EXPLICIT, false);

    private static final Set<String> KNOWN = Set.of("content", "depth", "fields", "with-defaults",
        "odl-pretty-print", "pretty-print", "insert", "point");

    /**
     * Parse decoded query parameters.
     *
     * @throws IllegalArgumentException naming the parameter that is wrong
     */
    public static QueryParameters parse(final Map<String, List<String>> params) {
        Content content = Content.ALL;
        OptionalInt depth = OptionalInt.empty();
        Optional<FieldsExpression> fields = Optional.empty();
        WithDefaults withDefaults = WithDefaults.EXPLICIT;
        boolean pretty = false;
        for (var entry : params.entrySet()) {
            final String name = entry.getKey();
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("Unknown query parameter '" + name + "'");
            }
            if (entry.getValue().size() != 1) {
                throw new IllegalArgumentException("Query parameter '" + name + "' must appear once");
            }
            final String value = entry.getValue().get(0);
            switch (name) {
                case "content" -> content = switch (value) {
                    case "config" -> Content.CONFIG;
                    case "nonconfig" -> Content.NONCONFIG;
                    case "all" -> Content.ALL;
                    default -> throw new IllegalArgumentException(
                        "Invalid content '" + value + "': expected config, nonconfig or all");
                };
                case "depth" -> depth = parseDepth(value);
                case "fields" -> fields = Optional.of(FieldsExpression.parse(value));
                case "with-defaults" -> withDefaults = switch (value) {
                    case "explicit" -> WithDefaults.EXPLICIT;
                    case "trim" -> WithDefaults.TRIM;
                    case "report-all" -> WithDefaults.REPORT_ALL;
                    case "report-all-tagged" -> throw new IllegalArgumentException(
                        "with-defaults=report-all-tagged is not supported; use report-all, trim or explicit");
                    default -> throw new IllegalArgumentException("Invalid with-defaults '" + value + "'");
                };
                case "odl-pretty-print", "pretty-print" -> pretty = Boolean.parseBoolean(value);
                case "insert", "point" -> throw new IllegalArgumentException(
                    "Query parameter '" + name + "' is not supported");
                default -> throw new IllegalStateException(name);
            }
        }
        return new QueryParameters(content, depth, fields, withDefaults, pretty);
    }

    private static OptionalInt parseDepth(final String value) {
        if ("unbounded".equals(value)) {
            return OptionalInt.empty();
        }
        final int depth;
        try {
            depth = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid depth '" + value + "': expected 1..65535 or unbounded", e);
        }
        if (depth < 1 || depth > 65535) {
            throw new IllegalArgumentException("Invalid depth '" + value + "': expected 1..65535 or unbounded");
        }
        return OptionalInt.of(depth);
    }
}
