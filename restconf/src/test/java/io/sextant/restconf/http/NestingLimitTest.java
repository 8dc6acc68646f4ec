package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.sextant.restconf.api.Format;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Nesting is counted on structure only: brackets inside JSON strings, XML comments and empty elements do not count. */
class NestingLimitTest {
    private static ByteBuf bytes(final String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }

    @Test
    void jsonDeeperThanTheLimitIsCaughtAndBracketsInStringsAreNot() {
        final int over = NestingLimit.MAX_DEPTH + 1;
        assertTrue(NestingLimit.exceeded(Format.JSON, bytes("[".repeat(over) + "]".repeat(over))));
        assertTrue(NestingLimit.exceeded(Format.JSON, bytes("{\"a\":".repeat(over))), "unclosed counts too");
        assertFalse(NestingLimit.exceeded(Format.JSON, bytes("{\"a\":\"" + "[{".repeat(over) + "\\\"\"}")));
        assertFalse(NestingLimit.exceeded(Format.JSON, bytes("[[]]".repeat(over))), "siblings are not depth");
    }

    @Test
    void xmlDeeperThanTheLimitIsCaughtAndEmptyElementsAndCommentsAreNot() {
        final int over = NestingLimit.MAX_DEPTH + 1;
        assertTrue(NestingLimit.exceeded(Format.XML, bytes("<a>".repeat(over) + "</a>".repeat(over))));
        assertFalse(NestingLimit.exceeded(Format.XML, bytes("<r>" + "<a/>".repeat(over) + "<!-- <b> -->".repeat(over)
            + "<?pi x?></r>")));
        assertFalse(NestingLimit.exceeded(Format.XML, bytes("<a><b x=\"1\"/></a>".repeat(over))));
    }
}
