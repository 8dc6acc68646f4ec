package io.sextant.restconf.api;

import io.sextant.spi.OperationError;
import java.util.List;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Why a request failed, as data (RFC 8040 section 7): the errors with their error-type,
 * error-tag, error-app-tag, path and message, and the schema their paths and names are said in
 * (a mount point's for errors below it). How an error is answered (an HTTP status, say) is the
 * transport's business.
 *
 * @param errors the errors, the one that decides the answer first; empty only for a failure
 *     nobody described
 * @param schema the schema the errors' paths belong to
 */
public record ServerErrors(List<OperationError> errors, EffectiveModelContext schema) {
    /**
     * The error-app-tag of a failed precondition (If-Match, If-None-Match, If-Unmodified-Since:
     * RFC 8040 sections 3.4.1.1 and 3.4.1.2), whose error-tag is {@code operation-failed}.
     */
    public static final String PRECONDITION_FAILED = "precondition-failed";

    public ServerErrors {
        errors = List.copyOf(errors);
    }

    /** Whether the request failed because one of its preconditions did not hold. */
    public boolean isPreconditionFailure() {
        return !errors.isEmpty() && PRECONDITION_FAILED.equals(errors.get(0).appTag());
    }
}
