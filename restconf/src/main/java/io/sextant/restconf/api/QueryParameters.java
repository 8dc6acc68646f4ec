package io.sextant.restconf.api;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The RFC 8040 query parameters a request may carry (section 4.8), validated.
 *
 * @param content which data a GET returns
 * @param depth levels returned; empty for unbounded
 * @param fields the fields expression; null when there is none
 * @param withDefaults how default values are reported
 * @param prettyPrint indent the response (also accepted as {@code odl-pretty-print})
 * @param insert where a PUT or POST puts an entry of an ordered-by-user list (section 4.8.5); null when not given
 * @param point the api-path of the entry {@code insert=before} and {@code after} refer to (section 4.8.6); null when not
 *     given
 */
public record QueryParameters(Content content, OptionalInt depth, @Nullable FieldsExpression fields,
        WithDefaults withDefaults, boolean prettyPrint, @Nullable Insert insert, @Nullable ApiPath point) {

    /** The content parameter. */
    public enum Content { CONFIG, NONCONFIG, ALL }

    /** The with-defaults parameter (RFC 6243 modes). */
    public enum WithDefaults { EXPLICIT, TRIM, REPORT_ALL, REPORT_ALL_TAGGED }

    /** The insert parameter. */
    public enum Insert {
        FIRST, LAST, BEFORE, AFTER;

        /** Whether the position is relative to a {@code point}. */
        public boolean needsPoint() {
            return this == BEFORE || this == AFTER;
        }
    }

    public static final QueryParameters DEFAULT = new QueryParameters(Content.ALL, OptionalInt.empty(), null,
        WithDefaults.EXPLICIT, false, null, null);

    private static final Set<String> KNOWN = Set.of("content", "depth", "fields", "with-defaults",
        "odl-pretty-print", "pretty-print", "insert", "point");
    private static final Set<String> STREAM_ONLY = Set.of("filter", "start-time", "stop-time");

    /**
     * Parse decoded query parameters.
     *
     * @throws IllegalArgumentException naming the parameter that is wrong
     */
    public static QueryParameters parse(final Map<String, List<String>> params) {
        Content content = Content.ALL;
        OptionalInt depth = OptionalInt.empty();
        FieldsExpression fields = null;
        WithDefaults withDefaults = WithDefaults.EXPLICIT;
        boolean pretty = false;
        Insert insert = null;
        ApiPath point = null;
        for (var entry : params.entrySet()) {
            final String name = entry.getKey();
            if (STREAM_ONLY.contains(name)) {
                throw new IllegalArgumentException("Query parameter '" + name + "' applies to event streams only "
                    + "(their locations are listed at /rests/data/ietf-restconf-monitoring:restconf-state/streams)");
            }
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
                case "fields" -> fields = FieldsExpression.parse(value);
                case "with-defaults" -> withDefaults = switch (value) {
                    case "explicit" -> WithDefaults.EXPLICIT;
                    case "trim" -> WithDefaults.TRIM;
                    case "report-all" -> WithDefaults.REPORT_ALL;
                    case "report-all-tagged" -> WithDefaults.REPORT_ALL_TAGGED;
                    default -> throw new IllegalArgumentException("Invalid with-defaults '" + value + "'");
                };
                case "odl-pretty-print", "pretty-print" -> pretty = Boolean.parseBoolean(value);
                case "insert" -> insert = switch (value) {
                    case "first" -> Insert.FIRST;
                    case "last" -> Insert.LAST;
                    case "before" -> Insert.BEFORE;
                    case "after" -> Insert.AFTER;
                    default -> throw new IllegalArgumentException(
                        "Invalid insert '" + value + "': expected first, last, before or after");
                };
                case "point" -> point = parsePoint(value);
                default -> throw new IllegalStateException(name);
            }
        }
        if (insert != null && insert.needsPoint() != (point != null)) {
            throw new IllegalArgumentException(point != null
                ? "Query parameter 'point' goes only with insert=before or insert=after"
                : "insert=" + insert.name().toLowerCase(Locale.ROOT)
                    + " needs the query parameter 'point' (the api-path of an entry of the same list)");
        }
        if (insert == null && point != null) {
            throw new IllegalArgumentException("Query parameter 'point' goes only with insert=before or insert=after");
        }
        return new QueryParameters(content, depth, fields, withDefaults, pretty, insert, point);
    }

    /** The point parameter: an api-path from the data root, with or without its leading '/'. */
    private static ApiPath parsePoint(final String value) {
        final String path = value.startsWith("/") ? value.substring(1) : value;
        if (path.isEmpty()) {
            throw new IllegalArgumentException("Query parameter 'point' must name a list entry");
        }
        try {
            return ApiPath.parse(path);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid point '" + value + "': " + e.getMessage(), e);
        }
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
