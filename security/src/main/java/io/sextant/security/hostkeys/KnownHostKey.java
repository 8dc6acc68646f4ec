package io.sextant.security.hostkeys;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * The host key stored for a node (trust on first use, or accepted by an operator).
 *
 * @param nodeId the node
 * @param publicKey the key as an OpenSSH public key line ({@code ssh-ed25519 AAAA...})
 * @param fingerprint its {@code SHA256:} fingerprint
 * @param since when it was stored
 */
public record KnownHostKey(String nodeId, String publicKey, String fingerprint, Instant since) {
    public KnownHostKey {
        requireNonNull(nodeId);
        requireNonNull(publicKey);
        requireNonNull(fingerprint);
        requireNonNull(since);
    }
}
