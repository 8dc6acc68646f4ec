package io.sextant.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Clients that trust exactly one certificate: the one a controller under test generated into its
 * data directory ({@code <data-dir>/tls/restconf-cert.pem}), or any PEM given. Host names are
 * still verified, so the certificate must name the address the test connects to.
 */
public final class TrustedTls {
    /** Where the controller keeps the certificate it generated, relative to its data directory. */
    public static final String GENERATED_CERT = "tls/restconf-cert.pem";

    private TrustedTls() {
    }

    /** An SSL context that trusts the certificate(s) in {@code pem} and nothing else. */
    public static SSLContext trusting(final Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            final KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("trusted-" + i++, cert);
            }
            final TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            final SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the certificate " + pem, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot trust the certificate " + pem, e);
        }
    }

    /** An HTTP client that trusts the certificate in {@code pem}. */
    public static HttpClient httpClient(final Path pem) {
        return HttpClient.newBuilder().sslContext(trusting(pem)).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** An HTTP client that trusts the certificate the controller generated into {@code dataDir}. */
    public static HttpClient forDataDir(final Path dataDir) {
        return httpClient(dataDir.resolve(GENERATED_CERT));
    }
}
