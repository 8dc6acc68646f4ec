package io.sextant.testing;

import java.util.List;

/**
 * The one kind of host key a test SSH server holds and offers (OpenSSH's {@code HostKey} and
 * {@code HostKeyAlgorithms}, or Apache sshd's key pair and signature factories), so that a test
 * can prove a client copes with a server that offers nothing else.
 */
public enum SshHostKeyType {
    /** OpenSSH's default host key type since 6.5; Apache sshd 2.12 needs net.i2p.crypto:eddsa for it. */
    ED25519("ed25519", 256, "EdDSA", List.of("ssh-ed25519")),
    ECDSA("ecdsa", 256, "EC", List.of("ecdsa-sha2-nistp256")),
    /** RSA with SHA-2 signatures only (OpenSSH 8.8 and later refuse SHA-1 {@code ssh-rsa}). */
    RSA("rsa", 3072, "RSA", List.of("rsa-sha2-512", "rsa-sha2-256"));

    private final String keygenType;
    private final int bits;
    private final String javaAlgorithm;
    private final List<String> signatures;

    SshHostKeyType(final String keygenType, final int bits, final String javaAlgorithm,
            final List<String> signatures) {
        this.keygenType = keygenType;
        this.bits = bits;
        this.javaAlgorithm = javaAlgorithm;
        this.signatures = signatures;
    }

    /** {@code ssh-keygen -t} type, also the stem of OpenSSH's key file name. */
    public String keygenType() {
        return keygenType;
    }

    /** Key size in bits. */
    public int bits() {
        return bits;
    }

    /** Apache sshd's key pair algorithm name ({@code SimpleGeneratorHostKeyProvider.setAlgorithm}). */
    public String javaAlgorithm() {
        return javaAlgorithm;
    }

    /** The host key (signature) algorithms the server offers, in its order of preference. */
    public List<String> signatures() {
        return signatures;
    }
}
