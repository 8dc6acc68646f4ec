package io.sextant.security.hostkeys;

import static java.util.Objects.requireNonNull;

/**
 * The outcome of checking one host key, with a message in the operator's terms (for the
 * node's connection status and the audit log).
 *
 * @param nodeId the node
 * @param outcome what happened
 * @param presented the fingerprint of the key the device presented
 * @param message what to tell the operator
 */
public record HostKeyVerdict(String nodeId, Outcome outcome, String presented, String message) {
    public enum Outcome {
        /** The key is the one stored for the node. */
        MATCHED_KNOWN(true),
        /** The key is one the mount request gives (strict). */
        MATCHED_EXPECTED(true),
        /** Trust on first use: no key was known, this one is stored now. */
        LEARNED(true),
        /** An operator accepted the key the device presents now (accept-host-key); it is stored. */
        ACCEPTED(true),
        /** Verification is off for the node. */
        UNCHECKED(true),
        /** Trust on first use: the device presented a different key from the stored one. */
        CHANGED(false),
        /** Strict: the key is not one the mount request gives. */
        UNEXPECTED(false),
        /** The key could not be read (an algorithm SSH fingerprints do not cover). */
        UNREADABLE(false),
        /** The known keys could not be read or written (the database is down): refused, never trusted blindly. */
        STORE_UNAVAILABLE(false);

        private final boolean accepted;

        Outcome(final boolean accepted) {
            this.accepted = accepted;
        }
    }

    public HostKeyVerdict {
        requireNonNull(nodeId);
        requireNonNull(outcome);
        requireNonNull(presented);
        requireNonNull(message);
    }

    public boolean accepted() {
        return outcome.accepted;
    }
}
