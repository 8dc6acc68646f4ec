package io.sextant.perf.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.perf.cli.CliProbe;
import io.sextant.perf.run.DeviceFleet.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pure parts of the cli scenario: status parsing, the sample, and the check of the devices' configurations. */
class CliScenarioTest {
    private static final String CONFIG = """
        version 15.6
        hostname CPE1
        interface GigabitEthernet0/1
         description customer LAN
         vrf forwarding CUST
        !
        interface GigabitEthernet0/2
         description management
        !
        end""";

    @Test
    void statusLeavesAreReadPerNode() {
        final String body = """
            {"network-topology:topology":[{"topology-id":"topology-cli","node":[
              {"node-id":"cpe-00001","cli-topology:connection-status":"connected"},
              {"node-id":"cpe-00002","cli-topology:connection-status":"connecting"},
              {"node-id":"cpe-00003"}]}]}""";
        assertEquals(Map.of("cpe-00001", "connected", "cpe-00002", "connecting"),
            TopologyLeaves.byNode(body, "cli-topology:connection-status"));
        assertEquals(Map.of(), TopologyLeaves.byNode("""
            {"network-topology:topology":[{"topology-id":"uniconfig"}]}""", "uniconfig-topology:node-status"));
    }

    @Test
    void countsOnlyTheMountedNodesAndTakesAChangedNodeAsSynced() {
        final CliScenario.Counts counts = CliScenario.counts(List.of("a", "b", "c", "d"),
            Map.of("a", "connected", "b", "connected", "c", "unable-to-connect", "x", "connected"),
            Map.of("a", "synced", "b", "changed", "d", "sync-failed", "x", "synced"));
        assertEquals(new CliScenario.Counts(2, 1, 2, 1), counts);
    }

    @Test
    void sampleSpansTheFleetFromFirstToLast() {
        final List<Device> devices = new ArrayList<>();
        for (int i = 1; i <= 1000; i++) {
            devices.add(new Device(CliFleet.nodeId(i), "127.0.0.1", 20_000 + i));
        }
        final List<Device> sample = CliScenario.sample(devices, 20);
        assertEquals(20, sample.size());
        assertEquals("cpe-00001", sample.get(0).id());
        assertEquals("cpe-01000", sample.get(19).id());
        assertEquals(20, sample.stream().distinct().count());
        assertEquals(devices.subList(0, 5), CliScenario.sample(devices.subList(0, 5), 20));
    }

    @Test
    void configurationIsCutOutOfTheSessionTranscript() {
        final String transcript = "CPE1# terminal length 0\nCPE1# show running-config\nBuilding configuration...\n\n"
            + "Current configuration : 123 bytes\n!\n" + CONFIG + "\nCPE1# exit\n";
        assertEquals(CONFIG, CliScenario.configuration(transcript));
        assertEquals("customer LAN", CliProbe.description(CONFIG, "GigabitEthernet0/1"));
        assertEquals(null, CliProbe.description(CONFIG, "GigabitEthernet0/3"));
    }

    @Test
    void deviceWithTheNewDescriptionAndNothingElsePasses() {
        final String after = CONFIG.replace("description customer LAN", "description "
            + CliScenario.description(2, "cpe-00001"));
        assertEquals(List.of(), CliScenario.verify(Map.of("cpe-00001", CONFIG), Map.of("cpe-00001", after), 2));
    }

    @Test
    void deviceWithoutTheChangeOrWithOtherChangesFails() {
        final String stale = CONFIG.replace("description customer LAN", "description "
            + CliScenario.description(1, "cpe-00001"));
        final List<String> wrong = CliScenario.verify(Map.of("cpe-00001", CONFIG), Map.of("cpe-00001", stale), 2);
        assertEquals(1, wrong.size());
        assertTrue(wrong.get(0).contains("round 1"), wrong.get(0));

        final String extra = CONFIG.replace("description customer LAN", "description "
            + CliScenario.description(2, "cpe-00001")).replace(" vrf forwarding CUST\n", "");
        final List<String> other = CliScenario.verify(Map.of("cpe-00001", CONFIG), Map.of("cpe-00001", extra), 2);
        assertEquals(1, other.size());
        assertTrue(other.get(0).contains("vrf forwarding CUST"), other.get(0));

        assertEquals(List.of("cpe-00001: not read"), CliScenario.verify(Map.of("cpe-00001", CONFIG), Map.of(), 2));
    }

    @Test
    void descriptionIsAddedWhereTheInterfaceHadNone() {
        final String bare = CONFIG.replace(" description management\n", "");
        assertEquals(CONFIG, CliScenario.withDescription(bare, "GigabitEthernet0/2", "management"));
    }

    @Test
    void jsonLinesAreCountedPrettyPrinted() {
        // {, "a": {, "b": [, 1, 2, ], }, }
        assertEquals(8, CliScenario.prettyLines("{\"a\":{\"b\":[1,2]}}"));
    }
}
