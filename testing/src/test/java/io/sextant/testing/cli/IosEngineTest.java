package io.sextant.testing.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class IosEngineTest {
    private final IosEngine engine = new IosEngine("R1", CliDeviceSimulator.defaultConfig(0));
    private final IosEngine.Mode mode = new IosEngine.Mode();

    private String run(final String... lines) {
        String last = "";
        for (String line : lines) {
            last = engine.execute(mode, line);
        }
        return last;
    }

    @Test
    void promptsFollowTheModes() {
        assertEquals("R1#", engine.prompt(mode));
        run("configure terminal");
        assertEquals("R1(config)#", engine.prompt(mode));
        run("router bgp 65001");
        assertEquals("R1(config-router)#", engine.prompt(mode));
        run("address-family ipv4");
        assertEquals("R1(config-router-af)#", engine.prompt(mode));
        run("exit-address-family", "exit", "vrf definition BLUE", "address-family ipv4");
        assertEquals("R1(config-vrf-af)#", engine.prompt(mode));
        run("interface GigabitEthernet0/0");
        assertEquals("R1(config-if)#", engine.prompt(mode));
        run("end");
        assertEquals("R1#", engine.prompt(mode));
        assertNull(engine.execute(mode, "exit"));
    }

    @Test
    void configurationChangesTheRunningConfigLineByLine() {
        run("configure terminal", "interface GigabitEthernet0/0", "description uplink",
            "ip address 10.0.0.1 255.255.255.0", "ip address 10.0.1.1 255.255.255.0 secondary", "mtu 1400", "exit",
            "ip route 192.168.0.0 255.255.0.0 10.0.0.254", "router bgp 65001", "neighbor 10.0.0.2 remote-as 65002",
            "address-family ipv4", "neighbor 10.0.0.2 activate", "end");
        final String config = engine.runningConfig();
        assertTrue(config.contains("interface GigabitEthernet0/0\n description uplink\n mtu 1400\n ip address "
            + "10.0.0.1 255.255.255.0\n ip address 10.0.1.1 255.255.255.0 secondary\n!"), config);
        assertTrue(config.contains("router bgp 65001\n neighbor 10.0.0.2 remote-as 65002\n address-family ipv4\n"
            + "  neighbor 10.0.0.2 activate\n exit-address-family\n!"), config);
        assertTrue(config.contains("\nip route 192.168.0.0 255.255.0.0 10.0.0.254\n"), config);
        assertTrue(config.startsWith("Building configuration...\n\nCurrent configuration : "), config);

        run("configure terminal", "interface GigabitEthernet0/0", "no ip address 10.0.1.1 255.255.255.0 secondary",
            "no description", "exit", "no router bgp 65001", "end");
        final String after = engine.runningConfig();
        assertFalse(after.contains("secondary"), after);
        assertFalse(after.contains("uplink"), after);
        assertFalse(after.contains("router bgp"), after);
    }

    @Test
    void iosErrorsForWhatIosRefuses() {
        run("configure terminal");
        assertTrue(run("interface GigabitEthernet9/9").endsWith("% Invalid input detected at '^' marker."));
        assertEquals("% VRF NOPE not configured.", run("interface GigabitEthernet0/0", "vrf forwarding NOPE"));
        assertTrue(run("exit", "ip route 300.0.0.0 255.0.0.0 Null0").endsWith("% Invalid input detected at '^' marker."));
        assertEquals("% Specify remote-as or peer-group commands first",
            run("router bgp 1", "neighbor 1.1.1.1 description x"));
    }

    @Test
    void deletingAVrfCleansUpInterfacesRoutesAndBgp() {
        run("configure terminal", "vrf definition BLUE", "rd 1:1", "address-family ipv4", "exit-address-family",
            "exit", "interface GigabitEthernet0/1", "ip address 172.16.0.1 255.255.255.0");
        assertTrue(run("vrf forwarding BLUE").contains("removed due to enabling VRF BLUE"));
        run("ip address 172.16.0.1 255.255.255.0", "exit", "ip route vrf BLUE 10.0.0.0 255.0.0.0 172.16.0.2",
            "router bgp 1", "address-family ipv4 vrf BLUE", "neighbor 172.16.0.2 remote-as 2", "end",
            "configure terminal", "no vrf definition BLUE", "end");
        final String config = engine.runningConfig();
        assertFalse(config.contains("BLUE"), config);
        assertFalse(config.contains("172.16.0.1"), config);
    }
}
