package io.sextant.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what an error message shown to a user must not contain: Java class names
 * ({@code ...Exception}, {@code ...Error}, {@code Statement{}), packages ({@code java.},
 * {@code org.opendaylight}, {@code io.sextant}), identity hashes ({@code @1f2e3d}) and yangtools'
 * {@code (namespace?revision=...)name} rendering of a QName, and any object's {@code Type{field=...}}
 * (such as yangtools' {@code Descendant{qnames=[...]}}).
 */
public final class JavaIsms {
    private static final List<Pattern> FORBIDDEN = List.of(
        Pattern.compile("\\b[A-Z][A-Za-z]*(Exception|Error)\\b"),
        Pattern.compile("[A-Za-z]+(Statement|Node|Identifier|Context)\\{"),
        Pattern.compile("\\b[A-Z][A-Za-z]*\\{[a-z][A-Za-z]*="),
        Pattern.compile("\\bjava\\.[a-z]"),
        Pattern.compile("\\bjavax\\.[a-z]"),
        Pattern.compile("\\borg\\.opendaylight\\b"),
        Pattern.compile("\\bio\\.sextant\\b"),
        Pattern.compile("\\bcom\\.google\\b"),
        Pattern.compile("\\bio\\.netty\\b"),
        Pattern.compile("@[0-9a-f]{5,}\\b"),
        Pattern.compile("\\?revision="),
        Pattern.compile("\\bat [a-z]+\\.[a-z]+\\.[A-Za-z.$]+\\("));

    private JavaIsms() {
    }

    /** Every forbidden piece found in {@code text}; empty when it reads as plain language. */
    public static List<String> in(final String text) {
        final List<String> found = new ArrayList<>();
        for (Pattern pattern : FORBIDDEN) {
            final Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                found.add(matcher.group());
            }
        }
        return found;
    }
}
