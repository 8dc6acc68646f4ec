package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
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

    /** Kept when the test fails: the controllers' logs are in it. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dataDir;
    private static ControllerRuns runs;
    private static final List<Netconfd> DEVICES = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        runs = ControllerRuns.start(dataDir, PASSWORD);
        for (int i = 0; i < NODES.size(); i++) {
            DEVICES.add(Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (Netconfd device : DEVICES) {
            device.close();
        }
        if (runs != null) {
            runs.close();
        }
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
        final KilledCommits commits = new KilledCommits(List.of(NODES), KilledCommits.Model.OPENCONFIG);
        commits.killAndCheck(runs, ROUNDS, rest -> {
            for (int i = 0; i < NODES.size(); i++) {
                final Netconfd device = DEVICES.get(i);
                final HttpResponse<String> mount = rest.send("PUT", RestconfClient.NETCONF_NODE + NODES.get(i),
                    RestconfClient.netconfMount(NODES.get(i), device.host(), device.port(), device.username(),
                        device.password()));
                assertEquals(201, mount.statusCode(), mount.body());
            }
        }, () -> Map.of(NODES.get(0), interfacesOn(DEVICES.get(0)),
            NODES.get(1), interfacesOn(DEVICES.get(1))), WAIT);
    }
}
