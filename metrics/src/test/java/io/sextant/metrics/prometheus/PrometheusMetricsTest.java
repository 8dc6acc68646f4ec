package io.sextant.metrics.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.DeviceFigures;
import io.sextant.metrics.Scrape;
import io.sextant.metrics.SextantMetrics;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PrometheusMetricsTest {
    private static String text(final SextantMetrics metrics, final String accept) {
        return new String(metrics.scrape(accept).orElseThrow().body(), StandardCharsets.UTF_8);
    }

    @Test
    void aCommitMovesItsCounterAndHistograms() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        assertTrue(!text(metrics, "text/plain").contains("sextant_commits_total{"));
        metrics.commitPhase(CommitPhase.DEVICES, TimeUnit.MILLISECONDS.toNanos(30));
        metrics.commitFinished("commit", "ok", TimeUnit.MILLISECONDS.toNanos(40));
        metrics.commitFinished("commit", "ok", TimeUnit.MILLISECONDS.toNanos(2));
        metrics.commitFinished("checked-commit", "failed", TimeUnit.SECONDS.toNanos(3));
        final String text = text(metrics, "text/plain");
        assertTrue(text.contains("sextant_commits_total{operation=\"commit\",outcome=\"ok\"} 2.0"), text);
        assertTrue(text.contains("sextant_commits_total{operation=\"checked-commit\",outcome=\"failed\"} 1.0"), text);
        assertTrue(text.contains("sextant_commit_duration_seconds_count{operation=\"commit\"} 2"), text);
        assertTrue(text.contains("sextant_commit_duration_seconds_bucket{operation=\"commit\",le=\"0.05\"} 2"), text);
        assertTrue(text.contains("sextant_commit_duration_seconds_bucket{operation=\"commit\",le=\"0.025\"} 1"), text);
        assertTrue(text.contains("sextant_commit_phase_duration_seconds_count{phase=\"devices\"} 1"), text);
        assertTrue(text.contains("# TYPE sextant_commit_duration_seconds histogram"), text);
    }

    @Test
    void requestsAreCountedByMethodResourceAndStatusClass() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        metrics.request("PUT", "data", 201, 1_000_000);
        metrics.request("PUT", "data", 204, 1_000_000);
        metrics.request("GET", "data", 404, 1_000_000);
        final String text = text(metrics, null);
        assertTrue(text.contains("sextant_restconf_request_duration_seconds_count{method=\"PUT\",resource=\"data\","
            + "status=\"2xx\"} 2"), text);
        assertTrue(text.contains("sextant_restconf_request_duration_seconds_count{method=\"GET\",resource=\"data\","
            + "status=\"4xx\"} 1"), text);
    }

    @Test
    void devicesAndPoolAreAskedAtEachScrapeUntilUnregistered() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        final SextantMetrics.Registration devices = metrics.devices(() -> List.of(
            new DeviceFigures("netconf", 3, 2, 1, 1), new DeviceFigures("cli", 1, 0, 0, 1)));
        metrics.deviceReconnect("netconf");
        String text = text(metrics, null);
        assertTrue(text.contains("sextant_devices_mounted{protocol=\"netconf\"} 3"), text);
        assertTrue(text.contains("sextant_devices_connected{protocol=\"cli\"} 0"), text);
        assertTrue(text.contains("sextant_device_reconnects_total{protocol=\"netconf\"} 1.0"), text);
        devices.close();
        text = text(metrics, null);
        assertTrue(!text.contains("sextant_devices_mounted{"), text);
    }

    @Test
    void databaseWorkAndConnectionWaitsAreTimed() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        metrics.databaseWork("transaction", true, 3_000_000);
        metrics.databaseWork("statement", false, 3_000_000);
        metrics.databaseConnectionWait(10_000);
        metrics.databaseConnectionTimeout();
        final String text = text(metrics, null);
        assertTrue(text.contains("sextant_db_work_duration_seconds_count{kind=\"transaction\",outcome=\"ok\"} 1"), text);
        assertTrue(text.contains("sextant_db_work_duration_seconds_count{kind=\"statement\",outcome=\"failed\"} 1"),
            text);
        assertTrue(text.contains("sextant_db_connection_wait_seconds_count 1"), text);
        assertTrue(text.contains("sextant_db_connection_timeouts_total 1.0"), text);
    }

    @Test
    void theJvmIsMeasuredToo() {
        final String text = text(new PrometheusMetrics(true), null);
        assertTrue(text.contains("jvm_memory_used_bytes{"), text);
        assertTrue(text.contains("process_cpu_seconds_total"), text);
        assertTrue(text.contains("jvm_threads_current"), text);
    }

    @Test
    void openMetricsWhenTheAcceptHeaderAsksForIt() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        metrics.commitFinished("commit", "ok", 1);
        final Scrape open = metrics.scrape("application/openmetrics-text; version=1.0.0; charset=utf-8")
            .orElseThrow();
        assertTrue(open.contentType().startsWith("application/openmetrics-text"), open.contentType());
        final String text = new String(open.body(), StandardCharsets.UTF_8);
        assertTrue(text.endsWith("# EOF\n"), text);
        assertTrue(text.contains("sextant_commits_total{operation=\"commit\",outcome=\"ok\"} 1.0"), text);
        final Scrape plain = metrics.scrape("text/plain;version=0.0.4").orElseThrow();
        assertTrue(plain.contentType().startsWith("text/plain; version=0.0.4"), plain.contentType());
    }

    @Test
    void offRecordsAndWritesNothing() {
        final PrometheusMetrics metrics = new PrometheusMetrics(false);
        metrics.commitFinished("commit", "ok", 1);
        assertEquals(false, metrics.enabled());
        assertTrue(metrics.scrape("text/plain").isEmpty());
        assertTrue(SextantMetrics.NONE.scrape("text/plain").isEmpty());
    }
}
