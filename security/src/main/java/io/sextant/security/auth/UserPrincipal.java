package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import java.security.Principal;
import java.util.Set;

/**
 * An authenticated user.
 *
 * @param name the user name NACM and the audit log use
 * @param externalGroups groups the authentication brought (a token's groups claim); the NACM
 *     groups that list the user are added by NACM itself
 * @param method how the user authenticated: {@code basic}, {@code bearer}, {@code console}
 */
public record UserPrincipal(String name, Set<String> externalGroups, String method) implements Principal {
    public UserPrincipal {
        requireNonNull(name);
        externalGroups = Set.copyOf(externalGroups);
        requireNonNull(method);
    }

    @Override
    public String getName() {
        return name;
    }
}
