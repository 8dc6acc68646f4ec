package io.sextant.security.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * Reads and writes PEM certificate chains and private keys (PKCS#8, or the traditional
 * OpenSSL EC and RSA forms), and checks that they fit together and are valid now.
 */
public final class PemFiles {
    private PemFiles() {
    }

    /**
     * Reads a certificate chain (leaf first) and its key.
     *
     * @throws TlsMaterialException naming the file and what is wrong with it
     */
    public static TlsMaterial read(final Path certFile, final Path keyFile, final Instant now)
            throws TlsMaterialException {
        final List<X509Certificate> chain = readCertificates(certFile);
        final PrivateKey key = readKey(keyFile);
        final X509Certificate leaf = chain.get(0);
        if (!belongTogether(key, leaf.getPublicKey())) {
            throw new TlsMaterialException("The private key in " + keyFile + " does not belong to the certificate in "
                + certFile + " (" + leaf.getSubjectX500Principal() + ")");
        }
        try {
            leaf.checkValidity(Date.from(now));
        } catch (CertificateExpiredException e) {
            throw new TlsMaterialException("The certificate in " + certFile + " (" + leaf.getSubjectX500Principal()
                + ") expired on " + leaf.getNotAfter().toInstant());
        } catch (CertificateNotYetValidException e) {
            throw new TlsMaterialException("The certificate in " + certFile + " (" + leaf.getSubjectX500Principal()
                + ") is not valid before " + leaf.getNotBefore().toInstant());
        }
        return new TlsMaterial(chain, key);
    }

    private static List<X509Certificate> readCertificates(final Path certFile) throws TlsMaterialException {
        final byte[] bytes = readFile(certFile, "certificate");
        final String text = new String(bytes, StandardCharsets.US_ASCII);
        if (!text.contains("-----BEGIN CERTIFICATE-----")) {
            throw new TlsMaterialException(certFile + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
                + (text.contains("PRIVATE KEY") ? "; it looks like a private key: are --tls-cert and --tls-key "
                    + "swapped?" : ""));
        }
        final List<X509Certificate> chain = new ArrayList<>();
        try (InputStream in = new ByteArrayInputStream(bytes)) {
            for (var cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                chain.add((X509Certificate) cert);
            }
        } catch (CertificateException | IOException e) {
            throw new TlsMaterialException(certFile + " holds a certificate that cannot be read: " + e.getMessage(), e);
        }
        if (chain.isEmpty()) {
            throw new TlsMaterialException(certFile + " holds no certificate");
        }
        return chain;
    }

    private static PrivateKey readKey(final Path keyFile) throws TlsMaterialException {
        final String text = new String(readFile(keyFile, "private key"), StandardCharsets.US_ASCII);
        final Object parsed;
        try (Reader reader = new StringReader(text); PEMParser parser = new PEMParser(reader)) {
            Object object = parser.readObject();
            // skip EC PARAMETERS blocks in front of an EC key
            while (object instanceof ASN1ObjectIdentifier) {
                object = parser.readObject();
            }
            parsed = object;
        } catch (IOException e) {
            throw new TlsMaterialException(keyFile + " is not a readable PEM private key: " + e.getMessage(), e);
        }
        final JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        try {
            if (parsed instanceof PrivateKeyInfo info) {
                return converter.getPrivateKey(info);
            } else if (parsed instanceof PEMKeyPair pair) {
                // traditional EC and RSA keys; the public half may be missing in an EC key
                return converter.getPrivateKey(pair.getPrivateKeyInfo());
            } else if (parsed instanceof PKCS8EncryptedPrivateKeyInfo || parsed instanceof PEMEncryptedKeyPair) {
                throw new TlsMaterialException(keyFile + " holds an encrypted private key; give the key without a "
                    + "passphrase (protect the file with mode 0600 instead)");
            }
        } catch (PEMException e) {
            throw new TlsMaterialException(keyFile + " holds a private key of an unsupported kind: " + e.getMessage(),
                e);
        }
        throw new TlsMaterialException(keyFile + " holds no PEM private key (-----BEGIN PRIVATE KEY-----)"
            + (text.contains("CERTIFICATE") ? "; it looks like a certificate: are --tls-cert and --tls-key "
                + "swapped?" : ""));
    }

    private static byte[] readFile(final Path file, final String what) throws TlsMaterialException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TlsMaterialException("The " + what + " file " + file + " does not exist");
        } catch (AccessDeniedException e) {
            throw new TlsMaterialException("The " + what + " file " + file + " cannot be read (permission denied)");
        } catch (IOException e) {
            throw new TlsMaterialException("The " + what + " file " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The key family, whatever the provider calls it: Bouncy Castle (registered by the SSH
     * libraries) names EC keys "ECDSA", the JDK "EC".
     */
    private static String family(final String algorithm) {
        if (algorithm.equals("ECDSA")) {
            return "EC";
        }
        return algorithm.startsWith("Ed") ? "EdDSA" : algorithm;
    }

    /** Whether the key signs what the public key verifies. */
    private static boolean belongTogether(final PrivateKey key, final PublicKey publicKey) {
        final String algorithm = switch (publicKey.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "RSA" -> "SHA256withRSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (algorithm == null || !family(publicKey.getAlgorithm()).equals(family(key.getAlgorithm()))) {
            return false;
        }
        try {
            final byte[] challenge = "sextant-key-check".getBytes(StandardCharsets.US_ASCII);
            final Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(challenge);
            final byte[] signature = signer.sign();
            final Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(challenge);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** Writes the chain and the key (mode 0600) as PEM, each replacing its file atomically. */
    public static void write(final TlsMaterial material, final Path certFile, final Path keyFile) throws IOException {
        final StringWriter certs = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(certs)) {
            for (X509Certificate cert : material.chain()) {
                writer.writeObject(cert);
            }
        }
        final StringWriter key = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(key)) {
            // PKCS#8 ("PRIVATE KEY"), which every tool reads
            writer.writeObject(new JcaPKCS8Generator(material.key(), null));
        }
        writeAtomically(keyFile, key.toString(), "rw-------");
        writeAtomically(certFile, certs.toString(), "rw-r--r--");
    }

    private static void writeAtomically(final Path file, final String text, final String mode) throws IOException {
        final Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        final Path temp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(temp, text, StandardCharsets.US_ASCII);
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString(mode));
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
