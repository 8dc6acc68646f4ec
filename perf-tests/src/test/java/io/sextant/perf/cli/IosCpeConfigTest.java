package io.sextant.perf.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.cli.CliDeviceSimulator;
import io.sextant.translation.ReadResult;
import io.sextant.translation.UnitModel;
import io.sextant.translation.ios.IosUnit;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** The simulated CPE's configuration, as the simulator prints it, read by the ios translation unit. */
class IosCpeConfigTest {

    /** What the unit reads from the simulator's {@code show running-config} of device {@code number}. */
    private static ReadResult read(final int number) throws Exception {
        try (CliDeviceSimulator simulator = CliDeviceSimulator.builder().devices(1).hostnamePrefix("CPE")
                .initialConfig(i -> IosCpeConfig.of(number)).start()) {
            return UnitModel.of(new IosUnit()).read(Map.of("show running-config",
                simulator.device(0).runningConfig()));
        }
    }

    @Test
    void iosUnitReadsEveryFeatureLineOfTheCpe() throws Exception {
        final ReadResult result = read(7);
        // uncovered: the boilerplate around the features, and the 802.1Q tags OpenConfig has no place for here
        final List<String> uncovered = result.uncovered().stream()
            .map(line -> line.substring(line.indexOf(": ") + 2)).toList();
        for (String line : uncovered) {
            assertTrue(line.matches("(version|service|no service|hostname|boot-|no aaa|ip cef|no ipv6|ip forward-protocol"
                + "|no ip http|logging|ntp|line ).*|interface \\S+ > (duplex|speed|encapsulation dot1Q) .*"
                + "|router bgp \\d+ > (bgp log-neighbor-changes|address-family ipv4 > network .*)"
                + "|line .*"), "a feature line the unit did not read: " + line);
        }

        final DataContainerNode config = result.configuration();
        assertEquals(Set.of("Loopback0", "GigabitEthernet0/0", "GigabitEthernet0/1", "GigabitEthernet0/1.100",
            "GigabitEthernet0/1.200", "GigabitEthernet0/2", "GigabitEthernet0/3"),
            keys(at(config, "interfaces", "interface")));
        final MapNode instances = (MapNode) at(config, "network-instances", "network-instance");
        assertEquals(Set.of("default", "CUST", "MGMT"), keys(instances));
        final DataContainerNode cust = entry(instances, "CUST");
        assertEquals(Set.of("GigabitEthernet0/1", "GigabitEthernet0/1.100", "GigabitEthernet0/1.200"),
            keys(at(cust, "interfaces", "interface")));
        // BGP with a neighbor in the default instance and in the customer VRF; static routes in all three
        for (String instance : List.of("default", "CUST")) {
            final DataContainerNode bgp = protocol(entry(instances, instance), "BGP");
            assertEquals(1, keys(at(bgp, "bgp", "neighbors", "neighbor")).size(), instance);
        }
        for (String instance : List.of("default", "CUST", "MGMT")) {
            final DataContainerNode statics = protocol(entry(instances, instance), "STATIC");
            assertEquals(1, keys(at(statics, "static-routes", "static")).size(), instance);
        }
    }

    @Test
    void devicesGetAddressesOfTheirOwn() {
        final String one = IosCpeConfig.of(1);
        final String other = IosCpeConfig.of(1000);
        assertNotEquals(one, other);
        assertTrue(one.contains("hostname CPE1\n"));
        assertNotEquals(address(one, "GigabitEthernet0/0"), address(other, "GigabitEthernet0/0"));
        assertNotEquals(address(one, "Loopback0"), address(other, "Loopback0"));
        assertThrows(IllegalArgumentException.class, () -> IosCpeConfig.of(0));
    }

    private static String address(final String config, final String iface) {
        final String block = config.substring(config.indexOf("interface " + iface + "\n"));
        return block.substring(block.indexOf(" ip address ") + 12, block.indexOf('\n', block.indexOf(" ip address ")));
    }

    /** The node at the given local names below {@code parent} (containers, then the last is any child). */
    private static NormalizedNode at(final NormalizedNode parent, final String... names) {
        NormalizedNode node = parent;
        for (String name : names) {
            final NormalizedNode current = node;
            node = ((DataContainerNode) current).body().stream()
                .filter(c -> c.name().getNodeType().getLocalName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + current.name()));
        }
        return node;
    }

    private static Set<String> keys(final NormalizedNode map) {
        final Set<String> keys = new HashSet<>();
        for (NormalizedNode entry : (Collection<? extends NormalizedNode>) ((MapNode) map).body()) {
            final var predicates = (NodeIdentifierWithPredicates) entry.name();
            keys.add(predicates.values().iterator().next().toString());
        }
        return keys;
    }

    private static DataContainerNode entry(final MapNode map, final String key) {
        return map.body().stream()
            .filter(e -> e.name().values().iterator().next().toString().equals(key)).findFirst()
            .orElseThrow(() -> new AssertionError("no entry " + key));
    }

    private static DataContainerNode protocol(final DataContainerNode instance, final String identifier) {
        final MapNode protocols = (MapNode) at(instance, "protocols", "protocol");
        final Optional<? extends DataContainerNode> found = protocols.body().stream()
            .filter(e -> e.name().values().stream().anyMatch(v -> v.toString().endsWith(identifier))).findFirst();
        return found.orElseThrow(() -> new AssertionError("no protocol " + identifier + " in " + instance.name()));
    }
}
