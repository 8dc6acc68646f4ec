package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.metrics.SextantMetrics;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /metrics} over real HTTPS on the whole controller: what a commit and the requests
 * move, who may scrape (credentials, NACM read of {@code /sextant:status}), and off.
 */
class MetricsEndpointTest {
    private static final String PASSWORD = "metrics-admin-secret";
    private static final String USER_PASSWORD = "user-password-1";

    @TempDir
    Path dataDir;

    private static void assertStatus(final int expected, final HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.body());
    }

    @Test
    void aScrapeAfterACommitShowsTheCommitAndTheRequests() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            final String before = admin.send("GET", "/metrics").body();
            assertFalse(before.contains("sextant_commits_total{operation=\"commit\",outcome=\"ok\"}"), before);

            admin.rpc("uniconfig-manager:commit", List.of());
            // a method nobody serves is counted as other: clients cannot make up label values
            assertStatus(405, admin.send("BREW", "/rests/data/sextant:status"));
            final HttpResponse<String> scrape = admin.send("GET", "/metrics", null, "Accept", "text/plain");
            assertStatus(200, scrape);
            assertTrue(scrape.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain; version=0.0.4"),
                scrape.headers().toString());
            final String text = scrape.body();
            assertTrue(text.contains("sextant_commits_total{operation=\"commit\",outcome=\"ok\"} 1.0"), text);
            assertTrue(text.contains("sextant_commit_duration_seconds_count{operation=\"commit\"} 1"), text);
            assertTrue(text.contains("sextant_commit_phase_duration_seconds_count{phase=\"lock\"} 1"), text);
            assertTrue(text.contains("sextant_restconf_request_duration_seconds_count{method=\"POST\","
                + "resource=\"operations\",status=\"2xx\"} 1"), text);
            assertTrue(text.contains("sextant_restconf_request_duration_seconds_count{method=\"other\","
                + "resource=\"data\",status=\"4xx\"} 1"), text);
            assertFalse(text.contains("BREW"), text);
            assertTrue(text.contains("sextant_devices_mounted{protocol=\"netconf\"} 0"), text);
            assertTrue(text.contains("sextant_devices_connected{protocol=\"cli\"} 0"), text);
            assertTrue(text.contains("jvm_memory_used_bytes{"), text);

            final HttpResponse<String> open = admin.send("GET", "/metrics", null, "Accept",
                "application/openmetrics-text; version=1.0.0");
            assertStatus(200, open);
            assertTrue(open.headers().firstValue("Content-Type").orElseThrow()
                .startsWith("application/openmetrics-text"), open.headers().toString());
            assertTrue(open.body().endsWith("# EOF\n"), open.body());
        }
    }

    @Test
    void onlyUsersWhoMayReadTheStatusScrape() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            for (String user : List.of("olga", "nobody")) {
                assertStatus(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
                    "{\"input\":{\"name\":\"" + user + "\",\"password\":\"" + USER_PASSWORD + "\"}}"));
            }
            assertStatus(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm",
                "{\"ietf-netconf-acm:nacm\":{\"groups\":{\"group\":[{\"name\":\"operator\",\"user-name\":[\"olga\"]}]}}}"));

            final HttpResponse<String> anonymous = new RestconfClient(sextant, "admin", null).send("GET", "/metrics");
            assertStatus(401, anonymous);
            assertFalse(anonymous.body().contains("jvm_"), anonymous.body());

            // in no group: read-default deny, so not the status either
            final HttpResponse<String> denied = new RestconfClient(sextant, "nobody", USER_PASSWORD)
                .send("GET", "/metrics");
            assertStatus(403, denied);
            assertTrue(denied.body().contains("\"error-tag\":\"access-denied\""), denied.body());
            assertTrue(denied.body().contains("sextant:status"), denied.body());
            assertFalse(denied.body().contains("jvm_"), denied.body());

            // the operator group reads everything, the status too
            final HttpResponse<String> operator = new RestconfClient(sextant, "olga", USER_PASSWORD)
                .send("GET", "/metrics");
            assertStatus(200, operator);
            assertTrue(operator.body().contains("sextant_devices_mounted{protocol=\"netconf\"} 0"), operator.body());
        }
    }

    @Test
    void offAnswers404() throws Exception {
        System.setProperty(SextantMetrics.PROPERTY, "off");
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
            admin.rpc("uniconfig-manager:commit", List.of());
            final HttpResponse<String> off = admin.send("GET", "/metrics");
            assertStatus(404, off);
            assertTrue(off.body().contains("sextant.metrics=off"), off.body());
            assertFalse(sextant.metrics().enabled());
        } finally {
            System.clearProperty(SextantMetrics.PROPERTY);
        }
    }
}
