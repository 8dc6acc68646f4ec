package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The {@code path} of a data-node rule (RFC 8341 {@code node-instance-identifier}): an
 * instance-identifier whose key predicates are optional, a missing predicate standing for every
 * instance. Prefixes are module names (the JSON encoding) or the modules' YANG prefixes (the
 * XML encoding); a step without a prefix is in the module of the step before it. A predicate's
 * value may be the variable {@code $USER}, the name of the user asking.
 *
 * <p>Examples: {@code /}, {@code /ietf-netconf-acm:nacm},
 * {@code /ietf-interfaces:interfaces/interface[name='eth0']},
 * {@code /acme:users/user[name=$USER]}.
 */
public final class NodeInstancePath {
    /** A step's predicate: {@code [key='value']}, {@code [.='value']} for a leaf-list, or {@code [key=$USER]}. */
    public record Predicate(String keyPrefix, String keyName, @Nullable String value) {
        public static final String SELF = ".";

        /** Whether the value is the {@code $USER} variable (then {@link #value()} is null). */
        public boolean isUser() {
            return value == null;
        }
    }

    /** One step: the module prefix in force, the node name and its predicates. */
    public record Step(String prefix, String name, List<Predicate> predicates) {
        public Step {
            requireNonNull(prefix);
            requireNonNull(name);
            predicates = List.copyOf(predicates);
        }
    }

    private final String text;
    private final List<Step> steps;

    private NodeInstancePath(final String text, final List<Step> steps) {
        this.text = text;
        this.steps = List.copyOf(steps);
    }

    /** The steps from the root; empty for {@code /}, which covers every data node. */
    public List<Step> steps() {
        return steps;
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(final Object obj) {
        return obj instanceof NodeInstancePath other && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /**
     * Parses a path.
     *
     * @throws IllegalArgumentException saying what is wrong and where
     */
    public static NodeInstancePath parse(final String text) {
        return new Parser(text).parse();
    }

    private static final class Parser {
        private final String text;
        private int pos;

        Parser(final String text) {
            this.text = requireNonNull(text).strip();
        }

        NodeInstancePath parse() {
            if (text.equals("/")) {
                return new NodeInstancePath(text, List.of());
            }
            final List<Step> steps = new ArrayList<>();
            String prefix = null;
            while (pos < text.length()) {
                expect('/');
                final String[] qname = qualifiedName();
                if (qname[0] != null) {
                    prefix = qname[0];
                } else if (prefix == null) {
                    throw error("the first step needs a module prefix, as in /module:node");
                }
                final List<Predicate> predicates = new ArrayList<>();
                while (pos < text.length() && text.charAt(pos) == '[') {
                    predicates.add(predicate(prefix));
                }
                steps.add(new Step(prefix, qname[1], predicates));
            }
            if (steps.isEmpty()) {
                throw error("the path is empty; use / for every data node");
            }
            return new NodeInstancePath(text, steps);
        }

        private Predicate predicate(final String stepPrefix) {
            expect('[');
            skipSpace();
            final String keyPrefix;
            final String keyName;
            if (pos < text.length() && text.charAt(pos) == '.') {
                pos++;
                keyPrefix = stepPrefix;
                keyName = Predicate.SELF;
            } else if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                throw error("positional predicates are not allowed; select entries by key");
            } else {
                final String[] qname = qualifiedName();
                keyPrefix = qname[0] != null ? qname[0] : stepPrefix;
                keyName = qname[1];
            }
            skipSpace();
            expect('=');
            skipSpace();
            final @Nullable String value;
            if (text.startsWith("$USER", pos)) {
                pos += 5;
                value = null;
            } else {
                value = quoted();
            }
            skipSpace();
            expect(']');
            return new Predicate(keyPrefix, keyName, value);
        }

        private String quoted() {
            if (pos >= text.length() || text.charAt(pos) != '\'' && text.charAt(pos) != '"') {
                throw error("a predicate's value must be quoted ('value' or \"value\") or be $USER");
            }
            final char quote = text.charAt(pos);
            final int end = text.indexOf(quote, pos + 1);
            if (end < 0) {
                throw error("the quoted value is not closed");
            }
            final String value = text.substring(pos + 1, end);
            pos = end + 1;
            return value;
        }

        private String[] qualifiedName() {
            final String first = identifier();
            if (pos < text.length() && text.charAt(pos) == ':') {
                pos++;
                return new String[] { first, identifier() };
            }
            return new String[] { null, first };
        }

        private String identifier() {
            final int start = pos;
            if (pos < text.length() && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
                while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos))
                        || text.charAt(pos) == '_' || text.charAt(pos) == '-' || text.charAt(pos) == '.')) {
                    pos++;
                }
            }
            if (start == pos) {
                throw error(pos < text.length() && text.charAt(pos) == '*'
                    ? "wildcard steps are not allowed; leave out a key predicate to cover every entry"
                    : "a node name is expected");
            }
            return text.substring(start, pos);
        }

        private void expect(final char ch) {
            if (pos >= text.length() || text.charAt(pos) != ch) {
                throw error("'" + ch + "' is expected");
            }
            pos++;
        }

        private void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private IllegalArgumentException error(final String what) {
            return new IllegalArgumentException("Invalid NACM path \"" + text + "\" at character " + (pos + 1) + ": "
                + what);
        }
    }
}
