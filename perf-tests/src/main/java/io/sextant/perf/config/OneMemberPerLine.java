package io.sextant.perf.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.Instantiatable;
import java.io.IOException;

/**
 * Jackson pretty-printing in the layout perf-tests has always written (Gson's): every object
 * member and array element on a line of its own, indented two spaces per level, {@code "name":
 * value}, empty objects and arrays as {@code {}} and {@code []}. The configuration generator sizes
 * its output in lines of this layout.
 */
public final class OneMemberPerLine implements PrettyPrinter, Instantiatable<OneMemberPerLine> {
    private int depth;

    @Override
    public OneMemberPerLine createInstance() {
        return new OneMemberPerLine();
    }

    @Override
    public void writeRootValueSeparator(final JsonGenerator gen) {
        // one document per generator
    }

    @Override
    public void writeStartObject(final JsonGenerator gen) throws IOException {
        gen.writeRaw('{');
        depth++;
    }

    @Override
    public void beforeObjectEntries(final JsonGenerator gen) throws IOException {
        newLine(gen);
    }

    @Override
    public void writeObjectFieldValueSeparator(final JsonGenerator gen) throws IOException {
        gen.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(final JsonGenerator gen) throws IOException {
        gen.writeRaw(',');
        newLine(gen);
    }

    @Override
    public void writeEndObject(final JsonGenerator gen, final int nrOfEntries) throws IOException {
        close(gen, nrOfEntries, '}');
    }

    @Override
    public void writeStartArray(final JsonGenerator gen) throws IOException {
        gen.writeRaw('[');
        depth++;
    }

    @Override
    public void beforeArrayValues(final JsonGenerator gen) throws IOException {
        newLine(gen);
    }

    @Override
    public void writeArrayValueSeparator(final JsonGenerator gen) throws IOException {
        gen.writeRaw(',');
        newLine(gen);
    }

    @Override
    public void writeEndArray(final JsonGenerator gen, final int nrOfValues) throws IOException {
        close(gen, nrOfValues, ']');
    }

    private void close(final JsonGenerator gen, final int entries, final char bracket) throws IOException {
        depth--;
        if (entries > 0) {
            newLine(gen);
        }
        gen.writeRaw(bracket);
    }

    private void newLine(final JsonGenerator gen) throws IOException {
        gen.writeRaw('\n');
        for (int i = 0; i < depth; i++) {
            gen.writeRaw("  ");
        }
    }
}
