package io.sextant.security.hostkeys;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;

/**
 * SSH public keys in OpenSSH's terms, without any SSH library: the wire encoding (RFC 4253,
 * 5656, 8709), the {@code authorized_keys}/{@code known_hosts} line, and the fingerprint
 * {@code ssh-keygen -l} prints ({@code SHA256:<base64>}).
 */
public final class OpenSshKeys {
    private OpenSshKeys() {
    }

    /** {@code SHA256:...} of a key, as {@code ssh-keygen -lf} prints it. */
    public static String fingerprint(final PublicKey key) {
        return fingerprintOfBlob(encode(key));
    }

    /**
     * The fingerprint a mount request gives for a key: a {@code SHA256:...} fingerprint stays
     * as it is; an OpenSSH public key line ({@code ssh-ed25519 AAAA... comment}) is hashed.
     *
     * @throws IllegalArgumentException when it is neither
     */
    public static String fingerprintOf(final String keyOrFingerprint) {
        final String text = keyOrFingerprint.strip();
        if (text.startsWith("SHA256:")) {
            if (!text.substring(7).matches("[A-Za-z0-9+/]{43}")) {
                throw new IllegalArgumentException("\"" + text + "\" is not a SHA256 fingerprint (SHA256: and 43 "
                    + "base64 characters, as ssh-keygen -l prints it)");
            }
            return text;
        }
        final String[] fields = text.split("\\s+");
        if (fields.length < 2 || !fields[0].matches("(ssh|ecdsa|sk)-[A-Za-z0-9@.-]+")) {
            throw new IllegalArgumentException("Expected an SSH public key (\"ssh-ed25519 AAAA...\") or a fingerprint "
                + "(\"SHA256:...\")");
        }
        final byte[] blob;
        try {
            blob = Base64.getDecoder().decode(fields[1]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The SSH public key \"" + fields[0] + " ...\" is not valid base64", e);
        }
        if (!fields[0].equals(blobType(blob))) {
            throw new IllegalArgumentException("The SSH public key says " + fields[0] + " but holds " + blobType(blob));
        }
        return fingerprintOfBlob(blob);
    }

    /** The key as one {@code authorized_keys} line, without comment. */
    public static String publicKeyLine(final PublicKey key) {
        final byte[] blob = encode(key);
        return blobType(blob) + " " + Base64.getEncoder().encodeToString(blob);
    }

    /** The SSH key type, such as {@code ssh-ed25519} or {@code ecdsa-sha2-nistp256}. */
    public static String keyType(final PublicKey key) {
        return blobType(encode(key));
    }

    /** The SSH wire encoding of a public key. */
    public static byte[] encode(final PublicKey key) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (key instanceof RSAPublicKey rsa) {
            string(out, "ssh-rsa".getBytes(StandardCharsets.US_ASCII));
            mpint(out, rsa.getPublicExponent());
            mpint(out, rsa.getModulus());
        } else if (key instanceof ECPublicKey ec) {
            final int bits = ec.getParams().getCurve().getField().getFieldSize();
            final String curve = switch (bits) {
                case 256 -> "nistp256";
                case 384 -> "nistp384";
                case 521 -> "nistp521";
                default -> throw new IllegalArgumentException("SSH has no EC curve of " + bits + " bits");
            };
            final int size = (bits + 7) / 8;
            final byte[] point = new byte[1 + 2 * size];
            point[0] = 4;
            copy(ec.getW().getAffineX(), point, 1, size);
            copy(ec.getW().getAffineY(), point, 1 + size, size);
            string(out, ("ecdsa-sha2-" + curve).getBytes(StandardCharsets.US_ASCII));
            string(out, curve.getBytes(StandardCharsets.US_ASCII));
            string(out, point);
        } else if ("Ed25519".equals(key.getAlgorithm()) || "EdDSA".equals(key.getAlgorithm())) {
            // X.509 SubjectPublicKeyInfo of Ed25519: a fixed prefix and the 32 key bytes
            final byte[] spki = key.getEncoded();
            string(out, "ssh-ed25519".getBytes(StandardCharsets.US_ASCII));
            string(out, Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        } else {
            throw new IllegalArgumentException("Unsupported SSH host key algorithm " + key.getAlgorithm());
        }
        return out.toByteArray();
    }

    private static String fingerprintOfBlob(final byte[] blob) {
        try {
            return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(blob));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String blobType(final byte[] blob) {
        if (blob.length < 4) {
            return "";
        }
        final int length = (blob[0] & 0xff) << 24 | (blob[1] & 0xff) << 16 | (blob[2] & 0xff) << 8 | blob[3] & 0xff;
        if (length < 0 || length > blob.length - 4) {
            return "";
        }
        return new String(blob, 4, length, StandardCharsets.US_ASCII);
    }

    private static void copy(final BigInteger value, final byte[] target, final int offset, final int size) {
        final byte[] bytes = value.toByteArray();
        final int start = Math.max(0, bytes.length - size);
        final int length = bytes.length - start;
        System.arraycopy(bytes, start, target, offset + size - length, length);
    }

    private static void mpint(final ByteArrayOutputStream out, final BigInteger value) {
        string(out, value.toByteArray());
    }

    private static void string(final ByteArrayOutputStream out, final byte[] bytes) {
        out.write(bytes.length >>> 24);
        out.write(bytes.length >>> 16);
        out.write(bytes.length >>> 8);
        out.write(bytes.length);
        out.writeBytes(bytes);
    }
}
