package io.sextant.restconf.http;

import io.sextant.spi.HeldElsewhere;
import io.sextant.spi.OperationError;
import io.sextant.datastore.StateUnavailable;
import io.sextant.restconf.api.ServerErrors;
import java.util.Map;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/** The HTTP status an error calls for (RFC 8040 section 7). */
final class ErrorStatus {
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

    private static final Set<String> CONSTRAINT_TAGS = Set.of("data-not-unique", "too-many-elements",
        "too-few-elements", "must-violation");

    private ErrorStatus() {
    }

    /**
     * The status of a failed request: 412 for a failed precondition, otherwise that of its first
     * error; 500 when nothing describes the failure.
     */
    static int of(final ServerErrors errors) {
        if (errors.isPreconditionFailure()) {
            return 412;
        }
        return errors.errors().isEmpty() ? 500 : of(errors.errors().get(0));
    }

    static int of(final ErrorTag tag) {
        return STATUS.getOrDefault(tag, 500);
    }

    /**
     * The status of an error: by its tag, except that a change the controller could not keep
     * because its database is unavailable, and a request sent on to the controller instance holding
     * its nodes that could not reach it, are a 503 (try again later), whatever the tag, and that
     * data refused by a YANG constraint is a 409.
     *
     * <p>RFC 7950 section 15 makes such refusals {@code operation-failed} with an error-app-tag
     * ({@code data-not-unique}, {@code too-many-elements}, {@code too-few-elements},
     * {@code must-violation}), and RFC 8040's table says "412 or 500" for {@code operation-failed}
     * (a SHOULD). Neither fits: 500 tells the client the server failed, and 412 answers a
     * conditional request whose precondition did not hold. The request conflicts with the data
     * it would leave (other entries, the list's size): 409 Conflict (RFC 9110 15.5.10), which the
     * client can resolve and resend, as for {@code data-exists}. OpenDaylight's restconf-nb answers
     * 500 ("Transaction ... not committed correctly"); a device's rpc-error with these tags gets
     * the same 409 here.
     */
    static int of(final OperationError error) {
        if (StateUnavailable.is(error) || HeldElsewhere.UNREACHABLE_APP_TAG.equals(error.appTag())) {
            return 503;
        }
        if (error.tag().equals(ErrorTag.OPERATION_FAILED) && error.appTag() != null && CONSTRAINT_TAGS.contains(error.appTag())) {
            return 409;
        }
        return of(error.tag());
    }
}
