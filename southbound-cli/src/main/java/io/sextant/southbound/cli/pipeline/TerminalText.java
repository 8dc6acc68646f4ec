package io.sextant.southbound.cli.pipeline;

/**
 * Renders raw device output the way a terminal would show it: carriage returns and backspaces
 * move the cursor and later characters overwrite earlier ones (pagers and line editors erase
 * this way), ANSI escape sequences and other control characters vanish, trailing blanks of
 * every line are dropped. Lines are separated by {@code \n}.
 */
public final class TerminalText {
    private static final char ESC = 0x1b;

    private TerminalText() {
    }

    public static String render(final CharSequence raw) {
        final StringBuilder out = new StringBuilder(raw.length());
        final StringBuilder line = new StringBuilder();
        int col = 0;
        final int length = raw.length();
        for (int i = 0; i < length; i++) {
            final char c = raw.charAt(i);
            if (c == ESC) {
                i = skipEscape(raw, i);
            } else if (c == '\n') {
                appendLine(out, line);
                out.append('\n');
                line.setLength(0);
                col = 0;
            } else if (c == '\r') {
                col = 0;
            } else if (c == '\b') {
                col = Math.max(0, col - 1);
            } else if (c == '\t' || c >= 0x20 && c != 0x7f) {
                if (col < line.length()) {
                    line.setCharAt(col, c);
                } else {
                    line.append(c);
                }
                col++;
            }
        }
        appendLine(out, line);
        return out.toString();
    }

    private static void appendLine(final StringBuilder out, final StringBuilder line) {
        int end = line.length();
        while (end > 0 && Character.isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        out.append(line, 0, end);
    }

    /** Index of the last character of the escape sequence starting at {@code start}. */
    private static int skipEscape(final CharSequence raw, final int start) {
        if (start + 1 >= raw.length()) {
            return start;
        }
        final char kind = raw.charAt(start + 1);
        if (kind == '[') {
            // CSI: parameter and intermediate bytes, then one final byte 0x40-0x7e
            int i = start + 2;
            while (i < raw.length() && (raw.charAt(i) < 0x40 || raw.charAt(i) > 0x7e)) {
                i++;
            }
            return Math.min(i, raw.length() - 1);
        }
        if (kind == ']') {
            // OSC: up to BEL or ESC backslash
            int i = start + 2;
            while (i < raw.length() && raw.charAt(i) != 0x07
                && !(raw.charAt(i) == ESC && i + 1 < raw.length() && raw.charAt(i + 1) == '\\')) {
                i++;
            }
            return i < raw.length() && raw.charAt(i) == ESC ? i + 1 : Math.min(i, raw.length() - 1);
        }
        // two-character sequences such as ESC = or ESC 7
        return start + 1;
    }
}
