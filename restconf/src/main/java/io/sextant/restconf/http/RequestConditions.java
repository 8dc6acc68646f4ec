package io.sextant.restconf.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.sextant.restconf.api.Conditions;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** A request's If-Match, If-None-Match, If-Modified-Since and If-Unmodified-Since (RFC 7232, as RFC 8040 uses them). */
final class RequestConditions {
    private RequestConditions() {
    }

    static Conditions of(final FullHttpRequest request) throws RequestRefused {
        final var headers = request.headers();
        return new Conditions(entityTags(headers.getAll(HttpHeaderNames.IF_MATCH), true),
            entityTags(headers.getAll(HttpHeaderNames.IF_NONE_MATCH), false),
            httpDate(headers.get(HttpHeaderNames.IF_MODIFIED_SINCE)),
            httpDate(headers.get(HttpHeaderNames.IF_UNMODIFIED_SINCE)));
    }

    /**
     * Entity tags of a condition header. If-Match compares strongly, so a weak tag there
     * matches nothing; If-None-Match compares weakly.
     */
    private static @Nullable List<String> entityTags(final List<String> values, final boolean strong)
            throws RequestRefused {
        if (values.isEmpty()) {
            return null;
        }
        final List<String> tags = new ArrayList<>();
        for (String value : values) {
            for (String item : value.split(",")) {
                String tag = item.strip();
                if (tag.equals(Conditions.ANY)) {
                    tags.add(Conditions.ANY);
                    continue;
                }
                final boolean weak = tag.startsWith("W/");
                if (weak) {
                    tag = tag.substring(2);
                }
                if (tag.length() < 2 || tag.charAt(0) != '"' || tag.charAt(tag.length() - 1) != '"') {
                    throw new RequestRefused(400, ErrorTag.INVALID_VALUE, "Invalid entity tag '" + item.strip()
                        + "': expected \"...\", W/\"...\" or *");
                }
                tag = tag.substring(1, tag.length() - 1);
                tags.add(weak && strong ? "W/" + tag : tag);
            }
        }
        return tags;
    }

    /** An HTTP-date; one that does not parse is ignored, as RFC 9110 section 13.1.3 asks. */
    private static @Nullable Instant httpDate(final @Nullable String value) {
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
