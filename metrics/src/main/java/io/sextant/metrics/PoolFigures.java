package io.sextant.metrics;

/** A connection pool, asked when the metrics are scraped. */
public interface PoolFigures {
    int active();

    int idle();

    /** Threads waiting for a connection. */
    int pending();

    int max();
}
