package io.sextant.security.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.JsonLinesAuditLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Basic credentials: users, the verification cache, the rate limit, the bootstrap admin. */
class PasswordAuthenticatorTest {
    private final AtomicLong clock = new AtomicLong();
    /** Cheap hashes for speed; the cost does not change what is tested here. */
    private final PasswordHasher hasher = new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1));
    private final InMemoryUserDirectory users = new InMemoryUserDirectory();

    private PasswordAuthenticator authenticator(final LoginRateLimiter limiter) {
        return new PasswordAuthenticator(users, hasher, new VerificationCache(100, Duration.ofMinutes(5), clock::get),
            limiter);
    }

    private static String basic(final String user, final String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void basicCredentialsOfAStoredUserAuthenticate() {
        users.put(new UserRecord("alice", hasher.hash("s3cret-pw".toCharArray()), true));
        final HttpAuthenticator http = new HttpAuthenticator(authenticator(new LoginRateLimiter()), null);
        final AuthResult result = http.authenticate(basic("alice", "s3cret-pw"), "127.0.0.1");
        assertEquals("alice", assertInstanceOf(AuthResult.Authenticated.class, result).principal().name());
        assertEquals("basic", ((AuthResult.Authenticated) result).principal().method());
        // colons belong to the password
        users.put(new UserRecord("bob", hasher.hash("a:b:c".toCharArray()), true));
        assertInstanceOf(AuthResult.Authenticated.class, http.authenticate(basic("bob", "a:b:c"), "127.0.0.1"));
    }

    @Test
    void wrongPasswordUnknownUserAndDisabledUserLookAlike() {
        users.put(new UserRecord("alice", hasher.hash("s3cret-pw".toCharArray()), true));
        users.put(new UserRecord("carol", hasher.hash("s3cret-pw".toCharArray()), false));
        final HttpAuthenticator http = new HttpAuthenticator(authenticator(new LoginRateLimiter()), null);
        final List<AuthResult> results = new ArrayList<>();
        results.add(http.authenticate(basic("alice", "wrong"), "127.0.0.1"));
        results.add(http.authenticate(basic("nobody", "s3cret-pw"), "127.0.0.1"));
        results.add(http.authenticate(basic("carol", "s3cret-pw"), "127.0.0.1"));
        for (AuthResult result : results) {
            final AuthResult.Refused refused = assertInstanceOf(AuthResult.Refused.class, result);
            assertEquals(AuthResult.Reason.BAD_CREDENTIALS, refused.reason());
            assertEquals("Wrong user name or password", refused.message());
        }
    }

    @Test
    void malformedAndMissingCredentialsAreToldApart() {
        final HttpAuthenticator http = new HttpAuthenticator(authenticator(new LoginRateLimiter()), null);
        assertEquals(AuthResult.Reason.MISSING_CREDENTIALS, reason(http.authenticate(null, "h")));
        assertEquals(AuthResult.Reason.MALFORMED_CREDENTIALS, reason(http.authenticate("Basic !!!", "h")));
        assertEquals(AuthResult.Reason.MALFORMED_CREDENTIALS, reason(http.authenticate(
            "Basic " + Base64.getEncoder().encodeToString("nocolon".getBytes(StandardCharsets.UTF_8)), "h")));
        assertEquals(AuthResult.Reason.UNSUPPORTED_SCHEME, reason(http.authenticate("Digest abc", "h")));
        assertEquals(AuthResult.Reason.UNSUPPORTED_SCHEME, reason(http.authenticate("Bearer abc", "h")));
    }

    @Test
    void aVerifiedPasswordIsNotHashedAgainUntilItChangesOrExpires() {
        users.put(new UserRecord("alice", hasher.hash("first-pw".toCharArray()), true));
        final PasswordAuthenticator auth = authenticator(new LoginRateLimiter());
        final long atStart = hasher.verifications();
        for (int i = 0; i < 5; i++) {
            assertInstanceOf(AuthResult.Authenticated.class, auth.authenticate("alice", "first-pw".toCharArray(),
                "h", "basic"));
        }
        assertEquals(atStart + 1, hasher.verifications());
        // a wrong password is never answered from the cache
        assertInstanceOf(AuthResult.Refused.class, auth.authenticate("alice", "other".toCharArray(), "h", "basic"));
        // a new password: the old one stops working at once, although it was cached
        users.put(new UserRecord("alice", hasher.hash("second-pw".toCharArray()), true));
        assertInstanceOf(AuthResult.Refused.class, auth.authenticate("alice", "first-pw".toCharArray(), "h",
            "basic"));
        assertInstanceOf(AuthResult.Authenticated.class, auth.authenticate("alice", "second-pw".toCharArray(), "h",
            "basic"));
        final long beforeExpiry = hasher.verifications();
        clock.addAndGet(Duration.ofMinutes(6).toNanos());
        assertInstanceOf(AuthResult.Authenticated.class, auth.authenticate("alice", "second-pw".toCharArray(), "h",
            "basic"));
        assertEquals(beforeExpiry + 1, hasher.verifications());
        // disabling the user ends cached logins too
        users.put(new UserRecord("alice", users.find("alice").orElseThrow().passwordHash(), false));
        assertInstanceOf(AuthResult.Refused.class, auth.authenticate("alice", "second-pw".toCharArray(), "h",
            "basic"));
    }

    @Test
    void aSourceThatFailsTooOftenIsRefusedWithoutAHashUntilItsBucketRefills() {
        users.put(new UserRecord("alice", hasher.hash("right-pw".toCharArray()), true));
        final PasswordAuthenticator auth = authenticator(new LoginRateLimiter(3, Duration.ofSeconds(10), 100,
            clock::get));
        for (int i = 0; i < 3; i++) {
            assertEquals(AuthResult.Reason.BAD_CREDENTIALS, reason(auth.authenticate("alice", "x".toCharArray(),
                "10.0.0.1", "basic")));
        }
        final long before = hasher.verifications();
        final AuthResult.Refused limited = assertInstanceOf(AuthResult.Refused.class,
            auth.authenticate("alice", "right-pw".toCharArray(), "10.0.0.1", "basic"));
        assertEquals(AuthResult.Reason.RATE_LIMITED, limited.reason());
        assertEquals(Duration.ofSeconds(10), limited.retryAfter());
        assertEquals(before, hasher.verifications());
        // other sources are not affected
        assertInstanceOf(AuthResult.Authenticated.class, auth.authenticate("alice", "right-pw".toCharArray(),
            "10.0.0.2", "basic"));
        clock.addAndGet(Duration.ofSeconds(10).toNanos());
        assertInstanceOf(AuthResult.Authenticated.class, auth.authenticate("alice", "right-pw".toCharArray(),
            "10.0.0.1", "basic"));
    }

    @Test
    void theRateLimiterTracksABoundedNumberOfSources() {
        final LoginRateLimiter limiter = new LoginRateLimiter(1, Duration.ofMinutes(1), 50, clock::get);
        for (int i = 0; i < 1000; i++) {
            limiter.recordFailure("10.0." + i / 256 + "." + i % 256);
        }
        assertEquals(50, limiter.trackedSources());
        assertTrue(limiter.blockedFor("10.0.3.231").isPresent());
    }

    @Test
    void theBootstrapAdminHashesTheEnvironmentPasswordOrAGeneratedOne(@TempDir final Path dataDir)
            throws Exception {
        final UserRecord fromEnv = BootstrapAdmin.resolve("env-pw-123", dataDir, hasher, message -> {
            throw new AssertionError("nothing generated");
        });
        assertEquals("admin", fromEnv.name());
        assertTrue(hasher.verify("env-pw-123".toCharArray(), fromEnv.passwordHash()));
        assertTrue(Files.notExists(dataDir.resolve(BootstrapAdmin.PASSWORD_FILE)));

        final List<String> announced = new ArrayList<>();
        final UserRecord generated = BootstrapAdmin.resolve(null, dataDir, hasher, announced::add);
        final Path file = dataDir.resolve(BootstrapAdmin.PASSWORD_FILE);
        final String password = Files.readString(file).strip();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(announced.get(0).contains(password));
        assertTrue(hasher.verify(password.toCharArray(), generated.passwordHash()));
        assertTrue(!generated.passwordHash().contains(password));
        // the next start reads the same password and announces nothing
        final UserRecord again = BootstrapAdmin.resolve("", dataDir, hasher, announced::add);
        assertTrue(hasher.verify(password.toCharArray(), again.passwordHash()));
        assertEquals(1, announced.size());
    }

    private static AuthResult.Reason reason(final AuthResult result) {
        return assertInstanceOf(AuthResult.Refused.class, result).reason();
    }

    @Test
    void loginsAndFailedLoginsAreAuditedWithoutThePasswordAndACachedCheckIsNotALogin() {
        users.put(new UserRecord("alice", hasher.hash("s3cret-pw".toCharArray()), true));
        final List<AuditEvent> audited = new ArrayList<>();
        final PasswordAuthenticator auth = new PasswordAuthenticator(users, hasher,
            new VerificationCache(100, Duration.ofMinutes(5), clock::get), new LoginRateLimiter(), audited::add);
        final HttpAuthenticator http = new HttpAuthenticator(auth, null);
        http.authenticate(basic("alice", "s3cret-pw"), "10.0.0.1");
        http.authenticate(basic("alice", "s3cret-pw"), "10.0.0.1");
        http.authenticate(basic("alice", "wrong-pw"), "10.0.0.2");
        http.authenticate(basic("nobody", "x"), "10.0.0.2");

        assertEquals(List.of(AuditEvent.Type.LOGIN, AuditEvent.Type.LOGIN_FAILED, AuditEvent.Type.LOGIN_FAILED),
            audited.stream().map(AuditEvent::type).toList(), "the second request of alice reused the cached check");
        assertEquals("alice", audited.get(0).user());
        assertEquals("10.0.0.1", audited.get(0).source());
        assertEquals("Wrong password", audited.get(1).message());
        assertEquals("No such user", audited.get(2).message());
        for (AuditEvent event : audited) {
            final String json = JsonLinesAuditLog.toJson(event);
            assertFalse(json.contains("s3cret-pw") || json.contains("wrong-pw"), json);
        }
    }
}
