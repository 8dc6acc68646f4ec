package io.sextant.restconf.http;

import io.netty.buffer.ByteBuf;
import io.sextant.restconf.api.Format;

/**
 * How deeply a body nests, counted before any parser sees it: JSON objects and arrays outside
 * strings, XML start tags. Some parsers and writers recurse once per level, so a body of a
 * hundred thousand levels would exhaust a thread's stack; YANG data nests a few dozen levels.
 */
final class NestingLimit {
    /** Deepest nesting accepted. */
    static final int MAX_DEPTH = 512;

    private NestingLimit() {
    }

    /** True when {@code body} nests deeper than {@link #MAX_DEPTH}. */
    static boolean exceeded(final Format format, final ByteBuf body) {
        return format == Format.JSON ? jsonDepth(body) > MAX_DEPTH : xmlDepth(body) > MAX_DEPTH;
    }

    private static int jsonDepth(final ByteBuf body) {
        int depth = 0;
        int max = 0;
        boolean inString = false;
        boolean escaped = false;
        for (int i = body.readerIndex(), end = body.writerIndex(); i < end; i++) {
            final byte b = body.getByte(i);
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (b == '\\') {
                    escaped = true;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                max = Math.max(max, ++depth);
            } else if (b == '}' || b == ']') {
                depth--;
            }
        }
        return max;
    }

    private static int xmlDepth(final ByteBuf body) {
        int depth = 0;
        int max = 0;
        for (int i = body.readerIndex(), end = body.writerIndex() - 1; i < end; i++) {
            if (body.getByte(i) != '<') {
                continue;
            }
            final byte next = body.getByte(i + 1);
            if (next == '/') {
                depth--;
            } else if (next != '!' && next != '?') {
                // a start tag; an empty-element tag (<a/>) closes itself
                int j = i + 1;
                while (j < end + 1 && body.getByte(j) != '>') {
                    j++;
                }
                if (j <= end && body.getByte(j - 1) != '/') {
                    max = Math.max(max, ++depth);
                }
            }
        }
        return max;
    }
}
