package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * Checks a user name and password against the {@link UserDirectory}: for HTTP Basic and for
 * the Karaf console's JAAS realm. Sources that fail too often are refused before any hash is
 * computed; successful verifications are cached. Unknown users cost a hash too, so that timing
 * does not tell which users exist. Every failed login is audited (those refused by the rate limit
 * marked so, for the audit log to count them), and every successful one that ran the hash (a login,
 * as opposed to the next request of a session whose check is cached).
 */
public final class PasswordAuthenticator {
    private final UserDirectory users;
    private final PasswordHasher hasher;
    private final VerificationCache cache;
    private final LoginRateLimiter limiter;
    private final AuditLog audit;
    private final String dummyHash;

    /** Logins not audited (tests). */
    public PasswordAuthenticator(final UserDirectory users, final PasswordHasher hasher,
            final VerificationCache cache, final LoginRateLimiter limiter) {
        this(users, hasher, cache, limiter, AuditLog.NONE);
    }

    public PasswordAuthenticator(final UserDirectory users, final PasswordHasher hasher,
            final VerificationCache cache, final LoginRateLimiter limiter, final AuditLog audit) {
        this.audit = requireNonNull(audit);
        this.users = requireNonNull(users);
        this.hasher = requireNonNull(hasher);
        this.cache = requireNonNull(cache);
        this.limiter = requireNonNull(limiter);
        this.dummyHash = hasher.hash("sextant-no-such-user".toCharArray());
    }

    /**
     * @param method how the password came ({@code basic}, {@code console}), kept in the principal
     */
    public AuthResult authenticate(final String user, final char[] password, final String source,
            final String method) {
        final Optional<Duration> blocked = limiter.blockedFor(source);
        if (blocked.isPresent()) {
            final String message = rateLimitedMessage(source, blocked.orElseThrow());
            audit.record(AuditEvent.loginRateLimited(user, source, method, message));
            return new AuthResult.Refused(AuthResult.Reason.RATE_LIMITED, message, blocked.orElseThrow());
        }
        final Optional<UserRecord> record = users.find(user);
        final String hash = record.filter(UserRecord::enabled).map(UserRecord::passwordHash).orElse(null);
        if (hash != null && cache.isVerified(user, password, hash)) {
            return new AuthResult.Authenticated(new UserPrincipal(user, Set.of(), method));
        }
        final boolean matches = hasher.verify(password, hash != null ? hash : dummyHash);
        if (!matches || hash == null) {
            limiter.recordFailure(source);
            audit.record(AuditEvent.loginFailed(user, source, method, record.isEmpty() ? "No such user"
                : hash == null ? "User disabled" : "Wrong password"));
            return AuthResult.Refused.of(AuthResult.Reason.BAD_CREDENTIALS, "Wrong user name or password");
        }
        audit.record(AuditEvent.login(user, source, method));
        cache.remember(user, password, hash);
        return new AuthResult.Authenticated(new UserPrincipal(user, Set.of(), method));
    }

    /** What a client refused by the rate limit is told (and the audit log keeps). */
    static String rateLimitedMessage(final String source, final Duration wait) {
        return "Too many failed logins from " + source + "; try again in " + Math.max(1, wait.toSeconds()) + " s";
    }

    /** Forgets cached verifications of a user: call when the user's password or state changes. */
    public void invalidate(final String user) {
        cache.invalidate(user);
    }

    /** Where logins are audited. */
    public AuditLog audit() {
        return audit;
    }

    LoginRateLimiter limiter() {
        return limiter;
    }
}
