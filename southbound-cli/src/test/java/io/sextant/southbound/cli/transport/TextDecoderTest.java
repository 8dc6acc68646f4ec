package io.sextant.southbound.cli.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextDecoderTest {

    @Test
    void characterSplitBetweenChunksIsDecodedOnce() {
        final byte[] euro = "a\u20acb".getBytes(StandardCharsets.UTF_8);
        final TextDecoder decoder = new TextDecoder();
        assertEquals("a", decoder.decode(euro, 0, 2));
        assertEquals("\u20acb", decoder.decode(euro, 2, euro.length - 2));
    }
}
