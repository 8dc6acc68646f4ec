package io.sextant.datastore.service;

import java.util.Optional;

/**
 * Who asks, and within which transaction.
 *
 * @param user authenticated user name
 * @param transactionId the UniConfig transaction the request runs in; empty for immediate mode
 */
public record RequestContext(String user, Optional<String> transactionId) {

    public static RequestContext of(final String user) {
        return new RequestContext(user, Optional.empty());
    }

    /** For calls the controller makes on its own behalf (console commands, startup). */
    public static RequestContext system() {
        return of("system");
    }
}
