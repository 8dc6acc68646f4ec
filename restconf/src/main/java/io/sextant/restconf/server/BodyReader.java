package io.sextant.restconf.server;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.ServerException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.w3c.dom.DOMException;

/**
 * Runs a parse of a request body so that any failure, whatever the codec threw, is said in the
 * user's terms ({@link CodecErrors}) and in the schema of the body: a {@link ServerException}.
 */
final class BodyReader {
    private BodyReader() {
    }

    /** A parse of a body. */
    @FunctionalInterface
    interface Parse<T> {
        T parse() throws OperationErrorsException;
    }

    /** The resource a data request names, as error messages write it. */
    static String dataResource(final ApiPath path) {
        return "/rests/data" + (path.isEmpty() ? "" : path.toString());
    }

    /** Parse a body into {@code target}: any failure is said in the user's terms and rendered in its schema. */
    static <T> T parse(final Target target, final String resource, final RequestBody body, final Parse<T> parse)
            throws ServerException {
        mark(body);
        return parse(target.codecs().schema(), target.isRoot() ? null : target.path(),
            resource, body, parse);
    }

    static <T> T parse(final EffectiveModelContext bodySchema, final @Nullable YangInstanceIdentifier errorPath,
            final String resource, final RequestBody body, final Parse<T> parse) throws ServerException {
        OperationErrorsException failure;
        try {
            return parse.parse();
        } catch (OperationErrorsException e) {
            failure = e;
        } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
            // codec failures that escape as runtime exceptions are invalid values
            failure = new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                BodyParser.message(e)), e);
        } catch (DOMException e) {
            // yangtools builds an anyxml value as DOM: a JSON member name that is no XML name fails there
            failure = new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "An anyxml value has a member name that is not a valid XML element name"));
        } catch (NullPointerException e) {
            // yangtools' JSON parser leaves a leaf given an object, array or null without a value
            failure = new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "A leaf has no value: an object, array or null stands where a value belongs"));
        }
        throw Failures.serverException(CodecErrors.explain(failure, resource, bodySchema, body.format(),
            CodecErrors.rewound(body.stream()), errorPath), bodySchema);
    }

    /** Remember the start of a body, so that an error can read it again to name a bad value's leaf. */
    static void mark(final RequestBody body) {
        if (body.stream().markSupported()) {
            body.stream().mark(Integer.MAX_VALUE);
        }
    }
}
