package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What a bearer token must satisfy (OpenID Connect access or ID tokens as JWTs).
 *
 * @param issuer the exact {@code iss}
 * @param audiences accepted {@code aud} values (one must be in the token)
 * @param algorithms accepted signature algorithms (for example RS256, ES256); never {@code none}
 * @param jwksUrl the issuer's key set (its {@code jwks_uri}), or null with {@code jwksFile}
 * @param jwksFile a local JWKS file, or null with {@code jwksUrl}
 * @param userClaim the claim that names the user ({@code preferred_username}, {@code sub}, ...)
 * @param groupsClaim the claim with the user's groups, a dotted path for nested claims
 *     ({@code groups}, {@code realm_access.roles}); a list or one string
 * @param clockSkew tolerance for {@code exp} and {@code nbf}
 */
public record JwtSettings(String issuer, Set<String> audiences, Set<String> algorithms, @Nullable URL jwksUrl,
        @Nullable Path jwksFile, String userClaim, String groupsClaim, Duration clockSkew) {
    public JwtSettings {
        requireNonNull(issuer);
        audiences = Set.copyOf(audiences);
        algorithms = Set.copyOf(algorithms);
        if (audiences.isEmpty()) {
            throw new IllegalArgumentException("A bearer token configuration needs at least one accepted audience");
        }
        if (algorithms.isEmpty() || algorithms.stream().anyMatch(alg -> alg.equalsIgnoreCase("none"))) {
            throw new IllegalArgumentException("A bearer token configuration needs signature algorithms, and never "
                + "\"none\"");
        }
        if ((jwksUrl == null) == (jwksFile == null)) {
            throw new IllegalArgumentException("Give the issuer's keys either as a JWKS URL or as a JWKS file");
        }
        requireNonNull(userClaim);
        requireNonNull(groupsClaim);
        requireNonNull(clockSkew);
    }
}
