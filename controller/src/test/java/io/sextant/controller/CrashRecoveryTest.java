package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import io.sextant.testing.PostgresServer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller killed with SIGKILL while it commits to two devices, started again on the
 * same PostgreSQL, several times: every commit it acknowledged is on both devices, and every
 * commit it started is on both devices or on neither (read through independent sessions). The
 * controller runs in its own JVM (the plain-Java assembly, {@link SextantMain}) so that it can
 * be killed without a chance to clean up.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CrashRecoveryTest {
    private static final String PASSWORD = "crash-recovery-test";
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final List<String> NODES = List.of("d1", "d2");
    private static final int ROUNDS = 3;

    @TempDir
    static Path dataDir;
    private static PostgresServer postgres;
    private static Path credentials;
    private static final List<Netconfd> DEVICES = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        credentials = dataDir.resolve("db-credentials");
        Files.writeString(credentials, "user=" + postgres.user() + "\npassword=" + postgres.password() + "\n",
            StandardCharsets.UTF_8);
        for (int i = 0; i < NODES.size(); i++) {
            DEVICES.add(Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (Netconfd device : DEVICES) {
            device.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    private static ControllerJvm controller(final int run) throws Exception {
        return new ControllerJvm(dataDir, postgres, credentials, PASSWORD, dataDir.resolve("controller-" + run + ".log"));
    }

    private static void awaitNodes(final ControllerJvm controller) throws Exception {
        for (String node : NODES) {
            controller.rest().await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION
                + "?content=config", r -> r.statusCode() == 200, WAIT);
        }
    }

    /** How many lines of the controllers' logs contain {@code text}. */
    private static long logged(final String text) throws IOException {
        long count = 0;
        for (int run = 0; run <= ROUNDS; run++) {
            final Path log = dataDir.resolve("controller-" + run + ".log");
            if (Files.exists(log)) {
                count += Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains(text))
                    .count();
            }
        }
        return count;
    }

    private static Set<String> interfacesOn(final Netconfd device) throws Exception {
        try (NetconfVerifier session = NetconfVerifier.connect(device)) {
            return new HashSet<>(NetconfVerifier.values(session.getConfig("running"), "data", "interfaces",
                "interface", "name"));
        }
    }

    @Test
    void killedWhileCommittingEveryAcknowledgedCommitStaysAndEveryCommitIsOnBothDevicesOrNeither()
            throws Exception {
        final long seed = System.nanoTime();
        final Random random = new Random(seed);
        final List<String> attempted = new CopyOnWriteArrayList<>();
        final List<String> acknowledged = new CopyOnWriteArrayList<>();

        ControllerJvm controller = controller(0);
        for (int i = 0; i < NODES.size(); i++) {
            final Netconfd device = DEVICES.get(i);
            final HttpResponse<String> mount = controller.rest().send("PUT",
                RestconfClient.NETCONF_NODE + NODES.get(i),
                RestconfClient.netconfMount(NODES.get(i), device.host(), device.port(), device.username(),
                    device.password()));
            assertEquals(201, mount.statusCode(), mount.body());
        }
        for (int round = 0; round < ROUNDS; round++) {
            if (round > 0) {
                controller = controller(round);
            }
            awaitNodes(controller);
            final ControllerJvm current = controller;
            final String prefix = "r" + round + "c";
            final Thread committer = new Thread(() -> {
                try {
                    for (int k = 0; ; k++) {
                        final String name = prefix + k;
                        for (String node : NODES) {
                            final HttpResponse<String> put = current.rest().send("PUT",
                                RestconfClient.intentInterface(node, name), RestconfClient.ethernetInterface(name));
                            if (put.statusCode() / 100 != 2) {
                                return;
                            }
                        }
                        attempted.add(name);
                        final JsonObject commit = current.rest().rpc("uniconfig-manager:commit", NODES);
                        if ("complete".equals(commit.get("overall-status").getAsString())) {
                            acknowledged.add(name);
                        }
                    }
                } catch (Exception | AssertionError killed) {
                    // the controller was killed under the request
                }
            }, "committer-" + round);
            committer.start();
            Thread.sleep(1_000 + random.nextInt(3_000));
            controller.kill();
            committer.join(TimeUnit.MINUTES.toMillis(2));
            assertFalse(committer.isAlive());
        }

        try (ControllerJvm last = controller(ROUNDS)) {
            awaitNodes(last);
            final Set<String> on1 = interfacesOn(DEVICES.get(0));
            final Set<String> on2 = interfacesOn(DEVICES.get(1));
            final String context = " (seed " + seed + ", attempted " + attempted + ", acknowledged " + acknowledged
                + ", on d1 " + on1 + ", on d2 " + on2 + ")\n" + last.tail();
            assertFalse(acknowledged.isEmpty(), "some commits were acknowledged" + context);
            System.out.println("Crash recovery: " + attempted.size() + " commits started, " + acknowledged.size()
                + " acknowledged; logged by the restarts: " + logged("was interrupted by a stop") + " interrupted, "
                + logged("putting it back") + " device(s) put back, " + logged("is on all its devices")
                + " finished as done");
            for (String name : attempted) {
                assertEquals(on1.contains(name), on2.contains(name), name + " is on both devices or neither" + context);
            }
            for (String name : acknowledged) {
                assertTrue(on1.contains(name), name + " was acknowledged" + context);
            }
            // and the controller agrees with its devices: committing what is left brings every attempt to both
            final JsonObject commit = last.rest().rpc("uniconfig-manager:commit", NODES);
            assertEquals("complete", commit.get("overall-status").getAsString(), commit + context);
            assertTrue(interfacesOn(DEVICES.get(0)).containsAll(attempted), context);
            assertTrue(interfacesOn(DEVICES.get(1)).containsAll(attempted), context);
        }
    }
}
