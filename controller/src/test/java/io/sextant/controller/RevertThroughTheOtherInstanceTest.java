package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances on one PostgreSQL: an instance shows the other's commits in its
 * transaction log with what they changed, and the nodes' history is shared, so a commit made
 * through one instance is listed, read and reverted through the other, and the revert is
 * committed through the instance that holds the device.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RevertThroughTheOtherInstanceTest {
    private static final String PASSWORD = "revert-through-the-other-instance-test";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static MisbehavingNetconfDevice device;
    private static InJvmInstance a;
    private static InJvmInstance b;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        device = MisbehavingNetconfDevice.builder().ssh(true).credentials("admin", "admin").start();
        a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres), PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {b, a, device, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void aCommitThroughOneInstanceIsRevertedThroughTheOther() throws Exception {
        final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + "rv",
            RestconfClient.netconfMount("rv", "127.0.0.1", device.port(), "admin", "admin"));
        assertEquals(201, mounted.statusCode(), mounted.body());
        final String config = RestconfClient.UNICONFIG_NODE + "rv" + RestconfClient.CONFIGURATION + "?content=config";
        a.rest.await(config, r -> r.statusCode() == 200, WAIT);
        b.rest.await(config, r -> r.statusCode() == 200, WAIT);
        Waits.until("one instance holds the device", WAIT, () -> a.hasSession("rv") != b.hasSession("rv"),
            () -> "a: " + a.hasSession("rv") + ", b: " + b.hasSession("rv"));
        final InJvmInstance owner = a.hasSession("rv") ? a : b;
        final InJvmInstance other = owner == a ? b : a;

        final HttpResponse<String> written = owner.rest.send("PUT", RestconfClient.intentInterface("rv", "eth7"),
            RestconfClient.ethernetInterface("eth7"));
        assertEquals(201, written.statusCode(), written.body());
        final JsonObject commit = owner.rest.rpc("uniconfig-manager:commit", List.of("rv"));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());

        // the owner writes the commit's point after the commit answered: the other reads it once written
        final JsonArray points = awaitPoints(other, 1);
        final String commitId = points.get(0).getAsJsonObject().get("transaction-id").getAsString();
        final String log = other.rest.await("/rests/data/uniconfig-manager:transaction-log?content=nonconfig",
            r -> r.body().contains(commitId), WAIT).body();
        // with what the commit changed on the node, as the owner shows it
        assertTrue(log.contains("created-data") && log.contains("interface=eth7"), log);

        final JsonObject reverted = other.rest.rpcWithInput("sextant-history:revert-changes",
            "{\"input\":{\"transaction-id\":[\"" + commitId + "\"]}}");
        assertEquals("complete", reverted.get("overall-status").getAsString(), reverted.toString());
        owner.rest.await(RestconfClient.intentInterface("rv", "eth7") + "?content=config",
            r -> r.statusCode() == 404, WAIT);

        final JsonObject revertCommit = owner.rest.rpc("uniconfig-manager:commit", List.of("rv"));
        assertEquals("complete", revertCommit.get("overall-status").getAsString(), revertCommit.toString());
        final HttpResponse<String> actual = owner.rest.send("GET", RestconfClient.intentInterface("rv", "eth7")
            + "?content=nonconfig", null);
        assertEquals(404, actual.statusCode(), actual.body());
        assertEquals(2, awaitPoints(other, 2).size(), "the revert's commit is the second point");
    }

    /** The node's history points listed through {@code instance} once there are {@code count} (at most). */
    private static JsonArray awaitPoints(final InJvmInstance instance, final int count) throws Exception {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            final JsonObject output = instance.rest.rpcWithInput("sextant-history:list-history",
                "{\"input\":{\"node-id\":\"rv\"}}");
            // RFC 7951 leaves an empty list out: no "point" while the owner has not written it yet
            final JsonArray points = output.has("point") ? output.getAsJsonArray("point") : new JsonArray();
            if (points.size() >= count) {
                assertEquals(count, points.size(), points.toString());
                return points;
            }
            assertTrue(System.nanoTime() < deadline, () -> "gave up waiting for " + count + " points: " + points);
            Thread.sleep(200);
        }
    }
}
