package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.WriteTransaction;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.HostKeys;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A start that serves RESTCONF before it sets up device sessions ({@link NetconfTopology#withSessionsHeld}):
 * the nodes kept from an earlier run are mounted at once, their sessions wait for
 * {@link NetconfTopology#startSessions()}, and then connect as any other.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SessionsHeldUntilStartedTest {

    @Test
    void aKeptNodeIsMountedAtOnceAndConnectsOnlyOnceSessionsStart() throws Exception {
        try (ServerSocket device = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             ControllerStores datastores = new ControllerStores()) {
            // kept from an earlier run: in the configuration before the topology starts
            final WriteTransaction tx = datastores.config().newTransaction();
            tx.put(TopologyFixture.nodePath("kept"), TopologyFixture.node("kept", "127.0.0.1", device.getLocalPort(),
                true, null, null, TopologyFixture.oneAttempt(60_000)));
            tx.commit();

            try (NetconfTopology topology = NetconfTopology.withSessionsHeld(datastores, new MountPointRegistry(),
                    new RpcRegistry(), DeviceSecrets.AS_STORED, new NetconfSettings(
                        Files.createTempDirectory("sextant-schema-cache-"), 1, 1, Duration.ofSeconds(30)),
                    HostKeys.inMemory(), StateBackend.inMemory(), DeviceOwnership.SOLE)) {
                assertTrue(topology.nodeIds().contains("kept"), "mounted at the start");
                assertEquals(1, topology.setupsWaiting(), "its session set-up waits");
                assertEquals(0, topology.setupsRunning());
                device.setSoTimeout(500);
                try (Socket early = device.accept()) {
                    fail("the device was connected before the sessions started: " + early);
                } catch (SocketTimeoutException expected) {
                    // nothing connected
                }

                topology.startSessions();
                device.setSoTimeout((int) TimeUnit.SECONDS.toMillis(30));
                try (Socket connected = device.accept()) {
                    assertTrue(connected.isConnected());
                }
                assertEquals(0, topology.setupsWaiting());
                // only the first call releases anything
                topology.startSessions();
                assertEquals(0, topology.setupsWaiting());
            }
        }
    }

    @Test
    void aTopologyThatHeldNothingConnectsAtOnce() throws Exception {
        try (ServerSocket device = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             TopologyFixture fixture = new TopologyFixture()) {
            fixture.mount(TopologyFixture.node("at-once", "127.0.0.1", device.getLocalPort(), true, null, null,
                TopologyFixture.oneAttempt(60_000)));
            device.setSoTimeout((int) TimeUnit.SECONDS.toMillis(30));
            try (Socket connected = device.accept()) {
                assertTrue(connected.isConnected(), "no startSessions() needed");
            }
        }
    }
}
