package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gated commit waiting for confirmation when the controller is killed (SIGKILL) is put back
 * when the controller starts again on the same PostgreSQL: the FRR router, read with its own
 * vtysh, no longer runs the change.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class GatedCommitKilledTest {
    private static final String PASSWORD = "gated-commit-killed-test";
    private static final Duration WAIT = Duration.ofSeconds(120);

    /** Kept when the test fails: the controllers' logs are in it. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dataDir;
    private static ControllerRuns runs;
    private static FrrRouter router;

    @BeforeAll
    static void start() throws Exception {
        runs = ControllerRuns.start(dataDir, PASSWORD);
        router = FrrRouter.builder().namePrefix("gkill").interfaces(1).start();
    }

    @AfterAll
    static void stop() {
        if (router != null) {
            router.close();
        }
        if (runs != null) {
            runs.close();
        }
    }

    private static void awaitNode(final RestconfClient rest) throws Exception {
        rest.await(RestconfClient.UNICONFIG_NODE + "r1" + RestconfClient.CONFIGURATION + "?content=config",
            response -> response.statusCode() == 200, WAIT);
    }

    @Test
    void commitWaitingForConfirmationAtAKillIsPutBackAtTheNextStart() throws Exception {
        try (ControllerJvm first = runs.start(0)) {
            final HttpResponse<String> mount = first.rest().send("PUT", RestconfClient.CLI_NODE + "r1",
                RestconfClient.frrMount("r1", router, ""));
            assertEquals(201, mount.statusCode(), mount.body());
            awaitNode(first.rest());
            final HttpResponse<String> intent = first.rest().send("PUT", RestconfClient.intentInterface("r1",
                "eth0"), RestconfClient.ethernetInterface("eth0", "gate-killed"));
            assertTrue(intent.statusCode() == 201 || intent.statusCode() == 204, intent.body());

            final JsonObject commit = first.rest().rpcWithInput("uniconfig-manager:commit",
                "{\"input\":{\"target-nodes\":{\"node\":[\"r1\"]},\"sextant-gate:confirm-timeout\":600}}");

            assertEquals("awaiting-confirmation", commit.getAsJsonObject("sextant-gate:gate").get("state")
                .getAsString(), commit.toString());
            assertTrue(router.runningConfig().contains("gate-killed"), "applied while it waits");
            first.kill();
        }
        assertTrue(router.runningConfig().contains("gate-killed"), "a killed controller put nothing back");

        try (ControllerJvm second = runs.start(1)) {
            awaitNode(second.rest());
            final Instant deadline = Instant.now().plus(WAIT);
            while (router.runningConfig().contains("gate-killed") && Instant.now().isBefore(deadline)) {
                Thread.sleep(250);
            }
            assertFalse(router.runningConfig().contains("gate-killed"), router.runningConfig());
            final HttpResponse<String> pending = second.rest().send("GET",
                "/rests/data/sextant-gate:pending-commits?content=nonconfig");
            assertFalse(pending.body().contains("r1"), pending.body());
        }
    }
}
