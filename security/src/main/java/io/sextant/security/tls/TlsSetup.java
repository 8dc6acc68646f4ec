package io.sextant.security.tls;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Decides what RESTCONF listens with: the operator's certificate and key when given
 * ({@code --tls-cert FILE --tls-key FILE}), else the certificate generated into the data
 * directory on first start (its fingerprint announced), else, only when asked for and only on
 * a loopback address, plain HTTP.
 */
public final class TlsSetup {
    public static final String DIRECTORY = "tls";
    public static final String CERT_FILE = "restconf-cert.pem";
    public static final String KEY_FILE = "restconf-key.pem";

    private TlsSetup() {
    }

    /**
     * The material to listen with.
     *
     * @param dataDir where a generated certificate lives ({@code <data-dir>/tls/})
     * @param certFile the operator's certificate chain (PEM), or null
     * @param keyFile the operator's private key (PEM), or null
     * @param bindHost the listen address (named in the generated certificate when specific)
     * @param announce told once about a newly generated certificate and its fingerprint
     * @throws TlsMaterialException when given material cannot be used (never falls back)
     */
    public static TlsMaterial resolve(final Path dataDir, final @Nullable Path certFile, final @Nullable Path keyFile,
            final String bindHost, final Consumer<String> announce) throws TlsMaterialException {
        final Instant now = Instant.now();
        if (certFile != null || keyFile != null) {
            if (certFile == null || keyFile == null) {
                throw new TlsMaterialException("Give both --tls-cert and --tls-key (PEM), or neither to use the "
                    + "generated certificate");
            }
            return PemFiles.read(certFile, keyFile, now);
        }
        final Path dir = dataDir.resolve(DIRECTORY);
        final Path cert = dir.resolve(CERT_FILE);
        final Path key = dir.resolve(KEY_FILE);
        if (Files.exists(cert) || Files.exists(key)) {
            try {
                return PemFiles.read(cert, key, now);
            } catch (TlsMaterialException e) {
                final String message = e.getMessage();
                if (!Files.exists(cert) || !Files.exists(key) || message == null || !message.contains("expired")) {
                    throw new TlsMaterialException(e.getMessage() + " (the generated certificate in " + dir
                        + "; delete both files to generate new ones)", e);
                }
                // the generated certificate ran out: make a new one below
            }
        }
        final TlsMaterial generated = SelfSignedCertificate.generate(SelfSignedCertificate.localHostName(),
            List.of(bindHost), now);
        try {
            PemFiles.write(generated, cert, key);
        } catch (IOException e) {
            throw new TlsMaterialException("Cannot write the generated certificate into " + dir + ": "
                + e.getMessage(), e);
        }
        announce.accept("Generated a self-signed TLS certificate for RESTCONF in " + cert + " (key in " + key
            + ", mode 0600); SHA-256 fingerprint " + generated.fingerprint());
        return generated;
    }

    /**
     * Refuses plain HTTP on anything but a loopback address.
     *
     * @throws TlsMaterialException naming the address
     */
    public static void checkPlainHttp(final String bindHost) throws TlsMaterialException {
        final InetAddress address;
        try {
            address = InetAddress.getByName(bindHost);
        } catch (UnknownHostException e) {
            throw new TlsMaterialException("Cannot resolve the listen address " + bindHost);
        }
        if (!address.isLoopbackAddress()) {
            throw new TlsMaterialException("Plain HTTP (--insecure-http) is allowed on a loopback address only, not "
                + "on " + bindHost + "; remove --insecure-http to use HTTPS");
        }
    }
}
