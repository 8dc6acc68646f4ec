package io.sextant.spi;

import static java.util.Objects.requireNonNull;

import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Who asks, and within which transaction.
 *
 * @param user authenticated user name
 * @param transactionId the UniConfig transaction the request runs in; null for immediate mode
 * @param externalGroups groups the user's authentication brought (a bearer token's groups claim);
 *     empty for passwords. Access control adds the groups that name the user.
 */
public record RequestContext(String user, @Nullable String transactionId, Set<String> externalGroups) {

    public RequestContext {
        requireNonNull(user);
        externalGroups = Set.copyOf(externalGroups);
    }

    /** A request of {@code user} without external groups. */
    public RequestContext(final String user, final @Nullable String transactionId) {
        this(user, transactionId, Set.of());
    }

    public static RequestContext of(final String user) {
        return new RequestContext(user, null);
    }

    /** For calls the controller makes on its own behalf (console commands, startup). */
    public static RequestContext system() {
        return of("system");
    }
}
