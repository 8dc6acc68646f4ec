package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.SecuritySettings;
import io.sextant.security.tls.PemFiles;
import io.sextant.security.tls.SelfSignedCertificate;
import io.sextant.security.tls.TlsMaterial;
import io.sextant.testing.TrustedTls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RESTCONF is HTTPS by default, with a certificate generated into the data directory (key mode
 * 0600, fingerprint printed) or the operator's own; bad material stops the start, and plain
 * HTTP is served only when asked for, on loopback.
 */
class RestconfTlsTest {
    private static final String PASSWORD = "tls-admin-secret";

    @TempDir
    Path dataDir;

    private static HttpResponse<String> get(final HttpClient client, final URI base) throws Exception {
        return client.send(HttpRequest.newBuilder(base.resolve("/rests/data/sextant:status?content=nonconfig"))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String fingerprintOf(final Path pem) throws Exception {
        try (var in = Files.newInputStream(pem)) {
            return TlsMaterial.fingerprint((X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(in));
        }
    }

    /** What {@code openssl} printed, its input closed at once. */
    private static String openssl(final String... args) throws Exception {
        final List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(args));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return output;
    }

    @Test
    void aGeneratedCertificateIsServedKeptPrivateAndAnnounced() throws Exception {
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        final PrintStream stdout = System.out;
        final Sextant sextant;
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        } finally {
            System.setOut(stdout);
        }
        final Path cert = dataDir.resolve(TrustedTls.GENERATED_CERT);
        final String fingerprint = fingerprintOf(cert);
        try (sextant) {
            assertEquals("https", sextant.restconfUri().getScheme());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
                dataDir.resolve("tls/restconf-key.pem"))));
            assertTrue(printed.toString(StandardCharsets.UTF_8).contains(fingerprint), printed.toString());
            final HttpResponse<String> ok = get(TrustedTls.httpClient(cert), sextant.restconfUri());
            assertEquals(200, ok.statusCode(), ok.body());
            // TLS 1.2 is accepted too
            final SSLParameters tls12 = new SSLParameters();
            tls12.setProtocols(new String[] {"TLSv1.2"});
            final HttpClient old = HttpClient.newBuilder().sslContext(TrustedTls.trusting(cert))
                .sslParameters(tls12).build();
            assertEquals(200, get(old, sextant.restconfUri()).statusCode());
            // TLS 1.1 and 1.0 get the running server's protocol-version alert (openssl's client offers them, the
            // JDK's does not); that the refusal is Sextant's own, whatever the JDK allows, is TlsSetupTest's
            for (String legacy : List.of("-tls1_1", "-tls1")) {
                final String handshake = openssl("s_client", "-connect", "127.0.0.1:" + sextant.restconfPort(),
                    legacy, "-cipher", "DEFAULT:@SECLEVEL=0");
                assertTrue(handshake.contains("alert protocol version") && handshake.contains("Cipher is (NONE)"),
                    handshake);
            }
            // a client that does not trust it gets no answer, and plain HTTP gets none either
            assertThrows(SSLHandshakeException.class, () -> get(HttpClient.newHttpClient(), sextant.restconfUri()));
            final URI plain = URI.create("http://127.0.0.1:" + sextant.restconfPort());
            assertThrows(IOException.class, () -> get(HttpClient.newHttpClient(), plain));
        }
        try (Sextant again = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            assertEquals(fingerprint, fingerprintOf(cert), "the generated certificate is kept across starts");
            assertEquals(200, get(TrustedTls.httpClient(cert), again.restconfUri()).statusCode());
        }
    }

    @Test
    void theOperatorsCertificateIsServedAndBadMaterialStopsTheStart() throws Exception {
        final Path cert = dataDir.resolve("operator-cert.pem");
        final Path key = dataDir.resolve("operator-key.pem");
        PemFiles.write(SelfSignedCertificate.generate("localhost", List.of("127.0.0.1"), Instant.now()), cert, key);
        final SecuritySettings given = SecuritySettings.DEFAULTS.withTls(cert, key);
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD), given,
                StateBackend.inMemory())) {
            assertEquals(200, get(TrustedTls.httpClient(cert), sextant.restconfUri()).statusCode());
            assertTrue(Files.notExists(dataDir.resolve(TrustedTls.GENERATED_CERT)), "nothing generated");
        }
        // a key that is not the certificate's
        final Path otherKey = dataDir.resolve("other-key.pem");
        PemFiles.write(SelfSignedCertificate.generate("localhost", List.of(), Instant.now()),
            dataDir.resolve("other-cert.pem"), otherKey);
        final IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class, () -> Sextant.start(
            ControllerSettings.forTests(dataDir, PASSWORD), SecuritySettings.DEFAULTS.withTls(cert, otherKey),
            StateBackend.inMemory()));
        assertTrue(mismatch.getMessage().contains("key"), mismatch.getMessage());
        // not PEM at all
        final Path garbage = dataDir.resolve("garbage.pem");
        Files.writeString(garbage, "not a certificate");
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Sextant.start(
            ControllerSettings.forTests(dataDir, PASSWORD), SecuritySettings.DEFAULTS.withTls(garbage, key),
            StateBackend.inMemory()));
        assertTrue(bad.getMessage().contains(garbage.toString()), bad.getMessage());
        // only one of the two
        assertThrows(IllegalArgumentException.class, () -> Sextant.start(ControllerSettings.forTests(dataDir,
            PASSWORD), SecuritySettings.DEFAULTS.withTls(cert, null), StateBackend.inMemory()));
    }

    @Test
    void plainHttpOnlyWhenAskedForAndOnlyOnLoopback() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD),
                SecuritySettings.DEFAULTS.withInsecureHttp(), StateBackend.inMemory())) {
            assertEquals("http", sextant.restconfUri().getScheme());
            assertEquals(200, get(HttpClient.newHttpClient(), sextant.restconfUri()).statusCode());
        }
        final ControllerSettings everywhere = new ControllerSettings("0.0.0.0", 0, dataDir, PASSWORD,
            Duration.ofMinutes(1));
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Sextant.start(
            everywhere, SecuritySettings.DEFAULTS.withInsecureHttp(), StateBackend.inMemory()));
        assertTrue(refused.getMessage().contains("loopback"), refused.getMessage());
    }
}
