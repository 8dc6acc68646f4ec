package io.sextant.perf.run;

import com.google.gson.JsonElement;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.sextant.perf.fuzz.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * How two controllers' answers to the same request compare: the status codes, then for an error
 * the RFC 8040 error-type and error-tag of each error (messages are free text and may differ),
 * for a success the body (JSON compared in canonical form, so member and entry order do not
 * count; anything else with its whitespace collapsed).
 */
public final class AnswerComparison {
    /** The outcome of one comparison. */
    public enum Verdict {
        SAME("same"),
        STATUS_DIFFERS("status differs"),
        ERROR_DIFFERS("error-type or error-tag differs"),
        BODY_DIFFERS("body differs");

        private final String text;

        Verdict(final String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    private AnswerComparison() {
    }

    public static Verdict compare(final RestconfClient.Response ours, final RestconfClient.Response theirs) {
        if (ours.status() != theirs.status()) {
            return Verdict.STATUS_DIFFERS;
        }
        if (ours.status() >= 400) {
            return errors(ours.body()).equals(errors(theirs.body())) ? Verdict.SAME : Verdict.ERROR_DIFFERS;
        }
        return normalized(ours.body()).equals(normalized(theirs.body())) ? Verdict.SAME : Verdict.BODY_DIFFERS;
    }

    /**
     * What an answer says in a few words: its status and, for an error, its error-tags, and whether
     * its errors member lacks the {@code ietf-restconf:} prefix RFC 7951 gives it.
     */
    public static String brief(final RestconfClient.Response response) {
        if (response.status() < 400) {
            return Integer.toString(response.status());
        }
        final List<String> tags = errors(response.body());
        if (tags.isEmpty()) {
            return response.status() + " (no RFC 8040 errors body)";
        }
        return response.status() + " " + String.join(", ", tags)
            + (response.body().contains("\"ietf-restconf:errors\"") ? "" : " (`errors` without module prefix)");
    }

    /**
     * The {@code error-type/error-tag} of each error of an RFC 8040 errors body (JSON), sorted; the
     * top member may also lack its module prefix ({@code errors}), as OpenDaylight writes it.
     */
    static List<String> errors(final String body) {
        final TreeSet<String> found = new TreeSet<>();
        try {
            final JsonElement root = JsonParser.parseString(body);
            JsonElement errors = null;
            if (root.isJsonObject()) {
                errors = root.getAsJsonObject().has("ietf-restconf:errors")
                    ? root.getAsJsonObject().get("ietf-restconf:errors") : root.getAsJsonObject().get("errors");
            }
            final JsonElement list = errors != null && errors.isJsonObject() ? errors.getAsJsonObject().get("error")
                : null;
            if (list != null && list.isJsonArray()) {
                for (JsonElement error : list.getAsJsonArray()) {
                    if (error.isJsonObject()) {
                        found.add(text(error, "error-type") + "/" + text(error, "error-tag"));
                    }
                }
            }
        } catch (JsonParseException e) {
            // not JSON: no errors to compare
        }
        return new ArrayList<>(found);
    }

    private static String text(final JsonElement error, final String member) {
        final JsonElement value = error.getAsJsonObject().get(member);
        return value != null && value.isJsonPrimitive() ? value.getAsString() : "?";
    }

    private static String normalized(final String body) {
        final String trimmed = body.strip();
        if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
            try {
                return CanonicalJson.canonical(trimmed);
            } catch (JsonParseException e) {
                // compare as text
            }
        }
        return trimmed.replaceFirst("^<\\?xml[^>]*\\?>", "").strip().replaceAll(">\\s+<", "><")
            .replaceAll("\\s+", " ").replace('\'', '"');
    }
}
