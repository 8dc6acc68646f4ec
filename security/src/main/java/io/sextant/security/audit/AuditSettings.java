package io.sextant.security.audit;

import java.time.Duration;

/**
 * How the audit log is kept beyond its file.
 *
 * @param retentionDays how long the database keeps a record ({@code sextant.audit.retention-days},
 *     default 90); the file is bounded by its rotation instead
 * @param refusalInterval over which the rate-limited logins of one source are counted into one
 *     record after the first ({@code sextant.audit.refusal-interval-seconds}, default 60)
 * @param queueCapacity records waiting for the file, and for the database, at most (default 10,000
 *     each); beyond it records are counted instead, and that copy gets a record of the gap
 * @param batchSize records written to the database in one transaction at most
 */
public record AuditSettings(int retentionDays, Duration refusalInterval, int queueCapacity, int batchSize) {
    public static final String RETENTION_DAYS_PROPERTY = "sextant.audit.retention-days";
    public static final String REFUSAL_INTERVAL_PROPERTY = "sextant.audit.refusal-interval-seconds";
    public static final int DEFAULT_RETENTION_DAYS = 90;
    public static final AuditSettings DEFAULTS = new AuditSettings(DEFAULT_RETENTION_DAYS, Duration.ofSeconds(60),
        10_000, 500);

    public AuditSettings {
        if (retentionDays < 1) {
            throw new IllegalArgumentException(RETENTION_DAYS_PROPERTY + " must be at least 1 day, not "
                + retentionDays);
        }
        if (refusalInterval.isNegative() || refusalInterval.isZero()) {
            throw new IllegalArgumentException(REFUSAL_INTERVAL_PROPERTY + " must be positive, not "
                + refusalInterval.toSeconds());
        }
        if (queueCapacity < 1 || batchSize < 1) {
            throw new IllegalArgumentException("The audit queue and batch need room for one record");
        }
    }

    /** From {@code sextant.audit.*} system properties, defaults for those not set. */
    public static AuditSettings fromSystemProperties() {
        return new AuditSettings(intProperty(RETENTION_DAYS_PROPERTY, DEFAULT_RETENTION_DAYS),
            Duration.ofSeconds(intProperty(REFUSAL_INTERVAL_PROPERTY, (int) DEFAULTS.refusalInterval().toSeconds())),
            DEFAULTS.queueCapacity(), DEFAULTS.batchSize());
    }

    public Duration retention() {
        return Duration.ofDays(retentionDays);
    }

    private static int intProperty(final String name, final int fallback) {
        final String value = System.getProperty(name, "").strip();
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'", e);
        }
    }
}
