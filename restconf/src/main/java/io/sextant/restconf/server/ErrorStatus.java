package io.sextant.restconf.server;

import io.sextant.datastore.OperationError;
import io.sextant.datastore.StateUnavailable;
import java.util.Map;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** The HTTP status an error-tag calls for (RFC 8040 section 7). */
public final class ErrorStatus {
    private static final Map<ErrorTag, Integer> STATUS = Map.ofEntries(
        Map.entry(ErrorTag.IN_USE, 409),
        Map.entry(ErrorTag.INVALID_VALUE, 400),
        Map.entry(ErrorTag.TOO_BIG, 413),
        Map.entry(ErrorTag.MISSING_ATTRIBUTE, 400),
        Map.entry(ErrorTag.MISSING_ELEMENT, 400),
        Map.entry(ErrorTag.BAD_ATTRIBUTE, 400),
        Map.entry(ErrorTag.UNKNOWN_ATTRIBUTE, 400),
        Map.entry(ErrorTag.BAD_ELEMENT, 400),
        Map.entry(ErrorTag.UNKNOWN_ELEMENT, 400),
        Map.entry(ErrorTag.UNKNOWN_NAMESPACE, 400),
        Map.entry(ErrorTag.ACCESS_DENIED, 403),
        Map.entry(ErrorTag.LOCK_DENIED, 409),
        Map.entry(ErrorTag.RESOURCE_DENIED, 409),
        Map.entry(ErrorTag.ROLLBACK_FAILED, 500),
        Map.entry(ErrorTag.DATA_EXISTS, 409),
        // RFC 8040 lists 409 for data-missing; a target resource that does not exist is a 404 (RFC 8040 4.3)
        Map.entry(ErrorTag.DATA_MISSING, 404),
        Map.entry(ErrorTag.OPERATION_NOT_SUPPORTED, 405),
        Map.entry(ErrorTag.OPERATION_FAILED, 500),
        Map.entry(ErrorTag.PARTIAL_OPERATION, 500),
        Map.entry(ErrorTag.MALFORMED_MESSAGE, 400));

    private ErrorStatus() {
    }

    public static int of(final ErrorTag tag) {
        return STATUS.getOrDefault(tag, 500);
    }

    /**
     * The status of an error: by its tag, except that a change the controller could not keep
     * because its database is unavailable is a 503 (try again later), whatever the tag.
     */
    public static int of(final OperationError error) {
        return StateUnavailable.is(error) ? 503 : of(error.tag());
    }
}
