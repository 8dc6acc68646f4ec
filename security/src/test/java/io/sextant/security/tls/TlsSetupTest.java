package io.sextant.security.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.AlgorithmParameters;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TLS material in real handshakes on loopback: Netty server with Sextant's settings, JDK client. */
class TlsSetupTest {
    @Test
    void aGeneratedCertificateServesTls13AndIsKeptAcrossStarts(@TempDir final Path dataDir) throws Exception {
        final List<String> announced = new ArrayList<>();
        final TlsMaterial material = TlsSetup.resolve(dataDir, null, null, "127.0.0.1", announced::add);
        assertEquals(1, announced.size());
        assertTrue(announced.get(0).contains(material.fingerprint()), announced.get(0));
        assertTrue(material.fingerprint().matches("([0-9A-F]{2}:){31}[0-9A-F]{2}"), material.fingerprint());
        final Path key = dataDir.resolve("tls").resolve(TlsSetup.KEY_FILE);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)));
        assertEquals("EC", material.certificate().getPublicKey().getAlgorithm());
        assertEquals("SHA256withECDSA", material.certificate().getSigAlgName());
        final List<String> names = new ArrayList<>();
        material.certificate().getSubjectAlternativeNames().forEach(name -> names.add(String.valueOf(name.get(1))));
        assertTrue(names.contains("localhost") && names.contains("127.0.0.1")
            && names.stream().anyMatch(n -> n.startsWith("0:0:0:0:0:0:0:1")), names.toString());
        // the host's own name too, as its subject
        assertTrue(names.contains(SelfSignedCertificate.localHostName()), names.toString());
        assertTrue(material.certificate().getSubjectX500Principal().getName()
            .contains("CN=" + SelfSignedCertificate.localHostName()), material.certificate().getSubjectX500Principal()
            .getName());
        final AlgorithmParameters p256 = AlgorithmParameters.getInstance("EC");
        p256.init(new ECGenParameterSpec("secp256r1"));
        assertEquals(p256.getParameterSpec(ECParameterSpec.class).getOrder(),
            ((ECPublicKey) material.certificate().getPublicKey()).getParams().getOrder(), "a P-256 key");

        try (TlsServerFixture server = new TlsServerFixture(ServerTls.sslContext(material))) {
            assertEquals("TLSv1.3", server.exchange(material.certificate()));
            assertEquals("TLSv1.2", server.exchange(material.certificate(), "TLSv1.2"));
        }
        // the next start uses the same certificate and announces nothing
        final TlsMaterial again = TlsSetup.resolve(dataDir, null, null, "127.0.0.1", announced::add);
        assertEquals(material.fingerprint(), again.fingerprint());
        assertEquals(1, announced.size());
    }

    @Test
    void anOperatorsPemCertificateAndKeyFromOpensslAreUsed(@TempDir final Path dir) throws Exception {
        final Path cert = dir.resolve("cert.pem");
        final Path key = dir.resolve("key.pem");
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.toString(), "-out", cert.toString(),
            "-days", "30", "-subj", "/CN=sextant.example", "-addext", "subjectAltName=IP:127.0.0.1");
        final TlsMaterial material = TlsSetup.resolve(dir.resolve("data"), cert, key, "127.0.0.1",
            message -> { throw new AssertionError("nothing is generated: " + message); });
        assertEquals("RSA", material.key().getAlgorithm());
        try (TlsServerFixture server = new TlsServerFixture(ServerTls.sslContext(material))) {
            assertEquals("TLSv1.3", server.exchange(material.certificate()));
        }
        assertTrue(Files.notExists(dir.resolve("data").resolve("tls")));
    }

    @Test
    void tls11IsRefusedWhileTheSameClientGetsThroughToAServerThatAllowsIt(@TempDir final Path dataDir)
            throws Exception {
        final TlsMaterial material = TlsSetup.resolve(dataDir, null, null, "127.0.0.1", message -> { });
        try (TlsServerFixture server = new TlsServerFixture(ServerTls.sslContext(material))) {
            assertThrows(SSLException.class, () -> server.exchange(material.certificate(), "TLSv1.1"));
            assertThrows(SSLException.class, () -> server.exchange(material.certificate(), "TLSv1"));
        }
        // control: TLS 1.1 works in this JVM when a server offers it, so the refusal above is ours
        final var legacy = SslContextBuilder.forServer(material.key(), material.certificate())
            .sslProvider(SslProvider.JDK).protocols("TLSv1.1", "TLSv1.2")
            .ciphers(List.of("TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256")).build();
        try (TlsServerFixture server = new TlsServerFixture(legacy)) {
            assertEquals("TLSv1.1", server.exchange(material.certificate(), "TLSv1.1"));
        }
    }

    @Test
    void badMaterialIsRefusedWithAMessageNamingTheFile(@TempDir final Path dir) throws Exception {
        final Instant now = Instant.now();
        final TlsMaterial one = SelfSignedCertificate.generate("a", List.of(), now);
        final TlsMaterial other = SelfSignedCertificate.generate("b", List.of(), now);
        final Path cert = dir.resolve("cert.pem");
        final Path key = dir.resolve("key.pem");
        PemFiles.write(one, cert, key);
        final Path otherCert = dir.resolve("other-cert.pem");
        final Path otherKey = dir.resolve("other-key.pem");
        PemFiles.write(other, otherCert, otherKey);

        assertMessage("does not exist", () -> PemFiles.read(dir.resolve("missing.pem"), key, now));
        assertMessage("does not belong to the certificate", () -> PemFiles.read(cert, otherKey, now));
        assertMessage("swapped", () -> PemFiles.read(key, cert, now));
        final Path garbage = Files.writeString(dir.resolve("garbage.pem"), "not pem at all\n");
        assertMessage("holds no PEM certificate", () -> PemFiles.read(garbage, key, now));
        assertMessage("holds no PEM private key", () -> PemFiles.read(cert, garbage, now));
        assertMessage("expired on", () -> PemFiles.read(cert, key, now.plus(Duration.ofDays(3000))));
        assertMessage("not valid before", () -> PemFiles.read(cert, key, now.minus(Duration.ofDays(2))));
        assertMessage("Give both --tls-cert and --tls-key",
            () -> TlsSetup.resolve(dir, cert, null, "127.0.0.1", message -> { }));

        final Path encrypted = dir.resolve("encrypted-key.pem");
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass",
            "pass:secret", "-out", encrypted.toString());
        assertMessage("encrypted private key", () -> PemFiles.read(cert, encrypted, now));
    }

    @Test
    void aGeneratedCertificateThatExpiredIsReplacedButABrokenOneStopsTheStart(@TempDir final Path dataDir)
            throws Exception {
        final Path tls = dataDir.resolve("tls");
        final TlsMaterial old = SelfSignedCertificate.generate("old", List.of(),
            Instant.now().minus(SelfSignedCertificate.VALIDITY).minus(Duration.ofDays(1)));
        PemFiles.write(old, tls.resolve(TlsSetup.CERT_FILE), tls.resolve(TlsSetup.KEY_FILE));
        final TlsMaterial renewed = TlsSetup.resolve(dataDir, null, null, "127.0.0.1", message -> { });
        assertNotEquals(old.fingerprint(), renewed.fingerprint());

        Files.writeString(tls.resolve(TlsSetup.KEY_FILE), "broken\n");
        assertMessage("delete both files", () -> TlsSetup.resolve(dataDir, null, null, "127.0.0.1", m -> { }));
    }

    @Test
    void plainHttpIsAllowedOnLoopbackOnly() throws Exception {
        TlsSetup.checkPlainHttp("127.0.0.1");
        TlsSetup.checkPlainHttp("::1");
        assertMessage("loopback address only", () -> TlsSetup.checkPlainHttp("0.0.0.0"));
        assertMessage("loopback address only", () -> TlsSetup.checkPlainHttp("192.0.2.10"));
    }

    private interface Action {
        void run() throws Exception;
    }

    private static void assertMessage(final String expected, final Action action) {
        final TlsMaterialException error = assertThrows(TlsMaterialException.class, action::run);
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }

    private static void openssl(final String... args) throws Exception {
        final List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(args));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes());
        assertEquals(0, process.waitFor(), output);
    }
}
