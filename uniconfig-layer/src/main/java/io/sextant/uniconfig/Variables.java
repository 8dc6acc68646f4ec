package io.sextant.uniconfig;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The variables of a template, {@code {$name}}, in strings, and their replacement by a node's values. */
final class Variables {
    private static final Pattern VARIABLE = Pattern.compile("\\{\\$([A-Za-z0-9_.-]+)}");

    private Variables() {
    }

    /** The names of the variables in {@code text}, in order of appearance. */
    static Set<String> in(final String text) {
        final Set<String> names = new LinkedHashSet<>();
        final Matcher m = VARIABLE.matcher(text);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    static boolean hasAny(final String text) {
        return text.contains("{$") && VARIABLE.matcher(text).find();
    }

    /**
     * {@code text} with each variable replaced by its value.
     *
     * @param where where the text is, to name it when a variable has no value
     * @throws TemplateFailure naming the first variable without a value
     */
    static String substitute(final String text, final Map<String, String> values, final String where)
            throws TemplateFailure {
        if (!text.contains("{$")) {
            return text;
        }
        final Matcher m = VARIABLE.matcher(text);
        final StringBuilder sb = new StringBuilder();
        while (m.find()) {
            final String value = values.get(m.group(1));
            if (value == null) {
                throw new TemplateFailure("Variable '" + m.group(1) + "' has no value (used at " + where + ")");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
