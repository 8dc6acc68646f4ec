package io.sextant.persistence;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import io.sextant.metrics.PoolFigures;
import io.sextant.metrics.SextantMetrics;

/**
 * HikariCP's metrics hooks, recorded in {@link SextantMetrics}: the wait for each connection,
 * waits that gave up, and the pool's figures (asked at each scrape, until the pool closes).
 */
final class PoolTracking implements MetricsTrackerFactory {
    private final SextantMetrics metrics;

    PoolTracking(final SextantMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public IMetricsTracker create(final String poolName, final PoolStats stats) {
        final SextantMetrics.Registration pool = metrics.databasePool(new PoolFigures() {
            @Override
            public int active() {
                return stats.getActiveConnections();
            }

            @Override
            public int idle() {
                return stats.getIdleConnections();
            }

            @Override
            public int pending() {
                return stats.getPendingThreads();
            }

            @Override
            public int max() {
                return stats.getMaxConnections();
            }
        });
        return new IMetricsTracker() {
            @Override
            public void recordConnectionAcquiredNanos(final long elapsedAcquiredNanos) {
                metrics.databaseConnectionWait(elapsedAcquiredNanos);
            }

            @Override
            public void recordConnectionTimeout() {
                metrics.databaseConnectionTimeout();
            }

            @Override
            public void close() {
                pool.close();
            }
        };
    }
}
