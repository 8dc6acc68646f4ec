package io.sextant.datastore.codec;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Rewrites the Java renderings that yangtools and other libraries put into exception messages
 * into the terms a RESTCONF user knows: a QName {@code (urn:x?revision=2020-01-01)name} or a
 * schema statement {@code ContainerEffectiveStatement{argument=(...)name}} becomes
 * {@code module:name}, a list key {@code [{(...)key=value}]} becomes {@code [key=value]}, class
 * names in front of messages and parser positions without a position disappear, and a few
 * well-known codec messages are said plainly. Text without such renderings is returned as is.
 */
public final class UserTerms {
    private static final Pattern STATEMENT = Pattern.compile(
        "\\b[A-Z][A-Za-z]*(?:Statement|SchemaNode|Node|Context)\\{argument=(\\([^)]*\\)[^,}\\s]+)[^}]*\\}");
    private static final Pattern QNAME = Pattern.compile("\\(([^()?\\s]+)(?:\\?revision=[0-9-]+)?\\)([A-Za-z_][\\w.-]*)");
    private static final Pattern KEYS = Pattern.compile("\\[\\{([^\\]{}]*)\\}\\]");
    private static final Pattern CLASS_PREFIX = Pattern.compile(
        "\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)(?::\\s*)?");
    private static final Pattern QUALIFIED_CLASS = Pattern.compile(
        "\\b(?:[a-z][a-z0-9_]*\\.){2,}[A-Z][\\w$]*(?:@[0-9a-f]+)?");
    private static final Pattern HASHED_OBJECT = Pattern.compile("\\b[A-Z][\\w$]*@[0-9a-f]{4,}\\b");
    private static final Pattern SIMPLE_CLASS_PREFIX = Pattern.compile(
        "^[A-Z][A-Za-z0-9_]*(?:Exception|Error):\\s*");
    private static final Pattern NO_POSITION = Pattern.compile("ParseError at \\[row,col\\]:\\[-1,-1\\]\\s*Message:\\s*");
    private static final Pattern POSITION = Pattern.compile("ParseError at \\[row,col\\]:\\[(\\d+),(\\d+)\\]\\s*Message:\\s*");
    private static final Pattern LEXICAL = Pattern.compile(
        "Incorrect lexical representation of (\\w+) value: (.*?)\\.\\s*An? \\w+ value can be defined as:.*", Pattern.DOTALL);
    private static final Pattern RANGE = Pattern.compile("Invalid range: (\\S+), expected: \\[\\[(.*?)\\]\\]\\.?");
    private static final Pattern LENGTH = Pattern.compile("Invalid length: (\\S+), expected: \\[\\[(.*?)\\]\\]\\.?");
    private static final Pattern NO_MODULE = Pattern.compile("Could not find module (\\S+)");
    /** yangtools' ChoiceModificationStrategy: data of two cases of one choice. */
    private static final Pattern CHOICE_CONFLICT = Pattern.compile(
        "Child (\\S+) \\(from case .*?\\) implies non-presence of child (\\S+) \\(from case .*?\\)(?:, which is .*)?",
        Pattern.DOTALL);
    /** yangtools' MinMaxElementsValidation. */
    private static final Pattern TOO_FEW = Pattern.compile(
        "(\\S+) does not have enough elements \\((\\d+)\\), needs at least (\\d+)");
    private static final Pattern TOO_MANY = Pattern.compile(
        "(\\S+) has too many elements \\((\\d+)\\), can have at most (\\d+)");
    /** The start of a Java object's toString: {@code ImmutableLeafNode{name=...}}, {@code Descendant{qnames=[...]}}. */
    private static final Pattern OBJECT_START = Pattern.compile("\\b[A-Z][A-Za-z0-9_$]*\\{");
    private static final Pattern OBJECT_NAME = Pattern.compile("^(?:name|argument|identifier|qname)=([^,}\\s]+)");
    private static final Pattern OBJECT_QNAMES = Pattern.compile("^qnames=\\[([^\\]]*)\\]");

    private UserTerms() {
    }

