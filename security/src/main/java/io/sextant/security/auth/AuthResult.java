package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/** The outcome of authenticating a request: a user, or a refusal with its reason. */
public sealed interface AuthResult {
    /** Why a request was not authenticated. The HTTP layer maps them to 401 (429 for RATE_LIMITED). */
    enum Reason {
        /** No credentials: ask for them ({@code WWW-Authenticate}). */
        MISSING_CREDENTIALS,
        /** An Authorization scheme other than Basic or Bearer, or Bearer when no issuer is configured. */
        UNSUPPORTED_SCHEME,
        /** Credentials that cannot be decoded. */
        MALFORMED_CREDENTIALS,
        /** Unknown user, wrong password or disabled user (never said which). */
        BAD_CREDENTIALS,
        /** Too many failures from this source: retry after {@link Refused#retryAfter()}. */
        RATE_LIMITED,
        /** A bearer token that is not valid (signature, issuer, audience, algorithm, claims). */
        INVALID_TOKEN,
        /** A bearer token past its expiry. */
        EXPIRED_TOKEN
    }

    record Authenticated(UserPrincipal principal) implements AuthResult {
        public Authenticated {
            requireNonNull(principal);
        }
    }

    /**
     * @param reason why
     * @param message for the client and the audit log; never says whether a user exists
     * @param retryAfter for {@link Reason#RATE_LIMITED}: how long to wait; zero otherwise
     */
    record Refused(Reason reason, String message, Duration retryAfter) implements AuthResult {
        public Refused {
            requireNonNull(reason);
            requireNonNull(message);
            requireNonNull(retryAfter);
        }

        public static Refused of(final Reason reason, final String message) {
            return new Refused(reason, message, Duration.ZERO);
        }
    }
}
