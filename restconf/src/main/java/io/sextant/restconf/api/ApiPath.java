package io.sextant.restconf.api;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * An RFC 8040 api-path (section 3.5.3), parsed for syntax only: a list of steps, each an
 * optionally module-qualified identifier with optional, percent-decoded key values.
 * Resolving it against a schema is the server's job.
 *
 * @param steps the steps, in order; empty for the datastore root
 */
public record ApiPath(List<Step> steps) {

    /**
     * One step of the path.
     *
     * @param module the module name, when given ({@code module:identifier}); null otherwise
     * @param identifier the node's name
     * @param keys the key values after '=', decoded; empty when the step has no '='
     */
    public record Step(@Nullable String module, String identifier, List<String> keys, boolean hasKeys) {

        public Step {
            keys = List.copyOf(keys);
        }

        @Override
        public String toString() {
            final String name = module == null ? identifier : module + ":" + identifier;
            return hasKeys ? name + "=" + String.join(",", keys) : name;
        }

        /** The step as it appears in a URI: key values percent-encoded (RFC 8040 3.5.3). */
        public String encoded() {
            final String name = module == null ? identifier : module + ":" + identifier;
            return hasKeys ? name + "=" + String.join(",", keys.stream().map(ApiPath::encodeKey).toList()) : name;
        }
    }

    public static final ApiPath EMPTY = new ApiPath(List.of());

    public ApiPath {
        steps = List.copyOf(steps);
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /**
     * Parse the raw (still percent-encoded) path below {@code /rests/data} or
     * {@code /rests/operations}, without the leading slash.
     *
     * @throws IllegalArgumentException with a message naming the offending part
     */
    public static ApiPath parse(final String raw) {
        if (raw.isEmpty()) {
            return EMPTY;
        }
        final List<Step> steps = new ArrayList<>();
        for (String segment : raw.split("/", -1)) {
            if (segment.isEmpty()) {
                throw new IllegalArgumentException("Empty path segment in '" + raw + "'");
            }
            steps.add(parseStep(segment));
        }
        return new ApiPath(steps);
    }

    private static Step parseStep(final String segment) {
        final int eq = segment.indexOf('=');
        final String name = eq < 0 ? segment : segment.substring(0, eq);
        final String decodedName = percentDecode(name);
        final int colon = decodedName.indexOf(':');
        final String module = colon < 0 ? null : decodedName.substring(0, colon);
        final String identifier = colon < 0 ? decodedName : decodedName.substring(colon + 1);
        checkIdentifier(identifier, segment);
        if (module != null) {
            checkIdentifier(module, segment);
        }
        if (eq < 0) {
            return new Step(module, identifier, List.of(), false);
        }
        final List<String> keys = new ArrayList<>();
        for (String key : segment.substring(eq + 1).split(",", -1)) {
            keys.add(percentDecode(key));
        }
        return new Step(module, identifier, keys, true);
    }

    private static void checkIdentifier(final String identifier, final String segment) {
        if (identifier.isEmpty() || !(Character.isLetter(identifier.charAt(0)) || identifier.charAt(0) == '_')) {
            throw new IllegalArgumentException("Invalid identifier in path segment '" + segment + "'");
        }
        for (int i = 1; i < identifier.length(); i++) {
            final char ch = identifier.charAt(i);
            if (!(Character.isLetterOrDigit(ch) || ch == '_' || ch == '-' || ch == '.')) {
                throw new IllegalArgumentException("Invalid identifier in path segment '" + segment + "'");
            }
        }
    }

    /** RFC 3986 percent-decoding; '+' is not special in a path. */
    public static String percentDecode(final String str) {
        if (str.indexOf('%') < 0) {
            return str;
        }
        final ByteArrayOutputStream out = new ByteArrayOutputStream(str.length());
        for (int i = 0; i < str.length(); i++) {
            final char ch = str.charAt(i);
            if (ch == '%') {
                if (i + 2 >= str.length()) {
                    throw new IllegalArgumentException("Truncated percent-encoding in '" + str + "'");
                }
                final int hi = Character.digit(str.charAt(i + 1), 16);
                final int lo = Character.digit(str.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("Invalid percent-encoding in '" + str + "'");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                final byte[] bytes = String.valueOf(ch).getBytes(StandardCharsets.UTF_8);
                out.write(bytes, 0, bytes.length);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(out.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("Percent-encoding in '" + str + "' is not valid UTF-8", e);
        }
    }

    /** The path as written in messages: {@code /module:node/list=key}, key values as they are. */
    @Override
    public String toString() {
        final StringBuilder sb = new StringBuilder();
        for (Step step : steps) {
            sb.append('/').append(step);
        }
        return sb.toString();
    }

    /**
     * The path as it appears in a URI (a Location header, a link): {@code /module:node/list=key}
     * with every key value percent-encoded, so that it parses back to this path.
     */
    public String encoded() {
        final StringBuilder sb = new StringBuilder();
        for (Step step : steps) {
            sb.append('/').append(step.encoded());
        }
        return sb.toString();
    }

    /** A key value's UTF-8 bytes, unreserved characters (RFC 3986) as they are and the rest percent-encoded. */
    public static String encodeKey(final String value) {
        final StringBuilder sb = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            final char ch = (char) (b & 0xFF);
            if (ch < 0x80 && (Character.isLetterOrDigit(ch) || "-._~".indexOf(ch) >= 0)) {
                sb.append(ch);
            } else {
                sb.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return sb.toString();
    }
}
