package io.sextant.restconf;

import io.sextant.security.auth.Authenticator;
import io.sextant.security.auth.HttpAuthenticator;
import io.sextant.security.auth.InMemoryUserDirectory;
import io.sextant.security.auth.LoginRateLimiter;
import io.sextant.security.auth.PasswordAuthenticator;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.auth.UserRecord;
import io.sextant.security.auth.VerificationCache;

/** An authenticator that knows one user (HTTP Basic), for servers under test. */
public final class OneUser {
    private OneUser() {
    }

    public static Authenticator authenticator(final String user, final String password) {
        final PasswordHasher hasher = new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1));
        final InMemoryUserDirectory users = new InMemoryUserDirectory();
        users.put(new UserRecord(user, hasher.hash(password.toCharArray()), true));
        return new HttpAuthenticator(new PasswordAuthenticator(users, hasher, new VerificationCache(),
            new LoginRateLimiter()), null);
    }
}
