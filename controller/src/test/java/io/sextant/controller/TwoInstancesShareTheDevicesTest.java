package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.NodeLease;
import io.sextant.security.service.DeviceSecretsService;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.PostgresServer;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two controller instances (the plain-Java assembly twice in one JVM, each with its own data
 * directory and database pool) on one real PostgreSQL, four simulated NETCONF devices counting
 * their sessions: each device has exactly one session open, from the instance holding its node's
 * lease, and the nodes are shared 2/2 once the second instance joined; a node owned by the other
 * instance still answers its intent over RESTCONF from the database; closing an instance hands its
 * nodes to the other, which connects them.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TwoInstancesShareTheDevicesTest {
    private static final String PASSWORD = "two-instances-share-the-devices-test";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final List<String> NODES = List.of("d0", "d1", "d2", "d3");

    @TempDir
    static Path dirA;
    @TempDir
    static Path dirB;
    private static PostgresServer postgres;
    private static final Map<String, MisbehavingNetconfDevice> DEVICES = new HashMap<>();

    @BeforeAll
    static void start() throws Exception {
        postgres = PostgresServer.start();
        for (String node : NODES) {
            DEVICES.put(node, MisbehavingNetconfDevice.builder().ssh(true).credentials("admin", "admin").start());
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (MisbehavingNetconfDevice device : DEVICES.values()) {
            device.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    /** One controller instance. */
    /**
     * Whether every device has exactly one session open, from the instance the database names as
     * its node's owner, and no other instance has one.
     */
    private static boolean oneSessionEachFromItsOwner(final List<NodeLease> leases, final InJvmInstance... instances) {
        for (NodeLease lease : leases) {
            final String node = lease.node().nodeId();
            if (DEVICES.get(node).openSessions() != 1 || !lease.held()) {
                return false;
            }
            for (InJvmInstance instance : instances) {
                if (instance.hasSession(node) != instance.id().equals(lease.owner())) {
                    return false;
                }
            }
        }
        return leases.size() == NODES.size();
    }

    private static String describe(final List<NodeLease> leases, final InJvmInstance... instances) {
        final List<String> lines = new ArrayList<>();
        for (NodeLease lease : leases) {
            final String node = lease.node().nodeId();
            final List<String> with = new ArrayList<>();
            for (InJvmInstance instance : instances) {
                if (instance.hasSession(node)) {
                    with.add(instance.id());
                }
            }
            lines.add(node + ": owner " + lease.owner() + (lease.held() ? "" : " (not held)") + ", device sessions "
                + DEVICES.get(node).openSessions() + ", sessions from " + with);
        }
        return String.join("; ", lines);
    }


    private static void awaitOneSessionEach(final String what, final InJvmInstance... instances) throws Exception {
        Waits.until(what, WAIT, () -> {
            try {
                return oneSessionEachFromItsOwner(instances[0].leases(), instances);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, () -> {
            try {
                return describe(instances[0].leases(), instances);
            } catch (Exception e) {
                return e.toString();
            }
        });
    }

    private static long ownedBy(final List<NodeLease> leases, final InJvmInstance instance) {
        return leases.stream().filter(lease -> instance.id().equals(lease.owner())).count();
    }

    @Test
    void eachDeviceHasOneSessionFromItsOwnerAndAClosedInstanceHandsItsNodesOver() throws Exception {
        final InJvmInstance a = new InJvmInstance(dirA, DurableController.migratedDatabase(postgres), PASSWORD);
        InJvmInstance b = null;
        try {
            for (String node : NODES) {
                final MisbehavingNetconfDevice device = DEVICES.get(node);
                final HttpResponse<String> mounted = a.rest.send("PUT", RestconfClient.NETCONF_NODE + node,
                    RestconfClient.netconfMount(node, "127.0.0.1", device.port(), "admin", "admin"));
                assertEquals(201, mounted.statusCode(), mounted.body());
            }
            for (String node : NODES) {
                a.rest.await(RestconfClient.UNICONFIG_NODE + node + RestconfClient.CONFIGURATION + "?content=config",
                    r -> r.statusCode() == 200, WAIT);
            }
            awaitOneSessionEach("a alone holds a session to every device", a);
            assertEquals(NODES.size(), ownedBy(a.leases(), a));

            // instances sharing a database share the key that seals the device passwords
            final Path keyOfB = DeviceSecretsService.keyFile(dirB);
            Files.createDirectories(keyOfB.getParent(), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
            Files.copy(DeviceSecretsService.keyFile(dirA), keyOfB, StandardCopyOption.COPY_ATTRIBUTES);
            b = new InJvmInstance(dirB, DurableController.migratedDatabase(postgres), PASSWORD);
            final InJvmInstance joined = b;
            Waits.until("the nodes are shared 2/2", WAIT, () -> {
                try {
                    final List<NodeLease> leases = a.leases();
                    return ownedBy(leases, a) == 2 && ownedBy(leases, joined) == 2
                        && oneSessionEachFromItsOwner(leases, a, joined);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, () -> {
                try {
                    return describe(a.leases(), a, joined);
                } catch (Exception e) {
                    return e.toString();
                }
            });
            // the nodes b took were handed over by a: each device saw a's session go and b's come
            for (NodeLease lease : a.leases()) {
                final int expected = b.id().equals(lease.owner()) ? 2 : 1;
                assertEquals(expected, DEVICES.get(lease.node().nodeId()).sessionsOpened(),
                    lease.node() + ": " + describe(a.leases(), a, b));
            }

            // a node owned by a answers its intent through b, from the database
            final String ownedByA = a.leases().stream().filter(lease -> a.id().equals(lease.owner())).findFirst()
                .orElseThrow().node().nodeId();
            final String intent = RestconfClient.UNICONFIG_NODE + ownedByA + RestconfClient.CONFIGURATION
                + "?content=config";
            final HttpResponse<String> throughB = b.rest.send("GET", intent);
            assertEquals(200, throughB.statusCode(), throughB.body());
            assertEquals(a.rest.send("GET", intent).body(), throughB.body());
            assertTrue(!b.hasSession(ownedByA));

            // a leaves: b owns and connects every node, each device keeps exactly one session
            a.close();
            awaitOneSessionEach("b took over a's nodes", b);
            assertEquals(NODES.size(), ownedBy(b.leases(), b));
        } finally {
            if (b != null) {
                b.close();
            }
            a.close();
        }
    }
}
