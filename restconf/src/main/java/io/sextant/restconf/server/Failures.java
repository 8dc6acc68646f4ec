package io.sextant.restconf.server;

import io.sextant.datastore.OperationError;
import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.restconf.api.RestconfResponse;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a request's failures become its answer: expected ones (an {@link OperationFailedException})
 * are RFC 8040 errors in the schema their paths belong to; anything else is logged with its
 * stack and answered as an internal error whose message says only that.
 */
final class Failures {
    private static final Logger LOG = LoggerFactory.getLogger(Failures.class);

    private Failures() {
    }

    /** A request's work: may throw, or return a stage that may fail. */
    @FunctionalInterface
    interface Action {
        CompletionStage<RestconfResponse> run() throws OperationFailedException;
    }

    /** A failure whose paths and names belong to another schema than the controller's (a mount point's). */
    static final class InSchema extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final transient OperationFailedException failure;
        final transient EffectiveModelContext schema;

        InSchema(final OperationFailedException failure, final EffectiveModelContext schema) {
            super(null, null, false, false);
            this.failure = failure;
            this.schema = schema;
        }
    }

    /** Run {@code action}; whatever it throws or fails with becomes its error response, in {@code schema}. */
    static CompletionStage<RestconfResponse> run(final EffectiveModelContext schema, final Action action) {
        try {
            return action.run().exceptionallyCompose(e -> errorFor(e, schema));
        } catch (InSchema e) {
            return errorFor(e.failure, e.schema);
        } catch (OperationFailedException e) {
            return errorFor(e, schema);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return errorFor(new OperationFailedException(OperationError.of(ErrorType.PROTOCOL,
                ErrorTag.INVALID_VALUE, UserTerms.of(BodyParser.message(e), schema)), e), schema);
        } catch (RuntimeException e) {
            return errorFor(e, schema);
        }
    }

    static CompletionStage<RestconfResponse> errorFor(final Throwable e, final EffectiveModelContext schema) {
        return CompletableFuture.completedFuture(errorResponse(e, schema));
    }

    /**
     * Map a failure to its RFC 8040 response. Anything unexpected is logged with its stack and
     * becomes a 500 whose message says only that: no exception text reaches the client.
     */
    static RestconfResponse errorResponse(final Throwable failure, final EffectiveModelContext schema) {
        final Throwable cause = unwrap(failure);
        if (cause instanceof InSchema inSchema) {
            return errorResponse(inSchema.failure, inSchema.schema);
        }
        if (cause instanceof OperationFailedException failed) {
            return new RestconfResponse(status(failed), Optional.of(new ErrorsBody(failed.errors(), schema)),
                Optional.empty());
        }
        LOG.error("Unexpected failure while serving a RESTCONF request", cause);
        return new RestconfResponse(500, Optional.of(new ErrorsBody(List.of(OperationError.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_FAILED, "Internal error while serving the request; the server log has the details")),
            schema)), Optional.empty());
    }

    static int status(final OperationFailedException failed) {
        if (Preconditions.isFailure(failed)) {
            return 412;
        }
        return failed.errors().isEmpty() ? 500 : ErrorStatus.of(failed.errors().get(0));
    }

    static Throwable unwrap(final Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** A stage's failure, an expected one said in {@code schema} (the target's, past a mount point). */
    static <T> CompletionStage<T> inSchema(final Throwable failure, final EffectiveModelContext schema) {
        final Throwable cause = unwrap(failure);
        return CompletableFuture.failedFuture(cause instanceof OperationFailedException failed
            ? new InSchema(failed, schema) : cause);
    }
}
