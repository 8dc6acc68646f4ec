package io.sextant.uniconfig;

import io.sextant.spi.RequestContext;
import org.eclipse.jdt.annotation.Nullable;

/**
 * How one commit request is carried out.
 *
 * @param context who asks, and in which transaction
 * @param checked whether it is refused when a target device changed outside the controller since the last sync
 * @param skipUnreachable whether target nodes whose devices are not connected are left out (reported as
 *     skipped, their intent still pending) instead of failing the commit
 * @param gate the verification gate the commit passes before it is kept; null for none
 */
record CommitRequest(RequestContext context, boolean checked, boolean skipUnreachable, @Nullable GateRequest gate) {
    /** The operation as the transaction log and the metrics name it. */
    String operation() {
        return checked ? "checked-commit" : "commit";
    }
}
