package io.sextant.restconf.server;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import io.sextant.spi.OperationErrorsException;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.RequestBody;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Predicate;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * What yangtools' JSON parser lets pass and a client must not rely on: it ignores the module of
 * a body's top-level member ({@code {"nowhere:node":...}} is read as the target's node) and reads
 * {@code {"input":[]}} as an empty RPC input. The top-level member is checked here before parsing,
 * by peeking at the start of the body (the stream is reset afterwards).
 */
final class BodyShape {
    private BodyShape() {
    }

    /** The first member of a JSON object body and whether its value is an object; empty when not a JSON object. */
    record Head(String name, boolean objectValue) {
        Optional<String> module() {
            final int colon = name.indexOf(':');
            return colon < 0 ? Optional.empty() : Optional.of(name.substring(0, colon));
        }
    }

    static Optional<Head> head(final RequestBody body) {
        final InputStream stream = body.stream();
        if (body.format() != Format.JSON || !stream.markSupported()) {
            return Optional.empty();
        }
        stream.mark(Integer.MAX_VALUE);
        try {
            final JsonReader reader = new JsonReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
            if (reader.peek() != JsonToken.BEGIN_OBJECT) {
                return Optional.empty();
            }
            reader.beginObject();
            if (reader.peek() != JsonToken.NAME) {
                return Optional.empty();
            }
            final String name = reader.nextName();
            return Optional.of(new Head(name, reader.peek() == JsonToken.BEGIN_OBJECT));
        } catch (IOException | IllegalStateException e) {
            // not readable as JSON: the parser says why
            return Optional.empty();
        } finally {
            try {
                stream.reset();
            } catch (IOException e) {
                // a ByteBufInputStream always resets
            }
        }
    }

    /** The top-level member's module, when given, must be one {@code known} accepts. */
    static void checkModule(final RequestBody body, final Predicate<String> known, final String expected)
            throws OperationErrorsException {
        final Optional<Head> head = head(body);
        if (head.isPresent() && head.orElseThrow().module().filter(known.negate()).isPresent()) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_NAMESPACE, "The body's '"
                + head.orElseThrow().name() + "' names module '" + head.orElseThrow().module().orElseThrow()
                + "', expected " + expected);
        }
    }

    /** An RPC's input is an object named {@code input} or {@code module:input}. */
    static void checkInput(final RequestBody body, final String module) throws OperationErrorsException {
        final Optional<Head> head = head(body);
        if (head.isEmpty()) {
            return;
        }
        final Head h = head.orElseThrow();
        if (!h.name().equals("input") && !h.name().equals(module + ":input")) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.UNKNOWN_ELEMENT, "The body of an RPC is "
                + "'" + module + ":input', not '" + h.name() + "'");
        }
        if (!h.objectValue()) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE, "'" + h.name()
                + "' must be an object");
        }
    }
}
