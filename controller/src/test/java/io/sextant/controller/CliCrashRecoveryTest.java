package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.testing.frr.FrrRouter;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CrashRecoveryTest} for CLI devices: two FRR routers over SSH, which apply a commit line
 * by line with no candidate and no confirmed commit. The controller is killed with SIGKILL while
 * it commits to both, started again on the same PostgreSQL, several times; on each start the
 * routers of a commit in doubt are read back and put back to what was kept. Every commit it
 * acknowledged is on both routers, and every commit it started is on both or on neither, read
 * with the routers' own vtysh.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CliCrashRecoveryTest {
    private static final String PASSWORD = "cli-crash-recovery-test";
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final List<String> NODES = List.of("r1", "r2");
    private static final int ROUNDS = 3;
    private static final Pattern INTERFACE = Pattern.compile("(?m)^interface (\\S+)");

    /** Kept when the test fails: the controllers' logs are in it. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dataDir;
    private static ControllerRuns runs;
    private static final List<FrrRouter> ROUTERS = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        runs = ControllerRuns.start(dataDir, PASSWORD);
        for (int i = 0; i < NODES.size(); i++) {
            ROUTERS.add(FrrRouter.builder().namePrefix("crash").interfaces(1).start());
        }
    }

    @AfterAll
    static void stop() {
        for (FrrRouter router : ROUTERS) {
            router.close();
        }
        if (runs != null) {
            runs.close();
        }
    }

    /** The interfaces in the router's running configuration, as its vtysh shows it. */
    private static Set<String> interfacesOn(final FrrRouter router) {
        final Matcher matcher = INTERFACE.matcher(router.runningConfig());
        return matcher.results().map(result -> result.group(1)).collect(Collectors.toSet());
    }

    @Test
    void killedWhileCommittingEveryAcknowledgedCommitStaysAndEveryCommitIsOnBothRoutersOrNeither()
            throws Exception {
        final KilledCommits commits = new KilledCommits(List.of(NODES), KilledCommits.Model.OPENCONFIG);
        commits.killAndCheck(runs, ROUNDS, rest -> {
            for (int i = 0; i < NODES.size(); i++) {
                final HttpResponse<String> mount = rest.send("PUT", RestconfClient.CLI_NODE + NODES.get(i),
                    RestconfClient.frrMount(NODES.get(i), ROUTERS.get(i), ""));
                assertEquals(201, mount.statusCode(), mount.body());
            }
        }, () -> Map.of(NODES.get(0), interfacesOn(ROUTERS.get(0)),
            NODES.get(1), interfacesOn(ROUTERS.get(1))), WAIT);
    }
}
