package io.sextant.metrics.prometheus;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.DeviceFigures;
import io.sextant.metrics.PoolFigures;
import io.sextant.metrics.Scrape;
import io.sextant.metrics.SextantMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Supplier;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * The controller's metrics in a Prometheus registry of their own, with the JVM's
 * ({@code jvm_*}, {@code process_*}). Metrics are on unless the system property
 * {@value SextantMetrics#PROPERTY} is {@code off}: then nothing is recorded and nothing is written.
 */
@Component(service = SextantMetrics.class)
public final class PrometheusMetrics implements SextantMetrics {
    private static final double NANOS_PER_SECOND = 1e9;
    /** Requests and database work: from a fraction of a millisecond to a few seconds. */
    private static final double[] FAST = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
        5, 10};
    /** Commits and their phases: devices answer in milliseconds to minutes. */
    private static final double[] SLOW = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120};

    private final boolean enabled;
    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Histogram requests;
    private final Histogram commits;
    private final Counter commitOutcomes;
    private final Histogram commitPhases;
    private final Counter reconnects;
    private final Histogram database;
    private final Histogram connectionWait;
    private final Counter connectionTimeouts;
    private final Set<Supplier<List<DeviceFigures>>> deviceSources = new CopyOnWriteArraySet<>();
    private final Set<PoolFigures> pools = new CopyOnWriteArraySet<>();

    /** On unless {@code -Dsextant.metrics=off}. */
    @Activate
    public PrometheusMetrics() {
        this(!"off".equalsIgnoreCase(System.getProperty(PROPERTY, "on").trim()));
    }

    public PrometheusMetrics(final boolean enabled) {
        this.enabled = enabled;
        requests = Histogram.builder().name("sextant_restconf_request_duration_seconds")
            .help("RESTCONF requests answered, by method, kind of resource and status class (2xx, 4xx, ...)")
            .labelNames("method", "resource", "status").classicOnly().classicUpperBounds(FAST).register(registry);
        commits = Histogram.builder().name("sextant_commit_duration_seconds")
            .help("Commits from the request to the answer, by operation (commit, checked-commit)")
            .labelNames("operation").classicOnly().classicUpperBounds(SLOW).register(registry);
        commitOutcomes = Counter.builder().name("sextant_commits_total")
            .help("Commits ended, by operation and outcome (ok, failed, error)")
            .labelNames("operation", "outcome").register(registry);
        commitPhases = Histogram.builder().name("sextant_commit_phase_duration_seconds")
            .help("Commit phases: lock (waiting for the nodes), prepare, devices (changed and kept), apply")
            .labelNames("phase").classicOnly().classicUpperBounds(SLOW).register(registry);
        reconnects = Counter.builder().name("sextant_device_reconnects_total")
            .help("Device connections lost and set up again, by protocol").labelNames("protocol").register(registry);
        database = Histogram.builder().name("sextant_db_work_duration_seconds")
            .help("Database work (one SQL transaction, or one autocommit statement), by kind and outcome")
            .labelNames("kind", "outcome").classicOnly().classicUpperBounds(FAST).register(registry);
        connectionWait = Histogram.builder().name("sextant_db_connection_wait_seconds")
            .help("Time to get a pooled database connection").classicOnly().classicUpperBounds(FAST)
            .register(registry);
        connectionTimeouts = Counter.builder().name("sextant_db_connection_timeouts_total")
            .help("Waits for a pooled database connection that gave up").register(registry);
        gauge("sextant_devices_mounted", "Devices mounted, by protocol", figures -> figures.mounted());
        gauge("sextant_devices_connected", "Devices connected, by protocol", figures -> figures.connected());
        gauge("sextant_device_setups_waiting", "Device session set-ups waiting for a slot, by protocol",
            figures -> figures.setupsWaiting());
        gauge("sextant_schema_contexts", "Device schema contexts in use, by protocol",
            figures -> figures.schemaContexts());
        poolGauge("sextant_db_connections_active", "Database connections in use", PoolFigures::active);
        poolGauge("sextant_db_connections_idle", "Database connections idle", PoolFigures::idle);
        poolGauge("sextant_db_connections_pending", "Threads waiting for a database connection",
            PoolFigures::pending);
        poolGauge("sextant_db_connections_max", "Database connections the pool may open", PoolFigures::max);
        if (enabled) {
            JvmMetrics.builder().register(registry);
        }
    }

    private interface DeviceValue {
        int of(DeviceFigures figures);
    }

    private interface PoolValue {
        int of(PoolFigures pool);
    }

    private void gauge(final String name, final String help, final DeviceValue value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames("protocol").callback(callback -> {
            for (Supplier<List<DeviceFigures>> source : deviceSources) {
                for (DeviceFigures figures : source.get()) {
                    callback.call(value.of(figures), figures.protocol());
                }
            }
        }).register(registry);
    }

    private void poolGauge(final String name, final String help, final PoolValue value) {
        GaugeWithCallback.builder().name(name).help(help).callback(callback -> {
            for (PoolFigures pool : pools) {
                callback.call(value.of(pool));
            }
        }).register(registry);
    }

    private static double seconds(final long nanos) {
        return Math.max(0, nanos) / NANOS_PER_SECOND;
    }

    @Override
    public boolean enabled() {
        return enabled;
    }

    @Override
    public void request(final String method, final String resource, final int status, final long nanos) {
        if (enabled) {
            requests.labelValues(method, resource, status / 100 + "xx").observe(seconds(nanos));
        }
    }

    @Override
    public void commitPhase(final CommitPhase phase, final long nanos) {
        if (enabled) {
            commitPhases.labelValues(phase.label()).observe(seconds(nanos));
        }
    }

    @Override
    public void commitFinished(final String operation, final String outcome, final long nanos) {
        if (enabled) {
            commits.labelValues(operation).observe(seconds(nanos));
            commitOutcomes.labelValues(operation, outcome).inc();
        }
    }

    @Override
    public void deviceReconnect(final String protocol) {
        if (enabled) {
            reconnects.labelValues(protocol).inc();
        }
    }

    @Override
    public Registration devices(final Supplier<List<DeviceFigures>> figures) {
        if (!enabled) {
            return () -> { };
        }
        deviceSources.add(figures);
        return () -> deviceSources.remove(figures);
    }

    @Override
    public void databaseWork(final String kind, final boolean ok, final long nanos) {
        if (enabled) {
            database.labelValues(kind, ok ? "ok" : "failed").observe(seconds(nanos));
        }
    }

    @Override
    public void databaseConnectionWait(final long nanos) {
        if (enabled) {
            connectionWait.observe(seconds(nanos));
        }
    }

    @Override
    public void databaseConnectionTimeout() {
        if (enabled) {
            connectionTimeouts.inc();
        }
    }

    @Override
    public Registration databasePool(final PoolFigures pool) {
        if (!enabled) {
            return () -> { };
        }
        pools.add(pool);
        return () -> pools.remove(pool);
    }

    @Override
    public Optional<Scrape> scrape(final String accept) {
        if (!enabled) {
            return Optional.empty();
        }
        final OpenMetricsTextFormatWriter openMetrics = OpenMetricsTextFormatWriter.create();
        final ExpositionFormatWriter writer = openMetrics.accepts(accept) ? openMetrics
            : PrometheusTextFormatWriter.create();
        final ByteArrayOutputStream out = new ByteArrayOutputStream(16_384);
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the metrics", e);
        }
        return Optional.of(new Scrape(writer.getContentType(), out.toByteArray()));
    }
}
