package io.sextant.security.auth;

import static java.util.Objects.requireNonNull;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.io.IOException;
import java.net.URL;
import java.text.ParseException;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Verifies OpenID Connect bearer tokens (signed JWTs) with Nimbus JOSE+JWT: signature by one of
 * the issuer's keys with an allowed algorithm, exact issuer, an accepted audience, expiry and
 * not-before (with the clock skew), the user claim present. Keys from a JWKS URL are fetched and
 * cached by Nimbus (refreshed when a token names an unknown key id). Thread-safe.
 */
public final class BearerTokenVerifier {
    private final JwtSettings settings;
    private final DefaultJWTProcessor<SecurityContext> processor;

    /**
     * @throws IOException when a JWKS file cannot be read
     * @throws ParseException when a JWKS file is not a key set
     */
    public BearerTokenVerifier(final JwtSettings settings) throws IOException, ParseException {
        this.settings = requireNonNull(settings);
        final URL url = settings.jwksUrl();
        final JWKSource<SecurityContext> keys = url != null
            ? JWKSourceBuilder.create(url).retrying(true).build()
            // JwtSettings holds either a URL or a file
            : new ImmutableJWKSet<>(JWKSet.load(requireNonNull(settings.jwksFile()).toFile()));
        final Set<JWSAlgorithm> algorithms = settings.algorithms().stream().map(JWSAlgorithm::parse)
            .collect(Collectors.toSet());
        processor = new DefaultJWTProcessor<>();
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(algorithms, keys));
        final DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
            // a mutable copy: Nimbus asks the set whether it contains null
            new HashSet<>(settings.audiences()), new JWTClaimsSet.Builder().issuer(settings.issuer()).build(),
            requiredClaims(settings), null);
        claims.setMaxClockSkew((int) settings.clockSkew().toSeconds());
        processor.setJWTClaimsSetVerifier(claims);
    }

    private static Set<String> requiredClaims(final JwtSettings settings) {
        final Set<String> required = new LinkedHashSet<>(Set.of("exp", "iss", "aud"));
        if (!settings.userClaim().contains(".")) {
            required.add(settings.userClaim());
        }
        return required;
    }

    /** The user a token stands for, or why it is refused. */
    public AuthResult verify(final String token) {
        final JWTClaimsSet claims;
        try {
            claims = processor.process(token, null);
        } catch (BadJWTException e) {
            final boolean expired = e.getMessage() != null && e.getMessage().startsWith("Expired");
            return AuthResult.Refused.of(expired ? AuthResult.Reason.EXPIRED_TOKEN : AuthResult.Reason.INVALID_TOKEN,
                "Bearer token refused: " + e.getMessage());
        } catch (ParseException | BadJOSEException e) {
            return AuthResult.Refused.of(AuthResult.Reason.INVALID_TOKEN, "Bearer token refused: " + e.getMessage());
        } catch (JOSEException e) {
            return AuthResult.Refused.of(AuthResult.Reason.INVALID_TOKEN,
                "Bearer token cannot be checked (issuer keys unavailable?): " + e.getMessage());
        }
        final Object user = claim(claims.getClaims(), settings.userClaim());
        if (!(user instanceof String name) || name.isBlank()) {
            return AuthResult.Refused.of(AuthResult.Reason.INVALID_TOKEN, "Bearer token has no "
                + settings.userClaim() + " claim naming the user");
        }
        return new AuthResult.Authenticated(new UserPrincipal(name, groups(claim(claims.getClaims(),
            settings.groupsClaim())), "bearer"));
    }

    private static @Nullable Object claim(final Map<String, Object> claims, final String path) {
        Object current = claims;
        for (String part : path.split("\\.")) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(part);
        }
        return current;
    }

    private static Set<String> groups(final @Nullable Object value) {
        final Set<String> groups = new LinkedHashSet<>();
        if (value instanceof Collection<?> list) {
            list.forEach(group -> groups.add(String.valueOf(group)));
        } else if (value instanceof String single) {
            for (String group : single.split("[\\s,]+")) {
                if (!group.isEmpty()) {
                    groups.add(group);
                }
            }
        }
        return groups;
    }
}
