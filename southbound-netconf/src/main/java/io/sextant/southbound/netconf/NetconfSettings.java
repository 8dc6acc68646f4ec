package io.sextant.southbound.netconf;

import io.sextant.datastore.service.ControllerSettings;
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
 */
public record NetconfSettings(Path schemaCacheDirectory, int eventLoopThreads, int workerThreads,
        Duration schemaFetchTimeout) {
    public static final String SCHEMA_CACHE_PROPERTY = "sextant.netconf.schema-cache";
    public static final String EVENT_LOOP_PROPERTY = "sextant.netconf.event-loop-threads";
    public static final String WORKERS_PROPERTY = "sextant.netconf.worker-threads";

    /** Defaults: {@code <data-dir>/schema-cache}, Netty's thread count, one worker per core (at least 2). */
    public static NetconfSettings of(final Path dataDir) {
        return new NetconfSettings(dataDir.resolve("schema-cache"), 0,
            Math.max(2, Runtime.getRuntime().availableProcessors()), Duration.ofSeconds(60));
    }

    public static NetconfSettings fromSystemProperties() {
        final NetconfSettings defaults = of(ControllerSettings.fromSystemProperties().dataDir());
        final String cache = System.getProperty(SCHEMA_CACHE_PROPERTY);
        return new NetconfSettings(cache != null ? Path.of(cache) : defaults.schemaCacheDirectory(),
            Integer.getInteger(EVENT_LOOP_PROPERTY, defaults.eventLoopThreads()),
            Integer.getInteger(WORKERS_PROPERTY, defaults.workerThreads()), defaults.schemaFetchTimeout());
    }
}
