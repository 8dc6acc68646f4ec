package io.sextant.security.tls;

import static java.util.Objects.requireNonNull;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * A server's certificate chain (leaf first) and private key.
 */
public record TlsMaterial(List<X509Certificate> chain, PrivateKey key) {
    public TlsMaterial {
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("A certificate chain needs at least the server's certificate");
        }
        requireNonNull(key);
    }

    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** SHA-256 of the certificate, as {@code openssl x509 -fingerprint -sha256} prints it (AB:CD:...). */
    public String fingerprint() {
        return fingerprint(certificate());
    }

    public static String fingerprint(final X509Certificate certificate) {
        try {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
            return HexFormat.ofDelimiter(":").formatHex(digest).toUpperCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("Cannot compute the fingerprint of " + certificate.getSubjectX500Principal(),
                e);
        }
    }

    @Override
    public String toString() {
        // never the key
        return "TlsMaterial[" + certificate().getSubjectX500Principal() + ", SHA-256 " + fingerprint() + "]";
    }
}
