package io.sextant.restconf.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed RFC 8040 {@code fields} expression (section 4.8.3): a tree of selected child
 * names. A name maps to the selection below it, or to {@link #ALL} for the whole subtree.
 * Names are {@code identifier} or {@code module:identifier}.
 */
public final class FieldsExpression {
    /** Select everything below. */
    public static final FieldsExpression ALL = new FieldsExpression(Map.of());

    private final Map<String, FieldsExpression> children;

    private FieldsExpression(final Map<String, FieldsExpression> children) {
        this.children = children;
    }

    public Map<String, FieldsExpression> children() {
        return children;
    }

    public boolean selectsAll() {
        return children.isEmpty();
    }

    /** The selection below {@code localName} (optionally module-qualified), empty when it is not selected. */
    public Optional<FieldsExpression> child(final String module, final String localName) {
        final FieldsExpression qualified = children.get(module + ":" + localName);
        return Optional.ofNullable(qualified != null ? qualified : children.get(localName));
    }

    public static FieldsExpression parse(final String expression) {
        final Parser parser = new Parser(expression);
        final FieldsExpression result = parser.parseList();
        if (parser.pos != expression.length()) {
            throw new IllegalArgumentException("Invalid fields expression '" + expression + "' at position "
                + parser.pos);
        }
        return result;
    }

    private static final class Parser {
        private final String text;
        private int pos;

        Parser(final String text) {
            this.text = text;
        }

        // fields-expr = path "(" fields-expr ")" / path ";" fields-expr / path
        FieldsExpression parseList() {
            final Map<String, FieldsExpression> map = new LinkedHashMap<>();
            while (true) {
                parsePath(map);
                if (pos < text.length() && text.charAt(pos) == ';') {
                    pos++;
                    continue;
                }
                return new FieldsExpression(map);
            }
        }

        // path = api-identifier [ "/" path ]
        private void parsePath(final Map<String, FieldsExpression> into) {
            final String name = identifier();
            final Map<String, FieldsExpression> below;
            final FieldsExpression existing = into.get(name);
            if (pos < text.length() && text.charAt(pos) == '/') {
                pos++;
                below = existing == null || existing.selectsAll() ? new LinkedHashMap<>()
                    : new LinkedHashMap<>(existing.children);
                parsePath(below);
                into.put(name, new FieldsExpression(below));
            } else if (pos < text.length() && text.charAt(pos) == '(') {
                pos++;
                final FieldsExpression sub = parseList();
                if (pos >= text.length() || text.charAt(pos) != ')') {
                    throw new IllegalArgumentException("Missing ')' in fields expression '" + text + "'");
                }
                pos++;
                into.put(name, sub);
            } else {
                into.put(name, ALL);
            }
        }

        private String identifier() {
            final int start = pos;
            while (pos < text.length() && "/;()".indexOf(text.charAt(pos)) < 0) {
                pos++;
            }
            final String id = text.substring(start, pos);
            if (id.isEmpty()) {
                throw new IllegalArgumentException("Empty identifier in fields expression '" + text + "'");
            }
            return id;
        }
    }
}
