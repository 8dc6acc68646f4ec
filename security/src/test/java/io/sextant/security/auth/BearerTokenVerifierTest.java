package io.sextant.security.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OpenID Connect bearer tokens signed with locally generated keys, the issuer's key set served
 * over HTTP on loopback as an identity provider serves its jwks_uri.
 */
class BearerTokenVerifierTest {
    private static final String ISSUER = "https://idp.example/realms/net";
    private static RSAKey rsa;
    private static ECKey ec;
    private static RSAKey stranger;
    private static HttpServer jwks;
    private static final AtomicInteger JWKS_FETCHES = new AtomicInteger();

    @BeforeAll
    static void keysAndJwks() throws Exception {
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        stranger = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        final byte[] body = new JWKSet(List.of(rsa.toPublicJWK(), ec.toPublicJWK())).toString()
            .getBytes(StandardCharsets.UTF_8);
        jwks = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        jwks.createContext("/certs", exchange -> {
            JWKS_FETCHES.incrementAndGet();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        jwks.start();
    }

    @AfterAll
    static void stop() {
        jwks.stop(0);
    }

    private static JwtSettings settings(final Set<String> algorithms) throws Exception {
        return new JwtSettings(ISSUER, Set.of("sextant"), algorithms,
            new URL("http://127.0.0.1:" + jwks.getAddress().getPort() + "/certs"), null, "preferred_username",
            "realm_access.roles", Duration.ofSeconds(30));
    }

    private static JWTClaimsSet.Builder claims() {
        final Instant now = Instant.now();
        return new JWTClaimsSet.Builder().issuer(ISSUER).audience("sextant").subject("f81d4fae")
            .claim("preferred_username", "carol").claim("realm_access", Map.of("roles", List.of("operator", "noc")))
            .issueTime(Date.from(now)).expirationTime(Date.from(now.plus(Duration.ofMinutes(5))));
    }

    private static String rs256(final RSAKey key, final JWTClaimsSet claims) throws Exception {
        final SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
            .type(JOSEObjectType.JWT).build(), claims);
        jwt.sign(new RSASSASigner(key));
        return jwt.serialize();
    }

    private static AuthResult.Reason refusal(final AuthResult result) {
        return assertInstanceOf(AuthResult.Refused.class, result).reason();
    }

    @Test
    void aValidTokenNamesTheUserAndItsGroups() throws Exception {
        final BearerTokenVerifier verifier = new BearerTokenVerifier(settings(Set.of("RS256", "ES256")));
        final UserPrincipal principal = assertInstanceOf(AuthResult.Authenticated.class,
            verifier.verify(rs256(rsa, claims().build()))).principal();
        assertEquals("carol", principal.name());
        assertEquals(Set.of("operator", "noc"), principal.externalGroups());
        assertEquals("bearer", principal.method());

        final SignedJWT es = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec-1").build(),
            claims().build());
        es.sign(new ECDSASigner(ec));
        assertInstanceOf(AuthResult.Authenticated.class, verifier.verify(es.serialize()));
        assertTrue(JWKS_FETCHES.get() >= 1);
    }

    @Test
    void issuerAudienceExpiryAndNotBeforeAreChecked() throws Exception {
        final BearerTokenVerifier verifier = new BearerTokenVerifier(settings(Set.of("RS256")));
        final Instant now = Instant.now();
        assertEquals(AuthResult.Reason.INVALID_TOKEN,
            refusal(verifier.verify(rs256(rsa, claims().issuer("https://evil.example").build()))));
        assertEquals(AuthResult.Reason.INVALID_TOKEN,
            refusal(verifier.verify(rs256(rsa, claims().audience("another-app").build()))));
        assertEquals(AuthResult.Reason.EXPIRED_TOKEN, refusal(verifier.verify(rs256(rsa, claims()
            .expirationTime(Date.from(now.minus(Duration.ofMinutes(2)))).build()))));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(rs256(rsa, claims()
            .notBeforeTime(Date.from(now.plus(Duration.ofMinutes(10)))).build()))));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(rs256(rsa, claims()
            .expirationTime(null).build()))));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(rs256(rsa, claims()
            .claim("preferred_username", null).build()))));
        // within the clock skew an expired token still passes
        assertInstanceOf(AuthResult.Authenticated.class, verifier.verify(rs256(rsa, claims()
            .expirationTime(Date.from(now.minus(Duration.ofSeconds(5)))).build())));
    }

    @Test
    void forgedUnsignedAndWrongAlgorithmTokensAreRefused() throws Exception {
        final BearerTokenVerifier verifier = new BearerTokenVerifier(settings(Set.of("RS256")));
        // same key id, another key
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(rs256(stranger, claims().build()))));
        // alg none
        assertEquals(AuthResult.Reason.INVALID_TOKEN,
            refusal(verifier.verify(new PlainJWT(claims().build()).serialize())));
        // ES256 with a key the issuer has, but ES256 is not allowed
        final SignedJWT es = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec-1").build(),
            claims().build());
        es.sign(new ECDSASigner(ec));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(es.serialize())));
        // HS256 "signed" with the public RSA key as a shared secret (algorithm confusion)
        final SignedJWT hs = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("rsa-1").build(),
            claims().build());
        hs.sign(new MACSigner(rsa.toPublicJWK().toRSAPublicKey().getEncoded()));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify(hs.serialize())));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(verifier.verify("not.a.token")));
    }

    @Test
    void keysCanComeFromAFileAndTokensGoThroughTheHttpAuthenticator(@TempDir final Path dir) throws Exception {
        final Path file = Files.writeString(dir.resolve("jwks.json"),
            new JWKSet(List.of(rsa.toPublicJWK())).toString());
        final BearerTokenVerifier verifier = new BearerTokenVerifier(new JwtSettings(ISSUER, Set.of("sextant"),
            Set.of("RS256"), null, file, "sub", "groups", Duration.ZERO));
        final HttpAuthenticator http = new HttpAuthenticator(new PasswordAuthenticator(new InMemoryUserDirectory(),
            new PasswordHasher(new PasswordHasher.Cost(1024, 1, 1)), new VerificationCache(),
            new LoginRateLimiter(2, Duration.ofMinutes(1), 100, System::nanoTime)), verifier);
        final UserPrincipal principal = assertInstanceOf(AuthResult.Authenticated.class, http.authenticate(
            "Bearer " + rs256(rsa, claims().claim("groups", "admin").build()), "127.0.0.1")).principal();
        assertEquals("f81d4fae", principal.name());
        assertEquals(Set.of("admin"), principal.externalGroups());
        // failed tokens count against the source like failed passwords
        final String forged = rs256(stranger, claims().build());
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(http.authenticate("Bearer " + forged, "10.1.1.1")));
        assertEquals(AuthResult.Reason.INVALID_TOKEN, refusal(http.authenticate("Bearer " + forged, "10.1.1.1")));
        assertEquals(AuthResult.Reason.RATE_LIMITED, refusal(http.authenticate("Bearer " + forged, "10.1.1.1")));
    }

    @Test
    void settingsWithoutKeysAudiencesOrWithAlgNoneAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new JwtSettings(ISSUER, Set.of("a"), Set.of("none"),
            null, Path.of("x"), "sub", "groups", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new JwtSettings(ISSUER, Set.of(), Set.of("RS256"),
            null, Path.of("x"), "sub", "groups", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new JwtSettings(ISSUER, Set.of("a"), Set.of("RS256"),
            null, null, "sub", "groups", Duration.ZERO));
    }
}
