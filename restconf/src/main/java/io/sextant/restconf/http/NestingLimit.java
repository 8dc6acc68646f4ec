package io.sextant.restconf.http;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import io.sextant.restconf.api.Format;

/**
 * How deeply a body nests, counted before any parser sees it: JSON objects and arrays outside
 * strings, XML start tags. Some parsers and writers recurse once per level, so a body of a
 * hundred thousand levels would exhaust a thread's stack; YANG data nests a few dozen levels.
 * One pass over the bytes ({@link ByteBuf#forEachByte}, cheap on the aggregated composite buffer).
 */
final class NestingLimit {
    /** Deepest nesting accepted. */
    static final int MAX_DEPTH = 512;

    private NestingLimit() {
    }

    /** True when {@code body} nests deeper than {@link #MAX_DEPTH}. */
    static boolean exceeded(final Format format, final ByteBuf body) {
        final Counter counter = format == Format.JSON ? new JsonCounter() : new XmlCounter();
        body.forEachByte(counter);
        return counter.max > MAX_DEPTH;
    }

    private abstract static class Counter implements ByteProcessor {
        int depth;
        int max;

        final boolean open() {
            max = Math.max(max, ++depth);
            // stop early: nothing more needs to be known
            return max <= MAX_DEPTH;
        }
    }

    /** Objects and arrays outside strings. */
    private static final class JsonCounter extends Counter {
        private boolean inString;
        private boolean escaped;

        @Override
        public boolean process(final byte b) {
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (b == '\\') {
                    escaped = true;
                } else if (b == '"') {
                    inString = false;
                }
                return true;
            }
            if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                return open();
            } else if (b == '}' || b == ']') {
                depth--;
            }
            return true;
        }
    }

    /**
     * Start tags less end tags; an empty-element tag ({@code <a/>}) closes itself; markup
     * ({@code <!...>}, {@code <?...>}) is skipped to its first {@code >}, so a tag inside a comment
     * may be counted, which can only make a body look deeper than it is.
     */
    private static final class XmlCounter extends Counter {
        private boolean inTag;
        private boolean inMarkup;
        private boolean endTag;
        private boolean afterLt;
        private byte previous;

        @Override
        public boolean process(final byte b) {
            boolean more = true;
            if (inMarkup) {
                inMarkup = b != '>';
            } else if (afterLt) {
                afterLt = false;
                if (b == '!' || b == '?') {
                    inTag = false;
                    inMarkup = true;
                } else {
                    endTag = b == '/';
                }
            } else if (b == '<') {
                inTag = true;
                afterLt = true;
            } else if (inTag && b == '>') {
                inTag = false;
                if (endTag) {
                    depth--;
                } else if (previous != '/') {
                    more = open();
                }
            }
            previous = b;
            return more;
        }
    }
}
