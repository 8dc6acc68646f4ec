package io.sextant.southbound.netconf;

import static io.sextant.southbound.netconf.TopologyFixture.leaf;
import static io.sextant.southbound.netconf.TopologyFixture.node;
import static io.sextant.southbound.netconf.TopologyFixture.oneAttempt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.testing.FreePorts;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.Netconfd;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * Devices that cannot be reached, refuse the login, never say hello, stop answering or die: each
 * node reports why, the healthy node next to them keeps working, and nothing waits forever.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class NetconfFaultsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static Netconfd netconfd;
    private static NetconfTestTool victim;
    private static ServerSocket silent;
    private static TopologyFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
        victim = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        // Accepts connections (the kernel completes the handshake) and never says anything.
        silent = new ServerSocket();
        silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        fixture = new TopologyFixture();
        fixture.mount(node("healthy", netconfd.host(), netconfd.port(), false, netconfd.username(),
            netconfd.password(), Map.of()));
        fixture.awaitStatus("healthy", "connected", WAIT);
    }

    @AfterAll
    static void stop() throws IOException {
        for (AutoCloseable closeable : new AutoCloseable[] {fixture, netconfd, victim, silent}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // stop the rest
                }
            }
        }
    }

    private static void assertHealthyNodeWorks() throws Exception {
        assertTrue(fixture.topology.status("healthy").orElseThrow().isConnected());
        fixture.mountPoint("healthy").data().read(ReadScope.CONFIG, YangInstanceIdentifier.of(),
            RequestContext.system()).toCompletableFuture().get(30, TimeUnit.SECONDS).orElseThrow();
    }

    @Test
    void anUnreachablePortEndsUnableToConnectAfterTheAllowedAttempts() throws Exception {
        fixture.mount(node("refused", "127.0.0.1", FreePorts.one(), false, "u", "p", Map.of(
            "max-connection-attempts", Uint32.valueOf(3), "between-attempts-timeout-millis",
            Uint16.valueOf(100))));
        final MapEntryNode status = fixture.awaitStatus("refused", "unable-to-connect", WAIT);
        final String message = leaf(status, "connected-message").orElseThrow();
        assertTrue(message.toLowerCase().contains("refused"), message);
        assertEquals(3, fixture.topology.status("refused").orElseThrow().failedAttempts());
        assertHealthyNodeWorks();
    }

    @Test
    void aWrongPasswordIsReportedAsAnAuthenticationFailure() throws Exception {
        fixture.mount(node("wrong-password", netconfd.host(), netconfd.port(), false, netconfd.username(),
            "not-the-password", oneAttempt(30_000)));
        final MapEntryNode status = fixture.awaitStatus("wrong-password", "unable-to-connect", WAIT);
        final String message = leaf(status, "connected-message").orElseThrow();
        assertTrue(message.contains("authentication"), message);
        assertHealthyNodeWorks();
    }

    @Test
    void aDeviceThatNeverSaysHelloTimesOutOverSshAndTcp() throws Exception {
        fixture.mount(node("silent-ssh", "127.0.0.1", silent.getLocalPort(), false, "u", "p", oneAttempt(1500)));
        fixture.mount(node("silent-tcp", "127.0.0.1", silent.getLocalPort(), true, null, null, oneAttempt(1500)));
        for (String nodeId : new String[] {"silent-ssh", "silent-tcp"}) {
            final MapEntryNode status = fixture.awaitStatus(nodeId, "unable-to-connect", WAIT);
            assertTrue(leaf(status, "connected-message").isPresent(), status.toString());
        }
        assertHealthyNodeWorks();
    }

    @Test
    void aDeviceThatStopsAnsweringIsDetectedByKeepalivesAndADeadOneIsReconnectedWhenItReturns()
            throws Exception {
        final int port = victim.port(0);
        fixture.mount(node("victim", victim.host(), port, true, null, null, Map.of(
            "keepalive-delay", Uint32.ONE, "default-request-timeout-millis", Uint32.valueOf(1000),
            "between-attempts-timeout-millis", Uint16.valueOf(300),
            "max-timeout-between-attempts-millis", Uint32.valueOf(2000))));
        fixture.awaitStatus("victim", "connected", WAIT);

        // Frozen: the connection stays open but nothing answers.
        signal("STOP", victim.pid());
        try {
            final MapEntryNode frozen = fixture.awaitOperational("victim",
                n -> leaf(n, "connection-status").orElse("").equals("connecting")
                    && leaf(n, "connected-message").orElse("").contains("keepalive"), WAIT);
            assertTrue(leaf(frozen, "connected-message").orElseThrow().contains("keepalive"));
            assertHealthyNodeWorks();
        } finally {
            signal("CONT", victim.pid());
        }
        fixture.awaitStatus("victim", "connected", WAIT);

        // Killed: the session goes down at once; the node keeps trying and comes back with the device.
        victim.kill();
        fixture.awaitOperational("victim", n -> leaf(n, "connection-status").orElse("").equals("connecting")
            && leaf(n, "connected-message").isPresent(), WAIT);
        assertHealthyNodeWorks();
        victim = NetconfTestTool.builder().ssh(false).startingPort(port).models(ModelSets.OPENCONFIG_INTERFACES)
            .start();
        fixture.awaitStatus("victim", "connected", WAIT);
    }

    private static void signal(final String signal, final long pid) throws IOException, InterruptedException {
        final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor());
    }
}
