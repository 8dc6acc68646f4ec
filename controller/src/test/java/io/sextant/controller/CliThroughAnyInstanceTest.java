package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import io.sextant.testing.PostgresServer;
import io.sextant.testing.frr.FrrRouter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
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
 * Two controller instances on one PostgreSQL and one FRR router mounted as a CLI node over SSH:
 * through the instance that does not connect the router, the node's connection state, raw CLI
 * and a commit of the node's intent are answered by the one that does (sent on to it), the
 * router read through its own vtysh; the raw CLI exchange is audited once, by the holder; a read
 * of the whole topology through it shows the node connected and names the holder.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CliThroughAnyInstanceTest {
    private static final String PASSWORD = "cli-through-any-instance-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String NODE = "frr-anywhere";

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static FrrRouter router;
    private static InJvmInstance a;
    private static InJvmInstance b;
    private static InJvmInstance holder;
    private static InJvmInstance other;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        router = FrrRouter.builder().interfaces(1).start();
        a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres), PASSWORD);
        final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.CLI_NODE + NODE,
            RestconfClient.frrMount(NODE, router, ""));
        assertEquals(201, mounted.statusCode(), mounted.body());
        final String config = RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config";
        a.rest.await(config, r -> r.statusCode() == 200, WAIT);
        b.rest.await(config, r -> r.statusCode() == 200, WAIT);
        Waits.until("one instance connects the router", WAIT, () -> connects(a) != connects(b),
            () -> "a: " + connects(a) + ", b: " + connects(b));
        holder = connects(a) ? a : b;
        other = holder == a ? b : a;
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {b, a, router, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    private static boolean connects(final InJvmInstance instance) {
        return instance.sextant.cli().find(NODE).isPresent();
    }

    private static String auditLog(final InJvmInstance instance) {
        final Path log = instance.dataDir.resolve("audit").resolve("audit.log");
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the instance's audit log has a raw CLI record of this test's exchange with the router. */
    private static boolean rawCliAudited(final InJvmInstance instance) {
        return auditLog(instance).lines().anyMatch(line -> line.contains("\"cli-topology:execute-and-read\"")
            && line.contains("show version") && line.contains(NODE));
    }

    @Test
    void theNodesConnectionStateIsReadThroughEitherInstance() throws Exception {
        for (InJvmInstance instance : List.of(holder, other)) {
            final HttpResponse<String> state = instance.rest.send("GET", RestconfClient.CLI_NODE + NODE
                + "?content=nonconfig", null);
            assertEquals(200, state.statusCode(), state.body());
            assertTrue(state.body().contains("\"cli-topology:connection-status\":\"connected\""), state.body());
            assertTrue(state.body().contains("\"cli-topology:translation-unit\""), state.body());
        }
        // a read of the whole topology too, through the other instance with the holder named
        final String topology = "/rests/data/network-topology:network-topology/topology=topology-cli"
            + "?content=nonconfig";
        final String there = other.rest.await(topology, r -> r.body().contains(
            "\"cli-topology:connection-status\":\"connected\""), WAIT).body();
        assertTrue(there.contains("\"node-id\":\"" + NODE + "\"") && there.contains("held by controller instance "
            + holder.id()), there);
    }

    @Test
    void rawCliThroughTheOtherInstanceRunsOnTheHolderAndIsAuditedThere() throws Exception {
        final HttpResponse<String> answer = other.rest.send("POST", "/rests/operations/cli-topology:execute-and-read",
            "{\"input\":{\"node-id\":\"" + NODE + "\",\"command\":" + new JsonPrimitive("show version") + "}}");
        assertEquals(200, answer.statusCode(), answer.body());
        final JsonObject output = RestconfClient.output(answer);
        assertTrue(output.get("output").getAsString().contains("FRRouting"), output.toString());

        Waits.until("the holder's audit record of the exchange", WAIT, () -> rawCliAudited(holder),
            () -> auditLog(holder));
        assertFalse(rawCliAudited(other), "the sending instance audits no raw CLI exchange: " + auditLog(other));
    }

    @Test
    void aCommitThroughTheOtherInstanceLandsOnTheRouter() throws Exception {
        final String iface = router.interfaces().get(0);
        final HttpResponse<String> written = other.rest.send("PUT", RestconfClient.UNICONFIG_NODE + NODE
            + RestconfClient.CONFIGURATION + "/openconfig-interfaces:interfaces/interface=" + iface,
            "{\"openconfig-interfaces:interface\":[{\"name\":\"" + iface + "\",\"config\":{\"name\":\"" + iface
                + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"through the other instance\"}}]}");
        assertTrue(written.statusCode() == 201 || written.statusCode() == 204, written.body());

        final JsonObject commit = other.rest.rpc("uniconfig-manager:commit", List.of(NODE));
        assertEquals("complete", commit.get("overall-status").getAsString(), commit.toString());
        assertTrue(router.runningConfig().contains(" description through the other instance"),
            router.runningConfig());
    }
}
