package io.sextant.perf.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A thin layer over Jackson's streaming generator that pretty-prints RFC 7951 JSON (two-space
 * indent, one member or array element per line, {@code "name": value}) with short calls, so the
 * generators read like the data they produce. The layout is fixed: the generator sizes its
 * configurations in lines of this text.
 */
final class JsonOut {
    private static final JsonFactory FACTORY = JsonFactory.builder().build();

    private final StringWriter buffer = new StringWriter(1 << 16);
    private final JsonGenerator writer;

    JsonOut() {
        try {
            writer = FACTORY.createGenerator(buffer);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write JSON to a string", e);
        }
        writer.setPrettyPrinter(new OneMemberPerLine());
    }

    /** Opens the anonymous top-level object. */
    JsonOut begin() {
        return io(writer::writeStartObject);
    }

    /** Opens member {@code name} as an object. */
    JsonOut object(final String name) {
        return io(() -> {
            writer.writeFieldName(name);
            writer.writeStartObject();
        });
    }

    /** Opens member {@code name} as an array (a YANG list). */
    JsonOut list(final String name) {
        return io(() -> {
            writer.writeFieldName(name);
            writer.writeStartArray();
        });
    }

    /** Opens an anonymous object inside an array (a YANG list entry). */
    JsonOut entry() {
        return io(writer::writeStartObject);
    }

    JsonOut end() {
        return io(writer::writeEndObject);
    }

    JsonOut endList() {
        return io(writer::writeEndArray);
    }

    JsonOut leaf(final String name, final String value) {
        return io(() -> writer.writeStringField(name, value));
    }

    JsonOut leaf(final String name, final long value) {
        return io(() -> writer.writeNumberField(name, value));
    }

    JsonOut leaf(final String name, final boolean value) {
        return io(() -> writer.writeBooleanField(name, value));
    }

    /** A leaf-list of strings. */
    JsonOut leaves(final String name, final String... values) {
        return io(() -> {
            writer.writeFieldName(name);
            writer.writeStartArray();
            for (String value : values) {
                writer.writeString(value);
            }
            writer.writeEndArray();
        });
    }

    String finish() {
        io(writer::flush);
        return buffer.toString();
    }

    private JsonOut io(final IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            // A StringWriter does not fail; anything here is a generator bug (unbalanced nesting)
            throw new UncheckedIOException("Generator produced malformed JSON", e);
        }
        return this;
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }
}
