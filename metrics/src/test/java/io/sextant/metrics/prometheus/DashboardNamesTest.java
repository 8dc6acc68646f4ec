package io.sextant.metrics.prometheus;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.metrics.CommitPhase;
import io.sextant.metrics.DeviceFigures;
import io.sextant.metrics.PoolFigures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Grafana dashboard in docs/grafana asks only for metrics the controller writes. */
class DashboardNamesTest {
    private static final Pattern NAME = Pattern.compile("\\b((?:sextant|jvm|process)_[a-z_]+)");

    @Test
    void everyMetricOfTheDashboardIsWritten() throws Exception {
        final String dashboard = Files.readString(Path.of("..", "docs", "grafana", "sextant.json"));
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        metrics.request("GET", "data", 200, 1);
        metrics.commitPhase(CommitPhase.LOCK, 1);
        metrics.commitFinished("commit", "ok", 1);
        metrics.deviceReconnect("netconf");
        metrics.devices(() -> List.of(new DeviceFigures("netconf", 1, 1, 0, 1)));
        metrics.databaseWork("transaction", true, 1);
        metrics.databaseConnectionWait(1);
        metrics.databaseConnectionTimeout();
        metrics.databasePool(new PoolFigures() {
            @Override
            public int active() {
                return 1;
            }

            @Override
            public int idle() {
                return 1;
            }

            @Override
            public int pending() {
                return 0;
            }

            @Override
            public int max() {
                return 10;
            }
        });
        final String text = new String(metrics.scrape("text/plain").orElseThrow().body(), StandardCharsets.UTF_8);
        final Set<String> names = new TreeSet<>();
        final Matcher matcher = NAME.matcher(dashboard);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        assertTrue(names.size() > 15, names.toString());
        for (String name : names) {
            assertTrue(text.contains("\n" + name + "{") || text.contains("\n" + name + " "),
                name + " is not written: " + text);
        }
    }
}
