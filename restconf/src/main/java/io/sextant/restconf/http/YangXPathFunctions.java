package io.sextant.restconf.http;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.xml.namespace.QName;
import javax.xml.xpath.XPathFunction;
import javax.xml.xpath.XPathFunctionException;
import javax.xml.xpath.XPathFunctionResolver;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.IdentitySchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The YANG 1.1 XPath functions (RFC 7950 section 10) a stream filter may use beside XPath 1.0's core library:
 * {@code current()}, {@code re-match()}, {@code derived-from()}, {@code derived-from-or-self()} and
 * {@code bit-is-set()}. The JDK's evaluator calls extension functions by prefixed name only, so
 * {@link #qualify} gives each call in an expression the prefix {@value #PREFIX} first, and writes
 * {@code current()} as {@code (/)}: a filter's initial context node is its document's root. {@code enum-value()} and
 * {@code deref()} need the schema node of the data node they are given, which the filter's document does not
 * carry: they are refused with a clear message.
 */
final class YangXPathFunctions implements XPathFunctionResolver {
    /** The prefix {@link #qualify} gives the calls, bound to {@link #NAMESPACE}. */
    static final String PREFIX = "sextant-yang-fn";
    static final String NAMESPACE = "urn:sextant:xpath:yang-functions";
    private static final Set<String> SUPPORTED = Set.of("current", "re-match", "derived-from",
        "derived-from-or-self", "bit-is-set");
    private static final Set<String> REFUSED = Set.of("enum-value", "deref");
    private static final Pattern CALL = Pattern.compile(
        "(?<![\\w.:-])(re-match|derived-from-or-self|derived-from|bit-is-set|enum-value|deref)\\s*\\(");
    /** current(): the initial context node, which for a filter is the document's root. */
    private static final Pattern CURRENT = Pattern.compile("(?<![\\w.:-])current\\s*\\(\\s*\\)");

    private final EffectiveModelContext schema;

    /** The functions, identities resolved in {@code schema}. */
    YangXPathFunctions(final EffectiveModelContext schema) {
        this.schema = schema;
    }

    /**
     * {@code expression} with every call of a YANG function outside string literals prefixed with {@value #PREFIX}.
     *
     * @throws IllegalArgumentException for {@code enum-value()} and {@code deref()}
     */
    static String qualify(final String expression) {
        final StringBuilder out = new StringBuilder(expression.length() + 32);
        char quote = 0;
        int from = 0;
        for (int i = 0; i <= expression.length(); i++) {
            final char c = i < expression.length() ? expression.charAt(i) : 0;
            if (quote != 0) {
                if (c == quote) {
                    out.append(expression, from, i + 1);
                    from = i + 1;
                    quote = 0;
                }
                continue;
            }
            if (c == '"' || c == '\'' || c == 0) {
                final Matcher calls = CALL.matcher(expression.substring(from, i));
                final StringBuilder part = new StringBuilder();
                while (calls.find()) {
                    if (REFUSED.contains(calls.group(1))) {
                        throw new IllegalArgumentException("filter: " + calls.group(1) + "() is not supported (it needs "
                            + "the schema node of its argument); supported YANG functions: " + String.join("(), ",
                                SUPPORTED.stream().sorted().toList()) + "()");
                    }
                    calls.appendReplacement(part, PREFIX + ":" + calls.group(1) + "(");
                }
                calls.appendTail(part);
                out.append(CURRENT.matcher(part).replaceAll("(/)"));
                from = i;
                quote = c;
                if (c == 0) {
                    break;
                }
            }
        }
        if (quote != 0) {
            // an unterminated literal: the compiler says so
            out.append(expression, from, expression.length());
        }
        return out.toString();
    }

    @Override
    public @Nullable XPathFunction resolveFunction(final QName name, final int arity) {
        if (!NAMESPACE.equals(name.getNamespaceURI())) {
            return null;
        }
        return switch (name.getLocalPart()) {
            case "re-match" -> arity == 2 ? YangXPathFunctions::reMatch : null;
            case "derived-from" -> arity == 2 ? args -> derivedFrom(args, false) : null;
            case "derived-from-or-self" -> arity == 2 ? args -> derivedFrom(args, true) : null;
            case "bit-is-set" -> arity == 2 ? YangXPathFunctions::bitIsSet : null;
            default -> null;
        };
    }

    private static Object reMatch(final List<?> args) throws XPathFunctionException {
        final String value = string(args.get(0));
        final String pattern = string(args.get(1));
        try {
            return Pattern.compile(javaRegex(pattern)).matcher(value).matches();
        } catch (PatternSyntaxException e) {
            throw new XPathFunctionException("re-match(): '" + pattern + "' is not a regular expression: "
                + e.getDescription());
        }
    }

    private Object derivedFrom(final List<?> args, final boolean orSelf) throws XPathFunctionException {
        final Optional<IdentitySchemaNode> base = identity(string(args.get(1)), null);
        if (base.isEmpty()) {
            return false;
        }
        if (!(args.get(0) instanceof NodeList nodes)) {
            return false;
        }
        for (int i = 0; i < nodes.getLength(); i++) {
            final Node node = nodes.item(i);
            final Optional<IdentitySchemaNode> identity = identity(node.getTextContent().strip(), node);
            if (identity.isPresent() && (orSelf && identity.orElseThrow().equals(base.orElseThrow())
                    || derives(identity.orElseThrow(), base.orElseThrow()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean derives(final IdentitySchemaNode identity, final IdentitySchemaNode base) {
        final Deque<IdentitySchemaNode> todo = new ArrayDeque<>(identity.getBaseIdentities());
        while (!todo.isEmpty()) {
            final IdentitySchemaNode next = todo.pop();
            if (next.equals(base)) {
                return true;
            }
            todo.addAll(next.getBaseIdentities());
        }
        return false;
    }

    /**
     * The identity {@code text} names: {@code module:name} (module names as the filter's prefixes are), or, for
     * the value of a data node ({@code context}), {@code prefix:name} or {@code name} resolved by the node's XML
     * namespace declarations.
     */
    private Optional<IdentitySchemaNode> identity(final String text, final @Nullable Node context) {
        final int colon = text.indexOf(':');
        final @Nullable String prefix = colon > 0 ? text.substring(0, colon) : null;
        final String local = text.substring(colon + 1);
        Optional<QNameModule> module = Optional.empty();
        if (context != null) {
            // a value as XML has it: its prefix (none: the default namespace) declared on the node or above
            final String namespace = context.lookupNamespaceURI(prefix);
            if (namespace != null) {
                module = schema.findModuleStatements(XMLNamespace.of(namespace)).stream().findFirst()
                    .map(found -> found.localQNameModule());
            }
        }
        if (module.isEmpty() && prefix != null) {
            // the filter's own argument: a module name, as the filter's prefixes are
            module = schema.findModules(prefix).stream().findFirst().map(Module::getQNameModule);
        }
        return module.flatMap(found -> schema.findModule(found)).flatMap(found -> found.getIdentities().stream()
            .filter(identity -> identity.getQName().getLocalName().equals(local)).findFirst());
    }

    private static Object bitIsSet(final List<?> args) throws XPathFunctionException {
        final String bit = string(args.get(1));
        for (String set : string(args.get(0)).strip().split("\\s+", -1)) {
            if (set.equals(bit)) {
                return true;
            }
        }
        return false;
    }

    /** An argument's XPath string value: a node-set's first node's text, else the value as text. */
    private static String string(final Object arg) {
        if (arg instanceof NodeList nodes) {
            return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent();
        }
        if (arg instanceof Double number && number == Math.rint(number) && !number.isInfinite()) {
            return Long.toString(number.longValue());
        }
        return String.valueOf(arg);
    }

    /**
     * An XML Schema regular expression (what YANG's patterns and re-match() take) as a Java one matching a whole
     * string: no anchors in XSD ({@code ^} and {@code $} are characters), the name classes {@code \i} and
     * {@code \c} spelled out, character class subtraction ({@code [a-z-[aeiou]]}) as intersection.
     */
    static String javaRegex(final String xsd) {
        final StringBuilder out = new StringBuilder(xsd.length() + 16).append("^(?:");
        int depth = 0;
        for (int i = 0; i < xsd.length(); i++) {
            final char c = xsd.charAt(i);
            if (c == '\\' && i + 1 < xsd.length()) {
                final char next = xsd.charAt(++i);
                out.append(switch (next) {
                    case 'i' -> depth > 0 ? "_:A-Za-z" : "[_:A-Za-z]";
                    case 'I' -> "[^_:A-Za-z]";
                    case 'c' -> depth > 0 ? "\\-._:A-Za-z0-9" : "[\\-._:A-Za-z0-9]";
                    case 'C' -> "[^\\-._:A-Za-z0-9]";
                    default -> "\\" + next;
                });
            } else if (c == '[') {
                depth++;
                out.append(c);
            } else if (c == ']') {
                depth--;
                out.append(c);
            } else if (c == '-' && depth > 0 && i + 1 < xsd.length() && xsd.charAt(i + 1) == '[') {
                out.append("&&[^");
                i++;
                depth++;
            } else if ((c == '^' && (depth == 0 || xsd.charAt(i - 1) != '[')) || (c == '$' && depth == 0)) {
                out.append('\\').append(c);
            } else {
                out.append(c);
            }
        }
        return out.append(")$").toString();
    }
}
