package io.sextant.restconf.http;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The query of an event stream subscription, validated: {@code node} (node ids, comma-separated or repeated),
 * RFC 8040 {@code start-time} and {@code stop-time} (4.8.7, 4.8.8: RFC 3339 date-and-time; start-time not in the
 * future, stop-time only with a start-time and later than it) and {@code filter} (4.8.4, the expression's text;
 * {@link XPathEventFilter} compiles it).
 *
 * @param nodes the nodes whose events are wanted; empty for every node
 * @param start where the replay starts; null for no replay
 * @param stop when the stream ends; null for never
 * @param filter the filter expression; null for none
 */
record StreamQuery(Set<String> nodes, @Nullable Instant start, @Nullable Instant stop, @Nullable String filter) {
    private static final String NODE = "node";
    private static final String START_TIME = "start-time";
    private static final String STOP_TIME = "stop-time";
    private static final String FILTER = "filter";

    StreamQuery {
        nodes = Set.copyOf(nodes);
    }

    /**
     * Validate the decoded query parameters as of {@code now}.
     *
     * @throws IllegalArgumentException saying what is wrong, for a 400 {@code invalid-value}
     */
    static StreamQuery parse(final Map<String, List<String>> parameters, final Instant now) {
        final Set<String> nodes = new HashSet<>();
        Instant start = null;
        Instant stop = null;
        String filter = null;
        for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
            final String name = parameter.getKey();
            final List<String> values = parameter.getValue();
            switch (name) {
                case NODE -> {
                    for (String value : values) {
                        for (String node : value.split(",", -1)) {
                            if (node.isBlank()) {
                                throw new IllegalArgumentException("Parameter node names node ids, separated by "
                                    + "commas; an empty one is not allowed");
                            }
                            nodes.add(node.strip());
                        }
                    }
                }
                case START_TIME -> start = time(name, once(name, values));
                case STOP_TIME -> stop = time(name, once(name, values));
                case FILTER -> filter = once(name, values);
                default -> throw new IllegalArgumentException("Unknown query parameter " + name
                    + " for an event stream: the parameters are node, start-time, stop-time and filter");
            }
        }
        if (start != null && start.isAfter(now)) {
            throw new IllegalArgumentException("start-time " + start + " is in the future (the server's time is "
                + now + "): a replay starts in the past or now");
        }
        if (stop != null) {
            if (start == null) {
                throw new IllegalArgumentException("stop-time is allowed only with start-time (RFC 8040 4.8.8)");
            }
            if (!stop.isAfter(start)) {
                throw new IllegalArgumentException("stop-time " + stop + " must be later than start-time " + start);
            }
        }
        if (filter != null && filter.isBlank()) {
            throw new IllegalArgumentException("Parameter filter is empty: give an XPath expression or leave it out");
        }
        return new StreamQuery(nodes, start, stop, filter);
    }

    private static String once(final String name, final List<String> values) {
        if (values.size() != 1) {
            throw new IllegalArgumentException("Query parameter " + name + " must appear once");
        }
        return values.get(0);
    }

    /** An RFC 3339 date-and-time; a space stands for a {@code +} a client left unencoded in the query. */
    private static Instant time(final String name, final String value) {
        try {
            return OffsetDateTime.parse(value.strip().replace(' ', '+')).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " '" + value + "' is not an RFC 3339 date-and-time such as "
                + "2026-11-25T10:00:00Z or 2026-11-25T11:00:00%2B01:00", e);
        }
    }
}
