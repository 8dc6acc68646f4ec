package io.sextant.controller;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL killed with SIGKILL while the controller takes intent writes and commits to two
 * devices, and started again (crash recovery) a few seconds later, with the controller left
 * running: every request is answered; those the database could not keep answer 503
 * {@code database-unavailable} and changed nothing; every acknowledged commit is on both devices
 * and every attempted one on both or neither (read through independent sessions); once the
 * database is back the same controller commits again without a restart and records the end of
 * the commits it could not record during the outage (none stays pending); and a restarted
 * controller finds every acknowledged intent.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DatabaseKilledDuringCommitsTest {
    private static final String PASSWORD = "database-killed-test";
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final List<String> NODES = List.of("d1", "d2");

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dataDir;

    private static Set<String> interfacesOn(final Netconfd device) throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(device)) {
            return new HashSet<>(NetconfVerifier.values(session.getConfig("running"), "data", "interfaces",
                "interface", "name"));
        }
    }

    /** Commits recorded as started and not yet as done or failed. */
    private static long pendingCommits(final PostgresServer postgres) throws SQLException {
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement();
             ResultSet count = statement.executeQuery("SELECT count(*) FROM commit_record WHERE state = 'pending'")) {
            count.next();
            return count.getLong(1);
        }
    }

    /** The error-tag and error-app-tag of an RFC 8040 errors body; empty for a body without errors. */
    private static String errorTag(final HttpResponse<String> response) {
        if (response.statusCode() / 100 == 2) {
            return "";
        }
        try {
            final JsonObject error = JsonParser.parseString(response.body()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error").get(0).getAsJsonObject();
            return error.get("error-tag").getAsString() + (error.has("error-app-tag")
                ? "/" + error.get("error-app-tag").getAsString() : "");
        } catch (RuntimeException e) {
            return "(no RFC 8040 errors body) " + response.body();
        }
    }

    @Test
    void killedDatabaseFailsRequestsCleanlyLosesNoAcknowledgedCommitAndIsUsedAgainOnceBack() throws Exception {
        final List<Netconfd> devices = new ArrayList<>();
        try (PostgresServer postgres = PostgresServer.start()) {
            final Path credentials = dataDir.resolve("db-credentials");
            Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
                StandardCharsets.UTF_8);
            for (int i = 0; i < NODES.size(); i++) {
                devices.add(Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start());
            }
            final List<String> attempted = new CopyOnWriteArrayList<>();
            final List<String> acknowledged = new CopyOnWriteArrayList<>();
            final List<String> refusedWrites = new CopyOnWriteArrayList<>();
            final Map<String, Integer> answers = new ConcurrentHashMap<>();
            final List<String> wrong = new CopyOnWriteArrayList<>();
            final AtomicBoolean stop = new AtomicBoolean();
            // the first answers of commits that did not complete, and the last one, to tell what went wrong
            final List<String> failedCommits = new CopyOnWriteArrayList<>();
            final AtomicReference<String> lastFailedCommit = new AtomicReference<>("none");

            try (ControllerJvm controller = new ControllerJvm(dataDir, postgres, credentials, PASSWORD,
                    dataDir.resolve("controller-0.log"))) {
                final RestconfClient rest = controller.rest();
                for (int i = 0; i < NODES.size(); i++) {
                    final Netconfd device = devices.get(i);
                    assertEquals(201, rest.send("PUT", RestconfClient.NETCONF_NODE + NODES.get(i),
                        RestconfClient.netconfMount(NODES.get(i), device.host(), device.port(), device.username(),
                            device.password())).statusCode());
                }
                for (String node : NODES) {
                    rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
                        r -> r.statusCode() == 200, WAIT);
                }
                final Thread committer = new Thread(() -> {
                    try {
                        for (int k = 0; !stop.get(); k++) {
                            final String name = "c" + k;
                            boolean written = true;
                            for (String node : NODES) {
                                final HttpResponse<String> put = rest.send("PUT",
                                    RestconfClient.intentInterface(node, name), RestconfClient.ethernetInterface(name));
                                answers.merge(put.statusCode() + " " + errorTag(put), 1, Integer::sum);
                                if (put.statusCode() == 503) {
                                    refusedWrites.add(node + "/" + name);
                                    written = false;
                                } else if (put.statusCode() / 100 != 2) {
                                    wrong.add("PUT " + name + " on " + node + ": " + put.statusCode() + " " + put.body());
                                    written = false;
                                }
                            }
                            if (!written) {
                                continue;
                            }
                            attempted.add(name);
                            final HttpResponse<String> commit = rest.send("POST",
                                "/rests/operations/uniconfig-manager:commit", "{\"input\":{\"target-nodes\":{\"node\":"
                                    + "[\"d1\",\"d2\"]}}}");
                            answers.merge("commit " + commit.statusCode(), 1, Integer::sum);
                            if (commit.statusCode() == 200) {
                                final JsonObject output = JsonParser.parseString(commit.body()).getAsJsonObject()
                                    .getAsJsonObject("uniconfig-manager:output");
                                if ("complete".equals(output.get("overall-status").getAsString())) {
                                    acknowledged.add(name);
                                } else {
                                    if (failedCommits.size() < 3) {
                                        failedCommits.add(name + ": " + commit.body());
                                    }
                                    lastFailedCommit.set(name + ": " + commit.body());
                                }
                            } else if (commit.statusCode() != 503) {
                                wrong.add("commit " + name + ": " + commit.statusCode() + " " + commit.body());
                            }
                        }
                    } catch (Exception e) {
                        wrong.add("request failed without an answer: " + e);
                    }
                }, "committer");
                committer.start();
                final Supplier<String> context = () -> " (answers " + answers + ", attempted " + attempted.size()
                    + ", acknowledged " + acknowledged.size() + ", wrong " + wrong + ", the first commits that failed answered "
                    + failedCommits + ", the last " + lastFailedCommit.get() + ")\n" + controller.tail();

                // some commits with the database up, then SIGKILL to every PostgreSQL process
                awaitSize(acknowledged, 3, committer, context);
                postgres.kill();
                final int acknowledgedBefore = acknowledged.size();
                // down until a request has answered that the database is unavailable: a request waits up to the
                // pool's 5 s for a connection, so a shorter outage may be bridged without anyone noticing
                await("a request answers 503 while the database is down").atMost(WAIT)
                    .until(() -> !committer.isAlive() || answers.keySet().stream().anyMatch(
                        a -> a.equals("503 resource-denied/database-unavailable") || a.equals("commit 503")));
                postgres.restart();
                // the same controller commits again once its database is back
                awaitSize(acknowledged, acknowledgedBefore + 3, committer, context);
                stop.set(true);
                committer.join(TimeUnit.MINUTES.toMillis(2));

                assertTrue(wrong.isEmpty(), () -> "every request answered, 2xx or 503" + context.get());
                assertTrue(answers.keySet().stream().anyMatch(a -> a.equals("503 resource-denied/database-unavailable")
                    || a.equals("commit 503")), () -> "the outage was noticed" + context.get());
                assertTrue(answers.keySet().stream().allMatch(a -> a.startsWith("commit ") || a.startsWith("201")
                    || a.startsWith("204") || a.equals("503 resource-denied/database-unavailable")),
                    () -> "a refused write says the database is unavailable" + context.get());
                final Set<String> on1 = interfacesOn(devices.get(0));
                final Set<String> on2 = interfacesOn(devices.get(1));
                for (String name : attempted) {
                    assertEquals(on1.contains(name), on2.contains(name),
                        () -> name + " on both devices or neither" + context.get());
                }
                for (String name : acknowledged) {
                    assertTrue(on1.contains(name), () -> name + " was acknowledged" + context.get());
                }
                // a write the database could not keep changed nothing
                for (String refused : refusedWrites) {
                    final String[] parts = refused.split("/");
                    assertEquals(404, rest.send("GET", RestconfClient.intentInterface(parts[0], parts[1])
                        + "?content=config").statusCode(),
                        () -> refused + " answered 503 but is in the intent" + context.get());
                }
                // a commit whose end could not be recorded while the database was down is recorded once it
                // is back: none stays pending, so a restart has no node in doubt
                await("no commit left pending once the database is back").atMost(WAIT)
                    .until(() -> pendingCommits(postgres) == 0);
                System.out.println("Database killed during commits: " + attempted.size() + " commits attempted, "
                    + acknowledged.size() + " acknowledged, " + refusedWrites.size() + " writes refused; answers "
                    + answers);
            }

            // a restarted controller has every acknowledged intent
            try (ControllerJvm restarted = new ControllerJvm(dataDir, postgres, credentials, PASSWORD,
                    dataDir.resolve("controller-1.log"))) {
                for (String node : NODES) {
                    restarted.rest().await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
                        + "?content=config", r -> r.statusCode() == 200, WAIT);
                }
                for (String name : acknowledged) {
                    for (String node : NODES) {
                        final HttpResponse<String> kept = restarted.rest().send("GET",
                            RestconfClient.intentInterface(node, name) + "?content=config");
                        assertEquals(200, kept.statusCode(), node + "/" + name + " kept: " + kept.body() + "\n"
                            + restarted.tail());
                    }
                }
            }
        } finally {
            for (Netconfd device : devices) {
                device.close();
            }
        }
    }

    private static void awaitSize(final List<String> list, final int size, final Thread worker,
            final Supplier<String> context) throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (list.size() < size) {
            assertTrue(worker.isAlive(), () -> "the committer stopped" + context.get());
            assertTrue(System.nanoTime() < deadline, () -> "only " + list.size() + " of " + size
                + " commits acknowledged" + context.get());
            Thread.sleep(100);
        }
    }
}
