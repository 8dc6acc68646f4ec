package io.sextant.uniconfig;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Properties;

/**
 * How much of the nodes' history is kept, and how often a full copy of a node's configuration is
 * kept with it (reading a point replays at most {@code fullCopyEvery - 1} diffs).
 *
 * @param retention points committed longer ago than this are forgotten (the newest full copy
 *     older than that stays while later points need it)
 * @param fullCopyEvery every how many points of a node a full copy of its configuration is kept
 */
public record HistorySettings(Duration retention, int fullCopyEvery) {
    /** 30 days, a full copy every 100 points. */
    public static final HistorySettings DEFAULT = new HistorySettings(Duration.ofDays(30), 100);
    /** System property of {@link #retention()}: an ISO-8601 duration such as {@code P30D} or {@code PT12H}. */
    public static final String RETENTION = "sextant.history.retention";
    /** System property of {@link #fullCopyEvery()}. */
    public static final String FULL_COPY_EVERY = "sextant.history.full-copy-every";

    public HistorySettings {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException(RETENTION + " must be positive, not " + retention);
        }
        if (fullCopyEvery < 1) {
            throw new IllegalArgumentException(FULL_COPY_EVERY + " must be at least 1, not " + fullCopyEvery);
        }
    }

    /** From {@link #RETENTION} and {@link #FULL_COPY_EVERY}, each defaulting to {@link #DEFAULT}'s. */
    public static HistorySettings from(final Properties properties) {
        final String retention = properties.getProperty(RETENTION);
        final String every = properties.getProperty(FULL_COPY_EVERY);
        try {
            return new HistorySettings(retention == null ? DEFAULT.retention() : Duration.parse(retention.trim()),
                every == null ? DEFAULT.fullCopyEvery() : Integer.parseInt(every.trim()));
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new IllegalArgumentException("Bad history setting (" + RETENTION + "=" + retention + ", "
                + FULL_COPY_EVERY + "=" + every + "): " + e.getMessage(), e);
        }
    }
}
