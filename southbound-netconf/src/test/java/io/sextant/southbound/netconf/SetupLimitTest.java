package io.sextant.southbound.netconf;

import static io.sextant.southbound.netconf.TopologyFixture.node;
import static io.sextant.southbound.netconf.TopologyFixture.oneAttempt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * With a limit on concurrent session set-ups, mounted devices wait their turn: a device that never
 * says hello holds its turn only until its connection timeout, a node unmounted while waiting
 * gives its turn away, and every reachable device ends connected.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SetupLimitTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void devicesWaitTheirTurnAndEveryTurnIsGivenBack() throws Exception {
        try (NetconfTestTool devices = NetconfTestTool.builder().ssh(false).deviceCount(2)
                .models(ModelSets.OPENCONFIG_INTERFACES).start();
             ServerSocket silent = new ServerSocket();
             TopologyFixture fixture = new TopologyFixture(1)) {
            // Accepts connections and never says hello: holds the only turn until it times out.
            silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
            fixture.mount(node("silent", "127.0.0.1", silent.getLocalPort(), true, null, null, oneAttempt(8_000)));
            fixture.mount(node("gone", devices.host(), devices.port(0), true, null, null, Map.of()));
            fixture.mount(node("next", devices.host(), devices.port(1), true, null, null, Map.of()));
            // gone and next wait behind the silent device (mounts are applied asynchronously).
            await(() -> fixture.topology.setupsWaiting() == 2, "two set-ups waiting");
            assertEquals(1, fixture.topology.setupsRunning());
            fixture.unmount("gone");

            fixture.awaitStatus("silent", "unable-to-connect", WAIT);
            fixture.awaitStatus("next", "connected", WAIT);
            assertFalse(fixture.topology.status("gone").isPresent());
            assertEquals(0, fixture.topology.setupsRunning());
            assertEquals(0, fixture.topology.setupsWaiting());
        }
    }

    private static void await(final BooleanSupplier condition, final String what) throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not reached: " + what);
            }
            Thread.sleep(20);
        }
    }
}
