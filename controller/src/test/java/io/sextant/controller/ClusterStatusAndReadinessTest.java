package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.spi.ClusterMember;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.NodeLease;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three controller instances (the plain-Java assembly three times in one JVM) on one real
 * PostgreSQL, the third one's connections through a {@link FaultProxy}: each lists all three in
 * {@code sextant:status} (RESTCONF and {@code ControllerInfo}) with the nodes each owns matching the
 * lease table and itself marked as this instance; {@code GET /ready} answers 200, 401 without
 * credentials, and 503 with an errors body while the third one's database is cut off, 200 again
 * once it is back; an instance stopped no longer shows as alive in the others' status.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ClusterStatusAndReadinessTest {
    private static final String PASSWORD = "cluster-status-and-readiness-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final List<String> NODES = List.of("n0", "n1", "n2", "n3", "n4", "n5");

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    @TempDir
    static Path dirC;
    private static PostgresServer postgres;
    private static FaultProxy proxy;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        proxy = FaultProxy.start("127.0.0.1", postgres.port());
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    /** One controller instance. */
    private static Database throughProxy() throws Exception {
        final Database database = new Database(DatabaseSettings.of("jdbc:postgresql://" + proxy.host() + ":"
            + proxy.port() + "/" + PostgresServer.DATABASE, postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
        return database;
    }

    private static Map<String, Long> ownersInLeaseTable(final InJvmInstance any) throws Exception {
        final Map<String, Long> owners = new HashMap<>();
        for (NodeLease lease : any.leases()) {
            if (lease.held()) {
                owners.merge(lease.owner(), 1L, Long::sum);
            }
        }
        return owners;
    }

    /** Whether {@code viewer}'s status lists exactly the live {@code instances}, with the lease table's counts. */
    private static boolean listsAliveWithTheirNodes(final InJvmInstance viewer, final InJvmInstance... instances) {
        try {
            final Map<String, Long> owners = ownersInLeaseTable(viewer);
            final Map<String, ClusterMember> listed = new HashMap<>();
            viewer.sextant.status().instances().stream().filter(ClusterMember::live)
                .forEach(instance -> listed.put(instance.instanceId(), instance));
            if (listed.size() != instances.length) {
                return false;
            }
            long total = 0;
            for (InJvmInstance instance : instances) {
                final ClusterMember shown = listed.get(instance.id());
                if (shown == null || shown.ownedNodes() != owners.getOrDefault(instance.id(), 0L)) {
                    return false;
                }
                total += shown.ownedNodes();
            }
            return total == NODES.size();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }


    private static int ready(final InJvmInstance instance) {
        try {
            return instance.rest.send("GET", "/ready").statusCode();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void instancesSeeEachOtherWithTheirNodesAndReadinessFollowsTheDatabase() throws Exception {
        final InJvmInstance a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        final InJvmInstance b = new InJvmInstance(dirB, DurableController.migratedDatabase(postgres), PASSWORD);
        final InJvmInstance c = new InJvmInstance(dirC, throughProxy(), PASSWORD);
        boolean bClosed = false;
        try {
            for (String node : NODES) {
                // nobody listens on port 1: the owner keeps trying to connect, the lease is there all the same
                final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + node,
                    RestconfClient.netconfMount(node, "127.0.0.1", 1, "admin", "admin"));
                assertEquals(201, mounted.statusCode(), mounted.body());
            }
            for (InJvmInstance viewer : List.of(a, b, c)) {
                Waits.until(viewer.id() + " lists all three alive with the nodes each owns", WAIT,
                    () -> listsAliveWithTheirNodes(viewer, a, b, c), () -> viewer.sextant.status().instances()
                        .toString());
            }
            assertEquals(Map.of(a.id(), 2L, b.id(), 2L, c.id(), 2L), ownersInLeaseTable(a));

            // RESTCONF: the same list, this instance marked
            final HttpResponse<String> read = b.rest.send("GET", "/rests/data/sextant:status");
            assertEquals(200, read.statusCode(), read.body());
            final JsonObject status = JsonParser.parseString(read.body()).getAsJsonObject()
                .getAsJsonObject("sextant:status");
            assertTrue(status != null, read.body());
            assertEquals(b.id(), status.get("instance-id").getAsString());
            final JsonArray listed = status.getAsJsonArray("instance");
            int self = 0;
            for (JsonElement element : listed) {
                final JsonObject instance = element.getAsJsonObject();
                if (instance.get("this-instance").getAsBoolean()) {
                    self++;
                    assertEquals(b.id(), instance.get("id").getAsString());
                }
                assertTrue(instance.has("last-heartbeat") && instance.has("started") && instance.has("address"),
                    instance.toString());
            }
            assertEquals(1, self, listed.toString());
            assertTrue(listed.size() >= 3, listed.toString());

            // readiness: authenticated, 200; anonymous, 401
            assertEquals(200, ready(c));
            assertEquals(401, new RestconfClient(c.sextant, "admin", null).send("GET", "/ready").statusCode());

            // c's database cut off: c is not ready and says why, the others are
            proxy.refuse(true);
            proxy.cut();
            Waits.until("c is not ready", WAIT, () -> ready(c) == 503, () -> "c answers " + ready(c));
            final HttpResponse<String> unready = c.rest.send("GET", "/ready");
            assertEquals(503, unready.statusCode());
            final JsonObject error = JsonParser.parseString(unready.body()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject();
            assertEquals("resource-denied", error.get("error-tag").getAsString());
            assertTrue(error.get("error-message").getAsString().contains("database"), error.toString());
            assertEquals(200, ready(a));
            proxy.refuse(false);
            Waits.until("c is ready again", WAIT, () -> ready(c) == 200, () -> "c answers " + ready(c));

            // b stops: the others no longer show it alive, and own its nodes
            b.close();
            bClosed = true;
            Waits.until("a lists only a and c alive, owning every node", WAIT,
                () -> listsAliveWithTheirNodes(a, a, c),
                () -> a.sextant.status().instances().toString());
            assertFalse(a.sextant.status().instances().stream()
                .anyMatch(instance -> instance.instanceId().equals(b.id()) && instance.live()));
        } finally {
            c.close();
            if (!bClosed) {
                b.close();
            }
            a.close();
        }
    }
}
