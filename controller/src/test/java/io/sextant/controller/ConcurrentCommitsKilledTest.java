package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fifty two-device commits at once, the controller killed with SIGKILL in the middle of them and
 * started again on the same PostgreSQL, twice: every commit it acknowledged is on both its
 * devices, every commit it started is on both or on neither (read through independent
 * sessions), and the nodes it reads back at the restart are only nodes of commits the kill cut
 * off. 100 simulated devices (netconf-testtool, one process), changed in ietf-interfaces.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ConcurrentCommitsKilledTest {
    private static final String PASSWORD = "concurrent-commits-killed-test";
    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final int COMMITTERS = 50;
    private static final int ROUNDS = 2;

    /** Kept when the test fails: the controllers' logs are in it. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dataDir;
    private static ControllerRuns runs;
    private static NetconfTestTool devices;
    private static final List<List<String>> GROUPS = IntStream.range(0, COMMITTERS)
        .mapToObj(g -> List.of("d" + 2 * g, "d" + (2 * g + 1))).toList();

    @BeforeAll
    static void start() throws Exception {
        runs = ControllerRuns.start(dataDir, PASSWORD);
        devices = NetconfTestTool.builder().ssh(false).deviceCount(2 * COMMITTERS).threadAmount(2)
            .models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stop() {
        if (devices != null) {
            devices.close();
        }
        if (runs != null) {
            runs.close();
        }
    }

    private static int index(final String node) {
        return Integer.parseInt(node.substring(1));
    }

    /** The interface names on every device, read over sessions of the test's own. */
    private static Map<String, Set<String>> interfacesOnTheDevices() throws Exception {
        final Map<String, Set<String>> names = new HashMap<>();
        for (List<String> group : GROUPS) {
            for (String node : group) {
                try (NetconfVerifier session = NetconfVerifier.connect(devices, index(node))) {
                    names.put(node, new HashSet<>(NetconfVerifier.values(session.getConfig("running"), "data",
                        "interfaces", "interface", "name")));
                }
            }
        }
        return names;
    }

    @Test
    void killedDuringFiftyConcurrentCommitsEachIsOnAllItsDevicesOrNoneAndOnlyTheirNodesAreInDoubt()
            throws Exception {
        final KilledCommits commits = new KilledCommits(GROUPS, KilledCommits.Model.IETF);
        final int inDoubt = commits.killAndCheck(runs, ROUNDS, rest -> {
            for (List<String> group : GROUPS) {
                for (String node : group) {
                    final HttpResponse<String> mount = rest.send("PUT", RestconfClient.NETCONF_NODE + node,
                        "{\"node\":[{\"node-id\":\"" + node + "\",\"netconf-node-topology:host\":\"" + devices.host()
                            + "\",\"netconf-node-topology:port\":" + devices.port(index(node))
                            + ",\"netconf-node-topology:tcp-only\":true,\"netconf-node-topology:keepalive-delay\":0}]}");
                    assertEquals(201, mount.statusCode(), mount.body());
                }
            }
        }, ConcurrentCommitsKilledTest::interfacesOnTheDevices, WAIT);
        assertTrue(inDoubt > 0, "the kills left commits in doubt");
    }
}
