package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The {@link Authenticator} of RESTCONF: {@code Basic} credentials through the
 * {@link PasswordAuthenticator}, {@code Bearer} tokens through the {@link BearerTokenVerifier}
 * when one is configured. Failed tokens count against the source like failed passwords, and are
 * audited like them: each refused token, and the tokens of a source the rate limit refuses (marked
 * so, for the audit log to count them, as for passwords). A token taken is audited as a login the
 * first time it comes and again once its last audit is older than the cache's time, as a password
 * is when its hash runs (not on every request that carries it).
 */
public final class HttpAuthenticator implements Authenticator {
    /** What a token is verified against in {@link #recentTokens} (its signature, checked each time). */
    private static final String TOKEN = "bearer";

    private final PasswordAuthenticator passwords;
    /** Null when no token issuer is configured. */
    private final @Nullable BearerTokenVerifier bearer;
    private final LoginRateLimiter limiter;
    private final AuditLog audit;
    /** The tokens taken recently (keyed by user and token, as passwords are): their logins are audited. */
    private final VerificationCache recentTokens = new VerificationCache();

    /**
     * @param bearer the token verifier, or null when bearer tokens are not accepted
     */
    public HttpAuthenticator(final PasswordAuthenticator passwords, final @Nullable BearerTokenVerifier bearer) {
        this.passwords = requireNonNull(passwords);
        this.bearer = bearer;
        this.limiter = passwords.limiter();
        this.audit = passwords.audit();
    }

    @Override
    public AuthResult authenticate(final String authorization, final String source) {
        if (authorization == null || authorization.isBlank()) {
            return AuthResult.Refused.of(AuthResult.Reason.MISSING_CREDENTIALS, "Authentication required");
        }
        final String value = authorization.strip();
        final int space = value.indexOf(' ');
        final String scheme = (space < 0 ? value : value.substring(0, space)).toLowerCase(Locale.ROOT);
        final String credentials = space < 0 ? "" : value.substring(space + 1).strip();
        return switch (scheme) {
            case "basic" -> basic(credentials, source);
            case "bearer" -> bearer(credentials, source);
            default -> AuthResult.Refused.of(AuthResult.Reason.UNSUPPORTED_SCHEME,
                "Unsupported authentication scheme; use Basic" + (bearer != null ? " or Bearer" : ""));
        };
    }

    private AuthResult basic(final String credentials, final String source) {
        final char[] decoded;
        try {
            final byte[] bytes = Base64.getDecoder().decode(credentials);
            final CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes));
            decoded = new char[chars.remaining()];
            chars.get(decoded);
            Arrays.fill(chars.array(), '\0');
            Arrays.fill(bytes, (byte) 0);
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return AuthResult.Refused.of(AuthResult.Reason.MALFORMED_CREDENTIALS,
                "Basic credentials are not base64 of UTF-8 user:password");
        }
        int colon = -1;
        final int length = decoded.length;
        for (int i = 0; i < length; i++) {
            if (decoded[i] == ':') {
                colon = i;
                break;
            }
        }
        if (colon <= 0) {
            Arrays.fill(decoded, '\0');
            return AuthResult.Refused.of(AuthResult.Reason.MALFORMED_CREDENTIALS,
                "Basic credentials must be user:password");
        }
        final String user = new String(decoded, 0, colon);
        final char[] password = Arrays.copyOfRange(decoded, colon + 1, length);
        Arrays.fill(decoded, '\0');
        try {
            return passwords.authenticate(user, password, source, "basic");
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    private AuthResult bearer(final String token, final String source) {
        if (bearer == null) {
            return AuthResult.Refused.of(AuthResult.Reason.UNSUPPORTED_SCHEME,
                "Bearer tokens are not accepted: no token issuer is configured");
        }
        final Optional<Duration> blocked = limiter.blockedFor(source);
        if (blocked.isPresent()) {
            final String message = PasswordAuthenticator.rateLimitedMessage(source, blocked.orElseThrow());
            audit.record(AuditEvent.loginRateLimited(null, source, "bearer", message));
            return new AuthResult.Refused(AuthResult.Reason.RATE_LIMITED, message, blocked.orElseThrow());
        }
        final AuthResult result = bearer.verify(token);
        if (result instanceof AuthResult.Refused refused) {
            limiter.recordFailure(source);
            audit.record(AuditEvent.loginFailed(null, source, "bearer", refused.message()));
        } else if (result instanceof AuthResult.Authenticated taken) {
            final String user = taken.principal().name();
            final char[] chars = token.toCharArray();
            if (!recentTokens.isVerified(user, chars, TOKEN)) {
                audit.record(AuditEvent.login(user, source, "bearer"));
                recentTokens.remember(user, chars, TOKEN);
            }
            Arrays.fill(chars, '\0');
        }
        return result;
    }
}
