package io.sextant.security.service;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import io.sextant.security.auth.JwtSettings;
import org.eclipse.jdt.annotation.Nullable;

/**
 * How the controller authenticates and listens, beyond {@code ControllerSettings}. Under Karaf
 * from system properties ({@code ./sextant run} sets them from its options).
 *
 * @param tlsCert the operator's certificate chain (PEM), or null for the generated certificate
 * @param tlsKey the operator's private key (PEM), or null for the generated one
 * @param insecureHttp plain HTTP instead of TLS (refused unless RESTCONF binds a loopback address)
 * @param jwt what bearer tokens must satisfy, or null when bearer tokens are not accepted
 */
public record SecuritySettings(@Nullable Path tlsCert, @Nullable Path tlsKey, boolean insecureHttp,
        @Nullable JwtSettings jwt) {
    public static final String TLS_CERT_PROPERTY = "sextant.tls.cert";
    public static final String TLS_KEY_PROPERTY = "sextant.tls.key";
    public static final String INSECURE_HTTP_PROPERTY = "sextant.insecure-http";
    public static final String JWT_ISSUER_PROPERTY = "sextant.jwt.issuer";
    public static final String JWT_AUDIENCE_PROPERTY = "sextant.jwt.audience";
    public static final String JWT_JWKS_URL_PROPERTY = "sextant.jwt.jwks-url";
    public static final String JWT_JWKS_FILE_PROPERTY = "sextant.jwt.jwks-file";
    public static final String JWT_ALGORITHMS_PROPERTY = "sextant.jwt.algorithms";
    public static final String JWT_USER_CLAIM_PROPERTY = "sextant.jwt.user-claim";
    public static final String JWT_GROUPS_CLAIM_PROPERTY = "sextant.jwt.groups-claim";

    /** TLS with the generated certificate, no bearer tokens. */
    public static final SecuritySettings DEFAULTS = new SecuritySettings(null, null, false, null);

    public static SecuritySettings fromSystemProperties() {
        final String cert = System.getProperty(TLS_CERT_PROPERTY, "");
        final String key = System.getProperty(TLS_KEY_PROPERTY, "");
        return new SecuritySettings(cert.isBlank() ? null : Path.of(cert), key.isBlank() ? null : Path.of(key),
            Boolean.getBoolean(INSECURE_HTTP_PROPERTY), jwtFromSystemProperties());
    }

    private static @Nullable JwtSettings jwtFromSystemProperties() {
        final String issuer = System.getProperty(JWT_ISSUER_PROPERTY, "");
        if (issuer.isBlank()) {
            return null;
        }
        final String url = System.getProperty(JWT_JWKS_URL_PROPERTY, "");
        final String file = System.getProperty(JWT_JWKS_FILE_PROPERTY, "");
        final @Nullable URL jwksUrl;
        try {
            jwksUrl = url.isBlank() ? null : URI.create(url).toURL();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException(JWT_JWKS_URL_PROPERTY + " is not a URL: " + url, e);
        }
        return new JwtSettings(issuer, list(System.getProperty(JWT_AUDIENCE_PROPERTY, "")),
            list(System.getProperty(JWT_ALGORITHMS_PROPERTY, "RS256,ES256")), jwksUrl,
            file.isBlank() ? null : Path.of(file), System.getProperty(JWT_USER_CLAIM_PROPERTY, "preferred_username"),
            System.getProperty(JWT_GROUPS_CLAIM_PROPERTY, "groups"), Duration.ofSeconds(60));
    }

    private static Set<String> list(final String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty())
            .collect(Collectors.toUnmodifiableSet());
    }

    public SecuritySettings withTls(final Path cert, final Path key) {
        return new SecuritySettings(cert, key, insecureHttp, jwt);
    }

    public SecuritySettings withInsecureHttp() {
        return new SecuritySettings(tlsCert, tlsKey, true, jwt);
    }

    public SecuritySettings withJwt(final JwtSettings newJwt) {
        return new SecuritySettings(tlsCert, tlsKey, insecureHttp, newJwt);
    }
}
