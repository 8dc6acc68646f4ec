package io.sextant.southbound.netconf;

import io.sextant.spi.ControllerSettings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of the NETCONF southbound as a whole (per-node settings live in the node's config).
 * Under Karaf they come from system properties.
 *
 * @param schemaCacheDirectory where YANG sources fetched from devices are kept
 * @param eventLoopThreads Netty I/O threads for all sessions; 0 lets Netty choose (twice the cores)
 * @param workerThreads threads parsing replies and resolving schemas
 * @param schemaFetchTimeout time allowed for each {@code <get-schema>}
 * @param maxConcurrentSetups device session set-ups (connect, hello, schema) run at once; the
 *     others wait their turn; 0 means no limit
 * @param maxReplyBytes the largest message a device may send (a reply, or its hello); a device
 *     that sends more loses its session, so that an endless or huge reply cannot exhaust the heap
 */
public record NetconfSettings(Path schemaCacheDirectory, int eventLoopThreads, int workerThreads,
        Duration schemaFetchTimeout, int maxConcurrentSetups, long maxReplyBytes) {
    public static final String SCHEMA_CACHE_PROPERTY = "sextant.netconf.schema-cache";
    public static final String EVENT_LOOP_PROPERTY = "sextant.netconf.event-loop-threads";
    public static final String WORKERS_PROPERTY = "sextant.netconf.worker-threads";
    public static final String SETUPS_PROPERTY = "sextant.netconf.max-concurrent-setups";
    public static final String MAX_REPLY_PROPERTY = "sextant.netconf.max-reply-bytes";
    /**
     * Measured on 2 cores against one simulator process: 10,000 devices mounted in one request all
     * connect with this limit, and without one the simulator misses hellos and retries pile up.
     * With 200, 1,000 devices connected as fast, but in half the runs one or two missed their first
     * hello (see perf-tests/RESULTS.md).
     */
    public static final int DEFAULT_MAX_CONCURRENT_SETUPS = 1_000;
    /**
     * 64 MiB: four times OpenDaylight's largest chunk (16 MiB), room for the full configuration of
     * a large router as XML. A reply is parsed into a DOM of several times its size, so devices
     * with small configurations and a small heap may want less.
     */
    public static final long DEFAULT_MAX_REPLY_BYTES = 64L << 20;

    public NetconfSettings {
        if (maxReplyBytes <= 0) {
            throw new IllegalArgumentException(MAX_REPLY_PROPERTY + " must be positive, not " + maxReplyBytes);
        }
    }

    /** With the default limit on concurrent set-ups and reply size. */
    public NetconfSettings(final Path schemaCacheDirectory, final int eventLoopThreads, final int workerThreads,
            final Duration schemaFetchTimeout) {
        this(schemaCacheDirectory, eventLoopThreads, workerThreads, schemaFetchTimeout,
            DEFAULT_MAX_CONCURRENT_SETUPS);
    }

    /** With the default limit on reply size. */
    public NetconfSettings(final Path schemaCacheDirectory, final int eventLoopThreads, final int workerThreads,
            final Duration schemaFetchTimeout, final int maxConcurrentSetups) {
        this(schemaCacheDirectory, eventLoopThreads, workerThreads, schemaFetchTimeout, maxConcurrentSetups,
            DEFAULT_MAX_REPLY_BYTES);
    }

    /** These settings with another limit on the size of a device's message. */
    public NetconfSettings withMaxReplyBytes(final long bytes) {
        return new NetconfSettings(schemaCacheDirectory, eventLoopThreads, workerThreads, schemaFetchTimeout,
            maxConcurrentSetups, bytes);
    }

    /** Defaults: {@code <data-dir>/schema-cache}, Netty's thread count, one worker per core (at least 2). */
    public static NetconfSettings of(final Path dataDir) {
        return new NetconfSettings(dataDir.resolve("schema-cache"), 0,
            Math.max(2, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(60));
    }

    /** Defaults for the data directory named by the system properties, each overridden by its own property. */
    public static NetconfSettings fromSystemProperties() {
        return fromSystemProperties(ControllerSettings.fromSystemProperties().dataDir());
    }

    /** Defaults for {@code dataDir} ({@link #of(Path)}), each overridden by its system property if set. */
    public static NetconfSettings fromSystemProperties(final Path dataDir) {
        final NetconfSettings defaults = of(dataDir);
        final String cache = System.getProperty(SCHEMA_CACHE_PROPERTY);
        return new NetconfSettings(cache != null ? Path.of(cache) : defaults.schemaCacheDirectory(),
            Integer.getInteger(EVENT_LOOP_PROPERTY, defaults.eventLoopThreads()),
            Integer.getInteger(WORKERS_PROPERTY, defaults.workerThreads()), defaults.schemaFetchTimeout(),
            Integer.getInteger(SETUPS_PROPERTY, defaults.maxConcurrentSetups()),
            Long.getLong(MAX_REPLY_PROPERTY, defaults.maxReplyBytes()));
    }
}
