package io.sextant.uniconfig;

import java.time.Duration;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * How a commit is gated (module sextant-gate).
 *
 * @param confirmTimeout how long the commit waits for confirm-commit once every check held;
 *     null: it is kept as soon as every check held
 * @param checkTimeout how long each check is retried before it fails the commit
 * @param checks the conditions on device state
 */
public record GateOptions(@Nullable Duration confirmTimeout, Duration checkTimeout, List<GateCheck> checks) {
    public static final Duration DEFAULT_CHECK_TIMEOUT = Duration.ofSeconds(60);

    public GateOptions {
        checks = List.copyOf(checks);
    }

    /** Whether the commit is gated at all (a plain commit is not). */
    public boolean gated() {
        return confirmTimeout != null || !checks.isEmpty();
    }

    /**
     * How long a device must be able to take its change back by itself: the longest the gate
     * can wait, with a minute to spare for putting every device back.
     */
    public Duration hold() {
        final Duration confirm = confirmTimeout != null ? confirmTimeout : Duration.ZERO;
        return checkTimeout.plus(confirm).plusMinutes(1);
    }
}
