package io.sextant.security.auth;

import java.util.Optional;

/**
 * Where users are looked up. The controller's implementation follows the {@code sextant-users}
 * data ({@link UsersCodec}); {@link InMemoryUserDirectory} serves the bootstrap admin and tests.
 */
public interface UserDirectory {
    Optional<UserRecord> find(String name);
}
