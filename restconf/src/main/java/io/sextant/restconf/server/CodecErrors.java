package io.sextant.restconf.server;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.restconf.api.Format;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Says what is wrong with a request body in the user's terms. yangtools' JSON and XML parsers
 * report an unknown element as {@code Schema for node with name x and namespace n does not exist
 * at ListEffectiveStatement{argument=(n?revision=r)parent}} and a bad value without naming its
 * leaf; here that becomes {@code Unknown element 'module:x' in 'module:parent'} (error-tag
 * unknown-element) and {@code Invalid value for 'module:leaf': 'eighty' is not a valid integer},
 * each followed by the RESTCONF resource whose body it is, with the error-path of the target.
 */
final class CodecErrors {
    private static final Pattern UNKNOWN_IN = Pattern.compile(
        "Schema for node with name (\\S+) and namespace (\\S+) does not exist (?:at|in parent) (.+)", Pattern.DOTALL);
    private static final Pattern NOT_FOUND = Pattern.compile(
        "Schema node with name (\\S+) was not found under (.+?)\\.?", Pattern.DOTALL);
    private static final Pattern PARSE_ERROR = Pattern.compile(
        "^ParseError at \\[row,col\\]:\\[-?\\d+,-?\\d+\\]\\s*Message:\\s*");
    private static final Pattern LEXICAL = Pattern.compile("Incorrect lexical representation of \\w+ value: (.*?)\\.\\s");
    private static final Pattern RANGE = Pattern.compile("Invalid range: (\\S+), expected");
    private static final Pattern QUOTED_VALUE = Pattern.compile("[Vv]alue '([^']*)'");
    private static final Pattern NO_MODULE = Pattern.compile("Could not find module (\\S+)");

    private CodecErrors() {
    }

    /**
     * The body of {@code resource} could not be parsed into {@code target}.
     *
     * @param failure what the parser threw (its first error's tag is kept unless the element is unknown)
     * @param body the body, readable again from its start, to find the leaf a bad value belongs to; null when
     *     it cannot be read again
     * @param errorPath the error-path to report; null for the first error's own
     */
    static OperationErrorsException explain(final OperationErrorsException failure, final String resource,
            final EffectiveModelContext schema, final Format format, final @Nullable InputStream body,
            final @Nullable YangInstanceIdentifier errorPath) {
        final OperationError first = failure.errors().get(0);
        final String raw = PARSE_ERROR.matcher(failure.getCause() != null ? BodyParser.message(failure.getCause())
            : first.message()).replaceFirst("");
        ErrorTag tag = first.tag();
        String message;
        Matcher m;
        if ((m = UNKNOWN_IN.matcher(raw)).matches()) {
            tag = ErrorTag.UNKNOWN_ELEMENT;
            message = "Unknown element " + element(m.group(1), m.group(2), schema) + " in "
                + UserTerms.of(m.group(3).strip(), schema);
        } else if ((m = NOT_FOUND.matcher(raw)).matches()) {
            tag = ErrorTag.UNKNOWN_ELEMENT;
            message = "Unknown element '" + m.group(1) + "' in " + quoted(UserTerms.of(m.group(2).strip(), schema));
        } else if (raw.contains("has not been completed")) {
            // yangtools' result holder: the parser produced nothing (an empty array, say)
            message = "The body holds no data node";
        } else {
            message = UserTerms.of(raw, schema);
            final Optional<Predicate<String>> value = badValue(raw);
            if (value.isPresent() && body != null) {
                final Set<String> leaves = ValueLocator.leavesWith(format, body, value.orElseThrow(),
                    schema);
                if (!leaves.isEmpty()) {
                    message = "Invalid value for " + String.join(" or ", leaves.stream().map(l -> "'" + l + "'")
                        .toList()) + ": " + message;
                }
            }
            if (tag == ErrorTag.MALFORMED_MESSAGE && !message.startsWith("Malformed")) {
                message = "Malformed " + (format == Format.JSON ? "JSON" : "XML") + ": " + message;
            }
        }
        final OperationError error = new OperationError(first.type(), tag, message + " (body of " + resource + ")",
            errorPath != null ? errorPath : first.path(), first.appTag(), first.info());
        return new OperationErrorsException(error, failure);
    }

    private static Optional<Predicate<String>> badValue(final String raw) {
        Matcher m;
        if ((m = LEXICAL.matcher(raw)).find() || (m = RANGE.matcher(raw)).find()
                || (m = QUOTED_VALUE.matcher(raw)).find()) {
            final String value = m.group(1);
            return Optional.of(value::equals);
        }
        if ((m = NO_MODULE.matcher(raw)).find()) {
            final String prefix = m.group(1) + ":";
            return Optional.of(v -> v.startsWith(prefix));
        }
        return Optional.empty();
    }

    private static String element(final String name, final String namespace, final EffectiveModelContext schema) {
        try {
            final var module = schema.findModuleStatements(XMLNamespace.of(namespace)).stream().findFirst();
            if (module.isPresent()) {
                return "'" + module.orElseThrow().argument().getLocalName() + ":" + name + "'";
            }
        } catch (IllegalArgumentException e) {
            // not a valid namespace: said below
        }
        return "'" + name + "' (namespace " + namespace + ", which no module of this schema has)";
    }

    private static String quoted(final String name) {
        return name.startsWith("'") ? name : "'" + name + "'";
    }

    /** Rewind a body the HTTP layer hands over (a mark-supporting stream), if it can be. */
    static @Nullable InputStream rewound(final InputStream stream) {
        if (!stream.markSupported()) {
            return null;
        }
        try {
            stream.reset();
            return stream;
        } catch (IOException e) {
            return null;
        }
    }
}
