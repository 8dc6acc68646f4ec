package io.sextant.simulator;

import java.time.Duration;
import java.util.Optional;

/**
 * The parameters of {@code <commit>} (RFC 6241 section 8.4): a confirmed commit with its timeout and
 * persist token, or a confirming commit with the persist-id of the one it confirms.
 */
record CommitOptions(boolean confirmed, Duration timeout, Optional<String> persist, Optional<String> persistId) {
    /** RFC 6241's default confirm-timeout. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(600);

    static CommitOptions plain() {
        return new CommitOptions(false, DEFAULT_TIMEOUT, Optional.empty(), Optional.empty());
    }
}
