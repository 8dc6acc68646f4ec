package io.sextant.perf.config;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A thin layer over Gson's streaming writer that pretty-prints RFC 7951 JSON (two-space indent, one
 * member per line) with short calls, so the generators read like the data they produce.
 */
final class JsonOut {
    private final StringWriter buffer = new StringWriter(1 << 16);
    private final JsonWriter writer;

    JsonOut() {
        writer = new JsonWriter(buffer);
        writer.setIndent("  ");
        writer.setHtmlSafe(false);
    }

    /** Opens the anonymous top-level object. */
    JsonOut begin() {
        return io(() -> writer.beginObject());
    }

    /** Opens member {@code name} as an object. */
    JsonOut object(final String name) {
        return io(() -> writer.name(name).beginObject());
    }

    /** Opens member {@code name} as an array (a YANG list). */
    JsonOut list(final String name) {
        return io(() -> writer.name(name).beginArray());
    }

    /** Opens an anonymous object inside an array (a YANG list entry). */
    JsonOut entry() {
        return io(() -> writer.beginObject());
    }

    JsonOut end() {
        return io(() -> writer.endObject());
    }

    JsonOut endList() {
        return io(() -> writer.endArray());
    }

    JsonOut leaf(final String name, final String value) {
        return io(() -> writer.name(name).value(value));
    }

    JsonOut leaf(final String name, final long value) {
        return io(() -> writer.name(name).value(value));
    }

    JsonOut leaf(final String name, final boolean value) {
        return io(() -> writer.name(name).value(value));
    }

    /** A leaf-list of strings. */
    JsonOut leaves(final String name, final String... values) {
        return io(() -> {
            writer.name(name).beginArray();
            for (String value : values) {
                writer.value(value);
            }
            writer.endArray();
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
