package io.sextant.metrics;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where the controller's modules record what they count and time. Durations are in nanoseconds
 * (as {@link System#nanoTime()} differences); the metrics are exposed in seconds. Every method is
 * cheap and never throws. {@link #NONE} records nothing (tests, {@code -Dsextant.metrics=off}).
 */
public interface SextantMetrics {
    /** The system property that turns metrics off ({@code off}); on by default. */
    String PROPERTY = "sextant.metrics";

    /** Records nothing; {@link #scrape} is empty. */
    SextantMetrics NONE = new SextantMetrics() {
        @Override
        public boolean enabled() {
            return false;
        }

        @Override
        public void request(final String method, final String resource, final int status, final long nanos) {
            // off
        }

        @Override
        public void commitPhase(final CommitPhase phase, final long nanos) {
            // off
        }

        @Override
        public void commitFinished(final String operation, final String outcome, final long nanos) {
            // off
        }

        @Override
        public void deviceReconnect(final String protocol) {
            // off
        }

        @Override
        public Registration devices(final Supplier<List<DeviceFigures>> figures) {
            return () -> { };
        }

        @Override
        public void databaseWork(final String kind, final boolean ok, final long nanos) {
            // off
        }

        @Override
        public void databaseConnectionWait(final long nanos) {
            // off
        }

        @Override
        public void databaseConnectionTimeout() {
            // off
        }

        @Override
        public Registration databasePool(final PoolFigures pool) {
            return () -> { };
        }

        @Override
        public Optional<Scrape> scrape(final String accept) {
            return Optional.empty();
        }
    };

    /** Ends what a {@code devices} or {@code databasePool} call registered. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** True unless metrics are off. */
    boolean enabled();

    /**
     * One RESTCONF request answered.
     *
     * @param resource the kind of resource: {@code data}, {@code operations}, {@code openapi}, ...
     */
    void request(String method, String resource, int status, long nanos);

    /** One phase of a commit ended. */
    void commitPhase(CommitPhase phase, long nanos);

    /**
     * A commit ended.
     *
     * @param operation {@code commit} or {@code checked-commit}
     * @param outcome {@code ok}, {@code failed} (the devices refused, or a node) or {@code error}
     */
    void commitFinished(String operation, String outcome, long nanos);

    /** A device's connection was lost and is being set up again. */
    void deviceReconnect(String protocol);

    /** The devices per protocol, asked at each scrape until the registration is closed. */
    Registration devices(Supplier<List<DeviceFigures>> figures);

    /**
     * One piece of database work ended.
     *
     * @param kind {@code transaction} or {@code statement} (autocommit)
     */
    void databaseWork(String kind, boolean ok, long nanos);

    /** A thread got a pooled database connection after waiting this long. */
    void databaseConnectionWait(long nanos);

    /** A thread gave up waiting for a pooled database connection. */
    void databaseConnectionTimeout();

    /** The database connection pool, asked at each scrape until the registration is closed. */
    Registration databasePool(PoolFigures pool);

    /**
     * Everything recorded, in the format {@code accept} asks for (OpenMetrics when it names
     * {@code application/openmetrics-text}, the Prometheus text format otherwise); empty when metrics are off.
     */
    Optional<Scrape> scrape(String accept);
}
