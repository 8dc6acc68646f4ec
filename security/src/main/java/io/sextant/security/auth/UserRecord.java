package io.sextant.security.auth;

import org.eclipse.jdt.annotation.Nullable;

import static java.util.Objects.requireNonNull;

/**
 * A user of the controller as stored in {@code sextant-users}: a name and a password hash
 * (never the password). Group membership lives in the NACM groups.
 *
 * @param name the user name
 * @param passwordHash Argon2id or bcrypt hash ({@link PasswordHasher}); null for a user who
 *     logs in with tokens only
 * @param enabled whether the user may log in
 */
public record UserRecord(String name, @Nullable String passwordHash, boolean enabled) {
    public UserRecord {
        requireNonNull(name);
    }

    @Override
    public String toString() {
        return "UserRecord[" + name + (enabled ? "" : ", disabled") + "]";
    }
}
