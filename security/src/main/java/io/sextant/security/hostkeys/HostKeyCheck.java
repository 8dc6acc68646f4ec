package io.sextant.security.hostkeys;

import java.security.PublicKey;

/**
 * The host-key check of one node's connection, as an SSH client adapter calls it: the verdict
 * on the key the device presented. A refused key must end the connection attempt.
 */
@FunctionalInterface
public interface HostKeyCheck {
    /** Accepts any key without a record (tools and tests that talk to their own devices). */
    HostKeyCheck ANY = key -> new HostKeyVerdict("", HostKeyVerdict.Outcome.UNCHECKED, "unchecked",
        "host key not checked");

    HostKeyVerdict check(PublicKey key);
}
