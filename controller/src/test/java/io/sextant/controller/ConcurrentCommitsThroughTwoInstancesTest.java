package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.persistence.NodeLease;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances in one JVM on one real PostgreSQL and one real netconfd: each round,
 * a transaction on each instance sets the same interface of the same node to a value of its own,
 * and both are committed at once. Exactly one commit lands, the one through the instance holding
 * the node's lease (which connects its device); the other is refused with an error a user can read
 * (no 500, no Java class names) that names the instance to commit through; the device, read through a NETCONF session of the
 * test's own, holds exactly the landed value; both instances then serve it as the node's intent;
 * and both instances' transaction logs list the same commits with the same outcomes.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class ConcurrentCommitsThroughTwoInstancesTest {
    private static final String PASSWORD = "concurrent-commits-through-two-instances-test";
    /** Generous: changes reach the other instance within about two seconds. */
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String NODE = "shared";
    private static final String IFACE = "eth-race";
    private static final int ROUNDS = 4;
    /** A Java class or exception name leaking into an answer: {@code java.lang.X}, {@code FooException}. */
    private static final Pattern JAVA_NAME = Pattern.compile(
        "\\b(?:java|javax|org|io|com)\\.[a-z0-9_]+\\.[A-Za-z0-9_.$]*|\\b[A-Z][A-Za-z]*(?:Exception|Error)\\b");

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static Netconfd netconfd;
    private static InJvmInstance a;
    private static InJvmInstance b;

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        b = InJvmInstance.joining(a, dirB, DurableController.migratedDatabase(postgres), PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {b, a, netconfd, postgres}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void twoCommitsOfOneNodeAtOnceThroughTwoInstancesLandExactlyOnce() throws Exception {
        final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + NODE,
            RestconfClient.netconfMount(NODE, netconfd.host(), netconfd.port(), netconfd.username(),
                netconfd.password()));
        assertEquals(201, mounted.statusCode(), mounted.body());
        final String node = RestconfClient.UNICONFIG_NODE + NODE + RestconfClient.CONFIGURATION + "?content=config";
        a.rest.await(node, r -> r.statusCode() == 200, WAIT);
        b.rest.await(node, r -> r.statusCode() == 200, WAIT);

        for (int round = 1; round <= ROUNDS; round++) {
            final List<InJvmInstance> instances = List.of(a, b);
            final List<String> transactions = new ArrayList<>();
            final List<String> values = new ArrayList<>();
            for (InJvmInstance instance : instances) {
                final String transaction = instance.rest.rpcWithInput("transaction-manager:create-transaction",
                    "{\"input\":{}}").get("transaction-id").getAsString();
                final String value = "round " + round + " through " + instance.id();
                final HttpResponse<String> put = instance.rest.send("PUT", RestconfClient.intentInterface(NODE, IFACE),
                    RestconfClient.ethernetInterface(IFACE, value),
                    "Sextant-Transaction", transaction);
                assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.statusCode() + " " + put.body());
                transactions.add(transaction);
                values.add(value);
            }

            final List<HttpResponse<String>> answers = commitAtOnce(instances, transactions);
            int landed = -1;
            for (int i = 0; i < 2; i++) {
                final HttpResponse<String> answer = answers.get(i);
                final String who = "round " + round + ", commit through " + instances.get(i).id() + ": ";
                assertTrue(answer.statusCode() < 500 || answer.statusCode() == 503, who + answer.statusCode() + " "
                    + answer.body());
                assertFalse(JAVA_NAME.matcher(answer.body()).find(), who + "a Java name in " + answer.body());
                if (answer.statusCode() == 200 && "complete".equals(RestconfClient.output(answer).get("overall-status")
                        .getAsString())) {
                    assertEquals(-1, landed, "round " + round + ": both commits landed: " + answers.get(0).body()
                        + " / " + answers.get(1).body());
                    landed = i;
                } else {
                    assertRefusedClearly(who, answer);
                }
            }
            assertTrue(landed >= 0, "round " + round + ": no commit landed: " + answers.get(0).body() + " / "
                + answers.get(1).body());

            // the commit that landed went through the instance connecting the device (its lease holder), and
            // the refused one says where to commit instead
            final String holder = holder();
            assertEquals(holder, instances.get(landed).id(), "round " + round + ": landed through another instance "
                + "than the lease holder");
            final HttpResponse<String> refused = answers.get(1 - landed);
            assertTrue(refused.body().contains("controller instance " + holder), "round " + round
                + ": the refused commit does not name the instance to commit through: " + refused.body());

            final String winner = values.get(landed);
            final String loser = values.get(1 - landed);
            final String onDevice = descriptionOnDevice();
            assertEquals(winner, onDevice, "round " + round + ": the device holds another value than the landed one");
            for (InJvmInstance instance : instances) {
                instance.rest.await(RestconfClient.intentInterface(NODE, IFACE) + "?content=config",
                    r -> r.statusCode() == 200
                    && r.body().contains("\"" + winner + "\"") && !r.body().contains("\"" + loser + "\""), WAIT);
            }
            for (int i = 0; i < 2; i++) {
                instances.get(i).rest.send("POST", "/rests/operations/transaction-manager:close-transaction",
                    "{\"input\":{\"transaction-id\":\"" + transactions.get(i) + "\"}}");
            }
        }

        // both logs list the same commits with the same outcomes: ROUNDS landed, each once
        Waits.until("both instances' transaction logs agree", WAIT, () -> log(a).equals(log(b))
            && log(a).values().stream().filter("complete"::equals).count() == ROUNDS,
            () -> "log of " + a.id() + ": " + log(a) + "; log of " + b.id() + ": " + log(b));
    }

    /** The instance holding the node's lease now. */
    private static String holder() throws Exception {
        return a.leases().stream().filter(lease -> lease.node().nodeId().equals(NODE) && lease.held())
            .map(NodeLease::owner).findFirst().orElseThrow();
    }

    /** Commit both transactions, the requests sent at the same moment. */
    private static List<HttpResponse<String>> commitAtOnce(final List<InJvmInstance> instances,
            final List<String> transactions) throws Exception {
        final CountDownLatch go = new CountDownLatch(1);
        final List<CompletableFuture<HttpResponse<String>>> commits = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            final RestconfClient rest = instances.get(i).rest;
            final String transaction = transactions.get(i);
            commits.add(CompletableFuture.supplyAsync(() -> {
                try {
                    go.await();
                    return rest.send("POST", "/rests/operations/uniconfig-manager:commit",
                        "{\"input\":{\"target-nodes\":{\"node\":[\"" + NODE + "\"]}}}", "Sextant-Transaction",
                        transaction);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        go.countDown();
        final List<HttpResponse<String>> answers = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> commit : commits) {
            answers.add(commit.get(3, TimeUnit.MINUTES));
        }
        return answers;
    }

    /** A refused commit: an RPC output that failed with a message per node, or an RFC 8040 errors body. */
    private static void assertRefusedClearly(final String who, final HttpResponse<String> answer) {
        if (answer.statusCode() == 200) {
            final JsonObject output = RestconfClient.output(answer);
            assertEquals("fail", output.get("overall-status").getAsString(), who + answer.body());
            final JsonObject result = RestconfClient.nodeResult(output, NODE);
            assertEquals("fail", result.get("status").getAsString(), who + answer.body());
            assertTrue(result.has("error-message") && !result.get("error-message").getAsString().isBlank(),
                who + answer.body());
        } else {
            final JsonObject errors = JsonParser.parseString(answer.body()).getAsJsonObject()
                .getAsJsonObject("ietf-restconf:errors");
            assertTrue(errors != null && errors.getAsJsonArray("error").size() > 0, who + answer.statusCode() + " "
                + answer.body());
        }
    }


    /** The interface's description in the device's running datastore, read through a session of the test's own. */
    private static String descriptionOnDevice() throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(netconfd)) {
            final String running = session.getConfig("running", "<interfaces xmlns=\"http://openconfig.net/yang/"
                + "interfaces\"><interface><name>" + IFACE + "</name></interface></interfaces>");
            final List<String> descriptions = NetconfVerifier.values(running, "data", "interfaces", "interface",
                "config", "description");
            assertEquals(1, descriptions.size(), "one description of " + IFACE + " on the device: " + running);
            return descriptions.get(0);
        }
    }

    /** Commit id to outcome, as the instance's transaction log lists them. */
    private static Map<String, String> log(final InJvmInstance instance) {
        try {
            final HttpResponse<String> read = instance.rest.send("GET",
                "/rests/data/uniconfig-manager:transaction-log?content=nonconfig");
            final Map<String, String> outcomes = new TreeMap<>();
            if (read.statusCode() != 200) {
                return outcomes;
            }
            final JsonObject log = JsonParser.parseString(read.body()).getAsJsonObject()
                .getAsJsonObject("uniconfig-manager:transaction-log");
            for (JsonElement entry : log.getAsJsonArray("transaction")) {
                outcomes.put(entry.getAsJsonObject().get("transaction-id").getAsString(),
                    entry.getAsJsonObject().get("status").getAsString());
            }
            return outcomes;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }


}
