package io.sextant.controller;

import static io.sextant.controller.KilledInstanceChecks.config;
import static io.sextant.controller.KilledInstanceChecks.index;
import static io.sextant.controller.KilledInstanceChecks.interfacesOnTheDevice;
import static io.sextant.controller.KilledInstanceChecks.pendingCommits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances (JVMs of their own) on one PostgreSQL share 16 simulated devices
 * (netconf-testtool). Through instance A, each node instance B holds gets an intent change and a
 * commit again and again (A sends the commits on to B); B is killed with SIGKILL while they run.
 * Then: A takes B's nodes over and commits to them again, every commit B left pending is settled
 * (none stays pending), every acknowledged change is on its device, each device (read through a
 * session of the test's own) holds what A says it holds, and the only nodes A reads back from
 * their devices are nodes of commits the kill cut off. The time from the kill to each node's first
 * commit sent after it that lands is printed (the takeover time; B's leases last 6 s).
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class InstanceKilledDuringCommitsTest {
    private static final String PASSWORD = "instance-killed-during-commits-test";
    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final int DEVICES = 16;
    private static final Pattern ADOPTED = Pattern.compile("; node (\\S+) is in doubt and is read back");

    /** Kept when the test fails: the controllers' logs are in it. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dir;
    private static PostgresServer postgres;
    private static NetconfTestTool devices;
    private static Path credentials;
    private static final List<String> NODES = IntStream.range(0, DEVICES).mapToObj(i -> "d" + i).toList();

    private final Map<String, String> acknowledged = new ConcurrentHashMap<>();
    /** Per node, the change whose commit got no answer because of the kill (its outcome unknown). */
    private final Set<String> cutOff = ConcurrentHashMap.newKeySet();
    private final Map<String, Long> backAfterKill = new ConcurrentHashMap<>();
    /** What went wrong in a committer (a write through A refused, say): the test fails with it. */
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private volatile long killedAt;
    private volatile boolean running = true;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        credentials = dir.resolve("db-credentials");
        Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
            StandardCharsets.UTF_8);
        devices = NetconfTestTool.builder().ssh(false).deviceCount(DEVICES).threadAmount(2)
            .models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stop() {
        if (devices != null) {
            devices.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void killedWhileCommittingItsNodesAreTakenOverAndWhatItLeftPendingIsSettled() throws Exception {
        final Path dirA = dir.resolve("a");
        final Path dirB = dir.resolve("b");
        try (ControllerJvm a = new ControllerJvm(dirA, postgres, credentials, PASSWORD, dir.resolve("a.log"))) {
            InJvmInstance.shareClusterFiles(dirA, dirB);
            final ControllerJvm b = new ControllerJvm(dirB, postgres, credentials, PASSWORD, dir.resolve("b.log"));
            try {
                for (String node : NODES) {
                    final HttpResponse<String> mount = a.rest().send("PUT", RestconfClient.NETCONF_NODE + node,
                        "{\"node\":[{\"node-id\":\"" + node + "\",\"netconf-node-topology:host\":\"" + devices.host()
                            + "\",\"netconf-node-topology:port\":" + devices.port(index(node))
                            + ",\"netconf-node-topology:tcp-only\":true,\"netconf-node-topology:keepalive-delay\":0}]}");
                    assertEquals(201, mount.statusCode(), mount.body());
                }
                final String idOfB = Files.readString(dirB.resolve("instance-id"), StandardCharsets.UTF_8).strip();
                Waits.until("both instances hold their share of the nodes", WAIT,
                    () -> owners().size() == DEVICES && owners().values().stream().filter(idOfB::equals).count()
                        == DEVICES / 2, () -> owners().toString());
                final List<String> ofB = owners().entrySet().stream().filter(e -> e.getValue().equals(idOfB))
                    .map(Map.Entry::getKey).sorted().toList();
                for (String node : NODES) {
                    a.rest().await(config(node), r -> r.statusCode() == 200, WAIT);
                }

                final List<Thread> committers = new ArrayList<>();
                for (String node : ofB) {
                    committers.add(new Thread(() -> commitThroughA(a, node), "committer-" + node));
                }
                committers.forEach(Thread::start);
                Waits.until("a commit through A lands on a node of B", WAIT, () -> !acknowledged.isEmpty(),
                    b::tail);
                Thread.sleep(new Random().nextInt(2_000));
                b.kill();
                // once B is gone: a commit sent from now on is taken by A
                killedAt = System.nanoTime();

                Waits.until("every node of B takes a commit through A again", WAIT,
                    () -> backAfterKill.keySet().containsAll(ofB) || !failures.isEmpty(), () -> "back: "
                        + backAfterKill.keySet() + " of " + ofB + "\n" + a.tail());
                running = false;
                for (Thread committer : committers) {
                    committer.join(TimeUnit.MINUTES.toMillis(6));
                    assertFalse(committer.isAlive(), committer.getName());
                }
                assertEquals(List.of(), failures);
                System.out.println("Takeover: first commit after the kill, per node (ms): " + new TreeMap<>(
                    backAfterKill) + "; cut off by the kill: " + cutOff);

                Waits.until("no commit is left pending", WAIT, () -> pendingCommits(postgres) == 0,
                    () -> pendingCommits(postgres) + " pending\n" + a.tail());
                for (String node : ofB) {
                    final Set<String> onDevice = interfacesOnTheDevice(devices, node);
                    final String last = acknowledged.get(node);
                    assertTrue(last == null || onDevice.contains(last), node + ": acknowledged " + last
                        + " is on the device: " + onDevice);
                    assertEquals(onDevice, interfacesAsAHoldsThem(a, node), node + ": the device holds what A says");
                }
                final Set<String> readBack = new HashSet<>();
                final Matcher adopted = ADOPTED.matcher(Files.readString(dir.resolve("a.log"),
                    StandardCharsets.UTF_8));
                while (adopted.find()) {
                    readBack.add(adopted.group(1));
                }
                assertTrue(cutOff.containsAll(readBack), "A read back only nodes of commits the kill cut off: "
                    + readBack + " (cut off: " + cutOff + ")");
            } finally {
                b.close();
            }
        }
    }

    /** Intent changes and commits of {@code node} through A until told to stop. */
    private void commitThroughA(final ControllerJvm a, final String node) {
        for (int k = 0; running; k++) {
            final String name = node + "-c" + k;
            try {
                final HttpResponse<String> put = a.rest().send("PUT", KilledCommits.Model.IETF.path(node, name),
                    KilledCommits.Model.IETF.body(name));
                if (put.statusCode() / 100 != 2) {
                    failures.add(node + ": the intent write through A answered " + put.statusCode() + " " + put.body());
                    return;
                }
                final boolean sentAfterKill = killedAt != 0;
                final HttpResponse<String> commit = a.rest().send("POST", "/rests/operations/uniconfig-manager:commit",
                    "{\"input\":{\"target-nodes\":{\"node\":[\"" + node + "\"]}}}");
                if (commit.statusCode() == 200 && commit.body().contains("\"overall-status\":\"complete\"")) {
                    acknowledged.put(node, name);
                    if (sentAfterKill) {
                        backAfterKill.putIfAbsent(node, (System.nanoTime() - killedAt) / 1_000_000);
                    }
                } else if (commit.statusCode() == 503 && commit.body().contains("is not known here")) {
                    cutOff.add(node);
                } else {
                    // refused before the holder was reached, or by the holder: nothing done; a moment later again
                    Thread.sleep(100);
                }
            } catch (Exception e) {
                failures.add(node + ": " + e);
                return;
            }
        }
    }

    /** Node to the instance holding its lease, for the nodes held now. */
    private static Map<String, String> owners() {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT node_id, owner_instance FROM node_lease"
                 + " WHERE owner_instance IS NOT NULL")) {
            final Map<String, String> owners = new TreeMap<>();
            while (rows.next()) {
                owners.put(rows.getString(1), rows.getString(2));
            }
            return owners;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The interface names of the node's actual configuration, as A serves it. */
    private static Set<String> interfacesAsAHoldsThem(final ControllerJvm a, final String node) throws Exception {
        final HttpResponse<String> read = a.rest().send("GET", RestconfClient.UNICONFIG_NODE + node
            + RestconfClient.CONFIGURATION + "/ietf-interfaces:interfaces?content=nonconfig");
        final Set<String> names = new HashSet<>();
        if (read.statusCode() == 404) {
            return names;
        }
        assertEquals(200, read.statusCode(), read.body());
        final JsonObject body = JsonParser.parseString(read.body()).getAsJsonObject();
        for (JsonElement entry : body.getAsJsonObject("ietf-interfaces:interfaces").getAsJsonArray("interface")) {
            names.add(entry.getAsJsonObject().get("name").getAsString());
        }
        return names;
    }
}
