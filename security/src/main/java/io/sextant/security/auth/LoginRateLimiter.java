package io.sextant.security.auth;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Limits failed logins per source address with a token bucket: each source may fail
 * {@code burst} times at once, then once per {@code refill} interval. While its bucket is empty
 * a source is refused before any password is checked (so guessing costs the attacker time, not
 * the controller CPU). Sources that stay quiet are forgotten; at most {@code maxSources} are
 * tracked (the least recently seen go first). Thread-safe.
 */
public final class LoginRateLimiter {
    private static final class Bucket {
        double tokens;
        long updatedAt;
    }

    private final int burst;
    private final long refillNanos;
    private final int maxSources;
    private final LongSupplier nanoClock;
    private final Map<String, Bucket> buckets = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * @param burst failures allowed at once
     * @param refill time to earn back one failure
     * @param maxSources sources tracked at most
     * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime})
     */
    public LoginRateLimiter(final int burst, final Duration refill, final int maxSources,
            final LongSupplier nanoClock) {
        if (burst < 1 || refill.isNegative() || refill.isZero() || maxSources < 1) {
            throw new IllegalArgumentException("Invalid rate limit: burst " + burst + ", refill " + refill
                + ", sources " + maxSources);
        }
        this.burst = burst;
        this.refillNanos = refill.toNanos();
        this.maxSources = maxSources;
        this.nanoClock = nanoClock;
    }

    /** 10 failures at once, then one every 6 seconds (10 a minute), 10,000 sources. */
    public LoginRateLimiter() {
        this(10, Duration.ofSeconds(6), 10_000, System::nanoTime);
    }

    /** How long the source must wait before its next attempt; empty when it may try now. */
    public Optional<Duration> blockedFor(final String source) {
        synchronized (buckets) {
            final Bucket bucket = buckets.get(source);
            if (bucket == null) {
                return Optional.empty();
            }
            refill(bucket);
            if (bucket.tokens >= 1) {
                return Optional.empty();
            }
            return Optional.of(Duration.ofNanos((long) Math.ceil((1 - bucket.tokens) * refillNanos)));
        }
    }

    /** Counts a failed login of the source. */
    public void recordFailure(final String source) {
        synchronized (buckets) {
            Bucket bucket = buckets.get(source);
            if (bucket == null) {
                bucket = new Bucket();
                bucket.tokens = burst;
                bucket.updatedAt = nanoClock.getAsLong();
                buckets.put(source, bucket);
                while (buckets.size() > maxSources) {
                    buckets.remove(buckets.keySet().iterator().next());
                }
            } else {
                refill(bucket);
            }
            bucket.tokens = Math.max(0, bucket.tokens - 1);
        }
    }

    /** Sources tracked now (bounded by {@code maxSources}). */
    public int trackedSources() {
        synchronized (buckets) {
            return buckets.size();
        }
    }

    private void refill(final Bucket bucket) {
        final long now = nanoClock.getAsLong();
        bucket.tokens = Math.min(burst, bucket.tokens + (double) (now - bucket.updatedAt) / refillNanos);
        bucket.updatedAt = now;
    }
}
