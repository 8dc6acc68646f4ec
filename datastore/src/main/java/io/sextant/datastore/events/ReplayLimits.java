package io.sextant.datastore.events;

import java.time.Duration;

/**
 * How much of each stream is kept for replay (RFC 8040 {@code start-time}): at most {@code maxEvents} events, none
 * older than {@code maxAge}, and at most {@code maxBytes} of their estimated size ({@link EventSize}); the oldest
 * go first when any limit is passed. {@code maxEvents} 0 keeps nothing: the streams have no replay.
 *
 * @param maxEvents events kept per stream
 * @param maxAge how long an event is kept
 * @param maxBytes the estimated heap size of the events kept per stream
 */
public record ReplayLimits(int maxEvents, Duration maxAge, long maxBytes) {
    /** The system property that sets {@link #maxEvents}. */
    public static final String MAX_EVENTS_PROPERTY = "sextant.events.replay-max-events";
    /** The system property that sets {@link #maxAge}, in seconds. */
    public static final String MAX_AGE_PROPERTY = "sextant.events.replay-max-age-seconds";
    /** The system property that sets {@link #maxBytes}, in MiB. */
    public static final String MAX_MIB_PROPERTY = "sextant.events.replay-max-mib";
    /** 1,000 events, one hour, 16 MiB per stream. */
    public static final ReplayLimits DEFAULTS = new ReplayLimits(1000, Duration.ofHours(1), 16L << 20);
    /** No replay. */
    public static final ReplayLimits NONE = new ReplayLimits(0, Duration.ZERO, 0);

    public ReplayLimits {
        if (maxEvents < 0 || maxAge.isNegative() || maxBytes < 0) {
            throw new IllegalArgumentException("Replay limits cannot be negative: " + maxEvents + " events, "
                + maxAge + ", " + maxBytes + " bytes");
        }
    }

    /** The limits the system properties set, each else its default. */
    public static ReplayLimits fromSystemProperties() {
        return new ReplayLimits(Integer.getInteger(MAX_EVENTS_PROPERTY, DEFAULTS.maxEvents),
            Duration.ofSeconds(Long.getLong(MAX_AGE_PROPERTY, DEFAULTS.maxAge.toSeconds())),
            Long.getLong(MAX_MIB_PROPERTY, DEFAULTS.maxBytes >> 20) << 20);
    }

    /** Whether anything is kept. */
    public boolean enabled() {
        return maxEvents > 0 && maxBytes > 0 && !maxAge.isZero() && !maxAge.isNegative();
    }
}
