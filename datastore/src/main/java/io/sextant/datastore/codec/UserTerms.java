package io.sextant.datastore.codec;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    private UserTerms() {
    }

    /**
     * The message in user terms. {@code schema} names modules by namespace; without it (or for
     * a namespace it does not know) only the local name is kept.
     */
    public static String of(final String message, final EffectiveModelContext schema) {
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
        text = replace(STATEMENT, text, m -> "'" + qname(m.group(1), schema) + "'");
        text = replace(QNAME, text, m -> name(m.group(1), m.group(2), schema));
        text = replace(KEYS, text, m -> "[" + m.group(1).replace(", ", "][") + "]");
        return text.strip();
    }

    private static String qname(final String rendered, final EffectiveModelContext schema) {
        final Matcher m = QNAME.matcher(rendered);
        return m.matches() ? name(m.group(1), m.group(2), schema) : rendered;
    }

    private static String name(final String namespace, final String local, final EffectiveModelContext schema) {
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
