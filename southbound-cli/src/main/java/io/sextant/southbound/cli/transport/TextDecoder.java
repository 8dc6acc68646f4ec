package io.sextant.southbound.cli.transport;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes a UTF-8 byte stream that arrives in arbitrary chunks: a character split between two
 * chunks is decoded once both halves are there; invalid bytes become U+FFFD.
 */
public final class TextDecoder {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final ByteBuffer pending = ByteBuffer.allocate(8);

    public String decode(final byte[] bytes, final int offset, final int length) {
        final ByteBuffer input;
        if (pending.position() > 0) {
            pending.flip();
            input = ByteBuffer.allocate(pending.remaining() + length);
            input.put(pending).put(bytes, offset, length).flip();
            pending.clear();
        } else {
            input = ByteBuffer.wrap(bytes, offset, length);
        }
        final CharBuffer output = CharBuffer.allocate(input.remaining() + 1);
        decoder.decode(input, output, false);
        if (input.hasRemaining()) {
            pending.put(input);
        }
        output.flip();
        return output.toString();
    }
}