    /**
     * The message in user terms. {@code schema} names modules by namespace; without it (or for
     * a namespace it does not know) only the local name is kept.
     */
    public static String of(final @Nullable String message, final @Nullable EffectiveModelContext schema) {
        if (message == null || message.isBlank()) {
            return "";
        }
        String text = message;
        text = NO_POSITION.matcher(text).replaceAll("");
        text = POSITION.matcher(text).replaceAll("line $1, column $2: ");
        text = CLASS_PREFIX.matcher(text).replaceAll("");
        text = SIMPLE_CLASS_PREFIX.matcher(text).replaceAll("");
        text = QUALIFIED_CLASS.matcher(text).replaceAll("").replaceAll("  +", " ");
        text = HASHED_OBJECT.matcher(text).replaceAll("");
        text = LEXICAL.matcher(text).replaceAll("'$2' is not a valid $1");
        text = RANGE.matcher(text).replaceAll("$1 is out of the allowed range $2");
        text = LENGTH.matcher(text).replaceAll("the length $1 is outside the allowed $2");
        text = NO_MODULE.matcher(text).replaceAll("unknown module '$1'");
        text = CHOICE_CONFLICT.matcher(text).replaceAll(
            "'$2' cannot be present beside '$1': they belong to different cases of one choice");
        text = TOO_FEW.matcher(text).replaceAll("'$1' has $2 entries, fewer than its min-elements $3");
        text = TOO_MANY.matcher(text).replaceAll("'$1' has $2 entries, more than its max-elements $3");
        text = replace(STATEMENT, text, m -> "'" + qname(m.group(1), schema) + "'");
        text = replace(QNAME, text, m -> name(m.group(1), m.group(2), schema));
        text = replace(KEYS, text, m -> "[" + m.group(1).replace(", ", "][") + "]");
        text = objects(text);
        return text.strip();
    }

    private static String qname(final String rendered, final @Nullable EffectiveModelContext schema) {
        final Matcher m = QNAME.matcher(rendered);
        return m.matches() ? name(m.group(1), m.group(2), schema) : rendered;
    }

    private static String name(final String namespace, final String local, final @Nullable EffectiveModelContext schema) {
        if (schema != null) {
            try {
                final var module = schema.findModuleStatements(XMLNamespace.of(namespace)).stream().findFirst();
                if (module.isPresent()) {
                    return module.orElseThrow().argument().getLocalName() + ":" + local;
                }
            } catch (IllegalArgumentException e) {
                // not a namespace after all: keep the local name
            }
        }
        return local;
    }

    /**
     * Any remaining object rendering {@code Type{field=..., ...}} (with nested braces and brackets)
     * becomes the name it carries, {@code 'module:name'}, or the path of its {@code qnames}; one
     * that carries no name is dropped.
     */
    private static String objects(final String text) {
        final Matcher m = OBJECT_START.matcher(text);
        final StringBuilder sb = new StringBuilder();
        int from = 0;
        while (m.find(from)) {
            final int end = closing(text, m.end());
            if (end < 0) {
                break;
            }
            final String inner = text.substring(m.end(), end);
            sb.append(text, from, m.start());
            final Matcher named = OBJECT_NAME.matcher(inner);
            final Matcher qnames = OBJECT_QNAMES.matcher(inner);
            if (named.find()) {
                sb.append('\'').append(named.group(1)).append('\'');
            } else if (qnames.find()) {
                sb.append(qnames.group(1).replace(", ", "/"));
            }
            from = end + 1;
        }
        sb.append(text.substring(from));
        return sb.toString();
    }

    /** The index of the brace closing the one just before {@code start}, or -1. */
    private static int closing(final String text, final int start) {
        int depth = 1;
        for (int i = start; i < text.length(); i++) {
            final char ch = text.charAt(i);
            if (ch == '{' || ch == '[') {
                depth++;
            } else if (ch == '}' || ch == ']') {
                depth--;
                if (depth == 0) {
                    return ch == '}' ? i : -1;
                }
            }
        }
        return -1;
    }

    private interface Replacement {
        String apply(Matcher matcher);
    }

    private static String replace(final Pattern pattern, final String text, final Replacement replacement) {
        final Matcher m = pattern.matcher(text);
        final StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(replacement.apply(m)));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
