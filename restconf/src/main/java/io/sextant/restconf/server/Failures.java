package io.sextant.restconf.server;

import static io.sextant.datastore.Failures.unwrap;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.restconf.api.ServerErrors;
import io.sextant.restconf.api.ServerException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a request's failures become its {@link ServerException}: expected ones (an
 * {@link OperationErrorsException}) are its RFC 8040 errors in the schema their paths belong to;
 * anything else is logged with its stack and becomes an internal error whose message says only
 * that, so no exception text reaches the client.
 */
final class Failures {
    private static final Logger LOG = LoggerFactory.getLogger(Failures.class);

    private Failures() {
    }

    /** A request's work: may throw, or return a stage that may fail. */
    @FunctionalInterface
    interface Action<T> {
        CompletionStage<T> run() throws OperationErrorsException, ServerException;
    }

    /**
     * Run {@code action}: its stage, or one failed with a {@link ServerException} for whatever it
     * throws or fails with (said in {@code schema} unless the failure has its own).
     */
    static <T> CompletionStage<T> run(final EffectiveModelContext schema, final Action<T> action) {
        try {
            return action.run().exceptionallyCompose(e -> failed(e, schema));
        } catch (ServerException e) {
            return CompletableFuture.failedFuture(e);
        } catch (OperationErrorsException e) {
            return failed(e, schema);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return failed(new OperationErrorsException(OperationError.of(ErrorType.PROTOCOL,
                ErrorTag.INVALID_VALUE, UserTerms.of(BodyParser.message(e), schema)), e), schema);
        } catch (RuntimeException e) {
            return failed(e, schema);
        }
    }

    /** A stage failed with {@code failure} as a {@link ServerException}, in {@code schema} unless it has one. */
    static <T> CompletionStage<T> failed(final Throwable failure, final EffectiveModelContext schema) {
        return CompletableFuture.failedFuture(toServerException(failure, schema));
    }

    /**
     * A stage's failure with an expected cause said in {@code schema} (the target's, past a mount
     * point); any other cause stays as it is.
     */
    static <T> CompletionStage<T> inSchema(final Throwable failure, final EffectiveModelContext schema) {
        final Throwable cause = unwrap(failure);
        return CompletableFuture.failedFuture(cause instanceof OperationErrorsException failed
            ? serverException(failed, schema) : cause);
    }

    /** An expected failure, said in {@code schema}. */
    static ServerException serverException(final OperationErrorsException failure,
            final EffectiveModelContext schema) {
        return new ServerException(new ServerErrors(failure.errors(), schema));
    }

    private static ServerException toServerException(final Throwable failure, final EffectiveModelContext schema) {
        final Throwable cause = unwrap(failure);
        if (cause instanceof ServerException known) {
            return known;
        }
        if (cause instanceof OperationErrorsException failed) {
            return serverException(failed, schema);
        }
        LOG.error("Unexpected failure while serving a RESTCONF request", cause);
        return new ServerException(new ServerErrors(List.of(OperationError.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_FAILED, "Internal error while serving the request; the server log has the details")),
            schema));
    }
}
