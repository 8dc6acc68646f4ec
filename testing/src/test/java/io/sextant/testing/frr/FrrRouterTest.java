package io.sextant.testing.frr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrrRouterTest {

    @Test
    void routerRunsItsOwnDaemonsAndIsRemovedCompletelyOnClose() {
        final FrrRouter router = FrrRouter.builder().namePrefix("t").interfaces(2).start();
        final RouterLayout layout = new RouterLayout(router.name());
        try {
            assertTrue(router.runningConfig().contains("hostname " + router.name()));
            assertTrue(router.inNamespace("ip", "-o", "link", "show", "eth1").contains("eth1"));

            router.configure("interface eth0", "description harness check", "ip address 192.0.2.1/24");
            assertTrue(router.runningConfig().contains(" description harness check"));
            // zebra applies the address to the kernel interface inside the namespace
            assertTrue(router.inNamespace("ip", "-4", "-o", "addr", "show", "eth0").contains("192.0.2.1/24"));

            final IllegalStateException rejected = assertThrows(IllegalStateException.class,
                () -> router.configure("bogus command"));
            assertTrue(rejected.getMessage().contains("% Unknown command: bogus command"), rejected.getMessage());
            assertTrue(router.sshPort() > 0);
        } finally {
            router.close();
        }
        assertFalse(HostCommand.run(List.of("ip", "netns", "list")).contains(layout.namespace()));
        assertFalse(HostCommand.tryRun(List.of("id", "-u", layout.user())).ok());
        assertFalse(Files.exists(layout.runDir()));
        assertFalse(Files.exists(layout.etcDir()));
        assertFalse(Files.exists(layout.workDir()));
        assertFalse(HostCommand.run(List.of("ip", "-o", "link", "show")).contains(layout.hostVeth(0)));
    }

    @Test
    void leftoversOfAKilledJvmAreRemovedByTheNextStart() throws Exception {
        final RouterLayout stale = new RouterLayout("stale" + ProcessHandle.current().pid() % 100000);
        Files.createDirectories(stale.workDir());
        // a pid that cannot be alive: above the kernel's pid_max
        Files.writeString(stale.ownerFile(), "4194399 0\n");
        HostCommand.run(List.of("ip", "netns", "add", stale.namespace()));
        HostCommand.run(List.of("ip", "link", "add", "name", stale.hostVeth(0), "type", "veth", "peer", "name",
            "eth0", "netns", stale.namespace()));

        RouterCleanup.sweepStale();

        assertFalse(HostCommand.run(List.of("ip", "netns", "list")).contains(stale.namespace()));
        assertFalse(HostCommand.run(List.of("ip", "-o", "link", "show")).contains(stale.hostVeth(0) + "@"));
        assertFalse(Files.exists(stale.workDir()));
    }

    @Test
    void linkedPairBringsUpBgpSession() {
        try (FrrPair pair = FrrPair.start()) {
            final String link = pair.linkInterface();
            pair.first().configure("interface " + link, "ip address 10.99.0.1/30", "exit",
                "router bgp 65001", "bgp router-id 10.99.0.1", "no bgp ebgp-requires-policy",
                "neighbor 10.99.0.2 remote-as 65002");
            pair.second().configure("interface " + link, "ip address 10.99.0.2/30", "exit",
                "router bgp 65002", "bgp router-id 10.99.0.2", "no bgp ebgp-requires-policy",
                "neighbor 10.99.0.1 remote-as 65001");
            assertEquals("Established",
                pair.first().awaitBgpState("10.99.0.2", "Established", Duration.ofSeconds(60)));
            assertTrue(pair.second().bgpSummaryJson().contains("\"10.99.0.1\""));
        }
    }
}
