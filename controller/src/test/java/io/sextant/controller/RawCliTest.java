package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Raw CLI (cli-topology:execute-and-read and execute-and-expect) against an FRR router over
 * SSH: show output comes back; configuration-mode commands are refused without allow-config-mode
 * and the router, read through its own vtysh, does not change; with it they apply, the answer
 * says the node may differ and the node is checked for drift at once (marked out of sync);
 * unknown and NETCONF-less nodes and users without exec get clear errors; each exchange is audited
 * with its commands.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RawCliTest {
    private static final String PASSWORD = "raw-cli-test-admin";
    private static final String OLGA_PASSWORD = "raw-cli-test-olga";
    private static final String READ = "/rests/operations/cli-topology:execute-and-read";
    private static final String EXPECT = "/rests/operations/cli-topology:execute-and-expect";

    @TempDir
    static Path dataDir;
    private static FrrRouter router;
    private static Sextant sextant;
    private static RestconfClient admin;
    private static String iface;

    @BeforeAll
    static void start() throws Exception {
        router = FrrRouter.builder().interfaces(1).start();
        iface = router.interfaces().get(0);
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        admin = new RestconfClient(sextant, PASSWORD);
        final HttpResponse<String> mount = admin.send("PUT", RestconfClient.CLI_NODE + "frr1",
            RestconfClient.frrMount("frr1", router, ""));
        assertEquals(201, mount.statusCode(), mount.body());
        admin.await(RestconfClient.UNICONFIG_NODE + "frr1" + RestconfClient.CONFIGURATION + "?content=config",
            r -> r.statusCode() == 200, Duration.ofSeconds(90));
        assertEquals(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"olga\",\"password\":\"" + OLGA_PASSWORD + "\"}}").statusCode());
        assertEquals(204, admin.send("PATCH", "/rests/data/ietf-netconf-acm:nacm",
            "{\"ietf-netconf-acm:nacm\":{\"groups\":{\"group\":[{\"name\":\"operator\",\"user-name\":[\"olga\"]}]}}}")
            .statusCode());
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { sextant, router }) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // keep closing the others
                }
            }
        }
    }

    @AfterEach
    void noDescription() {
        router.configure("interface " + iface, "no description");
    }

    private static String readInput(final String node, final String commands, final boolean allowConfigMode) {
        return "{\"input\":{\"node-id\":\"" + node + "\",\"command\":" + new JsonPrimitive(commands)
            + (allowConfigMode ? ",\"allow-config-mode\":true" : "") + "}}";
    }

    private static JsonObject output(final HttpResponse<String> answer) {
        assertEquals(200, answer.statusCode(), answer.body());
        return RestconfClient.output(answer);
    }

    private static void assertError(final HttpResponse<String> answer, final int status, final String tag,
            final String text) {
        assertEquals(status, answer.statusCode(), answer.body());
        assertTrue(answer.body().contains("\"error-tag\":\"" + tag + "\""), answer.body());
        assertTrue(answer.body().contains(text), answer.body());
    }

    @Test
    void showCommandsReturnWhatTheRouterPrinted() throws Exception {
        final JsonObject answer = output(admin.send("POST", READ, readInput("frr1", "show version\nshow interface "
            + iface, false)));

        final JsonArray steps = answer.getAsJsonArray("step-output");
        assertEquals(2, steps.size(), answer.toString());
        assertEquals("show version", steps.get(0).getAsJsonObject().get("command").getAsString());
        assertTrue(steps.get(0).getAsJsonObject().get("output").getAsString().contains("FRRouting"), answer.toString());
        assertTrue(steps.get(1).getAsJsonObject().get("output").getAsString().contains("Interface " + iface),
            answer.toString());
        assertTrue(answer.get("output").getAsString().contains("show interface " + iface), answer.toString());
        assertFalse(answer.get("configuration-may-differ").getAsBoolean());
    }

    @Test
    void aRejectedCommandEndsTheListWithTheRoutersError() throws Exception {
        final JsonObject answer = output(admin.send("POST", READ, readInput("frr1",
            "show nonsense-command\nshow version", false)));

        final JsonArray steps = answer.getAsJsonArray("step-output");
        assertEquals(1, steps.size(), "nothing after the rejected command: " + answer);
        assertTrue(steps.get(0).getAsJsonObject().get("error").getAsString().contains("Unknown command"),
            answer.toString());
    }

    @Test
    void configurationModeIsRefusedWithoutTheFlagAndTheRouterDoesNotChange() throws Exception {
        final String before = router.runningConfig();
        for (String enter : new String[] {"configure terminal", "conf t", "CONFIG t"}) {
            assertError(admin.send("POST", READ, readInput("frr1", enter + "\ninterface " + iface
                + "\ndescription raw-refused\nend", false)), 400, "invalid-value", "allow-config-mode");
        }
        assertEquals(before, router.runningConfig(), "read through the router's own vtysh");
    }

    @Test
    void withTheFlagConfigurationIsSentTheAnswerSaysTheNodeMayDifferAndTheNodeIsMarkedOutOfSync()
            throws Exception {
        final String status = RestconfClient.UNICONFIG_NODE + "frr1/uniconfig-topology:node-status";
        admin.await(status, read -> read.body().contains("\"synced\""), Duration.ofSeconds(30));
        final JsonObject answer = output(admin.send("POST", READ, readInput("frr1", "conf t\ninterface " + iface
            + "\ndescription raw-allowed", true)));

        assertTrue(answer.get("configuration-may-differ").getAsBoolean(), answer.toString());
        assertTrue(router.runningConfig().contains(" description raw-allowed"), router.runningConfig());
        // checked at once as drift (no periodic check here): reported, as no drift policy says otherwise
        final HttpResponse<String> marked = admin.await(status, read -> read.body().contains("\"out-of-sync\""),
            Duration.ofSeconds(30));
        assertTrue(marked.body().contains("\"out-of-sync\""), "the node after the raw change: " + marked.body());
        // the session is back in exec mode: a show command answers as before
        final JsonObject show = output(admin.send("POST", READ, readInput("frr1", "show version", false)));
        assertTrue(show.getAsJsonArray("step-output").get(0).getAsJsonObject().get("ended-by").getAsString()
            .endsWith("#"), show.toString());
        assertFalse(show.getAsJsonArray("step-output").get(0).getAsJsonObject().get("ended-by").getAsString()
            .contains("(config"), show.toString());
        awaitAudit("raw-allowed");
    }

    @Test
    void executeAndExpectEndsEachStepAtThePromptWhenTheQuestionDoesNotCome() throws Exception {
        final JsonObject answer = output(admin.send("POST", EXPECT, "{\"input\":{\"node-id\":\"frr1\",\"step\":["
            + "{\"command\":\"show version\",\"expect\":\"\\\\[confirm\\\\]\"},{\"command\":\"show interface "
            + iface + "\"}]}}"));

        final JsonArray steps = answer.getAsJsonArray("step-output");
        assertEquals(2, steps.size(), answer.toString());
        assertTrue(steps.get(0).getAsJsonObject().get("output").getAsString().contains("FRRouting"), answer.toString());
    }

    @Test
    void unknownAndUnconnectedNodesAndUsersWithoutExecGetClearErrors() throws Exception {
        assertError(admin.send("POST", READ, readInput("nobody", "show version", false)), 404, "data-missing",
            "No CLI node nobody is mounted");
        final RestconfClient olga = new RestconfClient(sextant, "olga", OLGA_PASSWORD);
        assertError(olga.send("POST", READ, readInput("frr1", "show version", false)), 403, "access-denied",
            "olga");
        assertError(admin.send("POST", EXPECT, "{\"input\":{\"node-id\":\"frr1\",\"step\":["
            + "{\"command\":\"show version\",\"expect\":\"[\"}]}}"), 400, "invalid-value", "not a regular expression");
    }

    private static JsonObject awaitAudit(final String text) throws Exception {
        final Path log = dataDir.resolve("audit").resolve("audit.log");
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                for (String line : Files.readAllLines(log)) {
                    final JsonObject record = JsonParser.parseString(line).getAsJsonObject();
                    final JsonObject details = record.getAsJsonObject("details");
                    if (details != null && details.has("commands")
                            && "cli-topology:execute-and-read".equals(details.get("rpc").getAsString())
                            && details.get("commands").toString().contains(text)) {
                        assertEquals("frr1", details.get("node").getAsString(), line);
                        assertEquals("admin", record.get("user").getAsString(), line);
                        assertTrue(details.get("allow-config-mode").getAsBoolean(), line);
                        return record;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("No audit record of the raw CLI exchange with " + text);
    }
}
