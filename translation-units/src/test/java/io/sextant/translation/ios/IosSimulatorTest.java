package io.sextant.translation.ios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.southbound.cli.session.DefaultCliConnector;
import io.sextant.testing.cli.CliDeviceSimulator;
import io.sextant.testing.cli.SimulatedDevice;
import io.sextant.translation.CliDevice;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.testing.OcJson;
import io.sextant.translation.testing.Trees;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;

/** The IOS unit against the project's CLI device simulator, over SSH. */
class IosSimulatorTest {
    private static CliDeviceSimulator simulator;
    private static DefaultCliConnector connector;

    @BeforeAll
    static void start() {
        simulator = CliDeviceSimulator.builder().devices(3).credentials("lab", "lab-secret").start();
        connector = new DefaultCliConnector(2);
    }

    @AfterAll
    static void stop() {
        if (connector != null) {
            connector.close();
        }
        if (simulator != null) {
            simulator.close();
        }
    }

    private static <T> T await(final CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    private static CliSession connect(final SimulatedDevice device) {
        return await(connector.connect(CliSessionParameters.ssh(device.host(), device.port(), "lab", "lab-secret")
            .withCommandTimeout(Duration.ofSeconds(10)).withDialect(new IosUnit().dialect())));
    }

    @Test
    void everyDeviceAnswersOnItsOwnPortWithItsOwnConfiguration() {
        final List<CliSession> sessions = new ArrayList<>();
        try {
            for (SimulatedDevice device : simulator.devices()) {
                sessions.add(connect(device));
            }
            for (int i = 0; i < sessions.size(); i++) {
                assertEquals("R" + (i + 1) + "#", sessions.get(i).prompt());
                assertTrue(await(sessions.get(i).execute("show running-config")).contains("hostname R" + (i + 1)));
            }
        } finally {
            sessions.forEach(CliSession::close);
        }
    }

    @Test
    void openConfigChangeIsAppliedAndReadsBackAsWritten() throws Exception {
        final SimulatedDevice r1 = simulator.device(0);
        try (CliSession session = connect(r1)) {
            final CliDevice device = new CliDevice("R1", new IosUnit(), session);
            final ContainerNode before = await(device.readConfiguration());
            final ContainerNode additions = OcJson.parse(device.schema(), """
                {
                  "openconfig-interfaces:interfaces": {"interface": [
                    {"name": "GigabitEthernet0/0", "config": {"name": "GigabitEthernet0/0",
                       "type": "iana-if-type:ethernetCsmacd", "description": "uplink", "mtu": 1500, "enabled": true},
                     "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                       "openconfig-if-ip:ipv4": {"addresses": {"address": [
                         {"ip": "10.0.0.1", "config": {"ip": "10.0.0.1", "prefix-length": 24}}]}}}]}},
                    {"name": "GigabitEthernet0/1", "config": {"name": "GigabitEthernet0/1",
                       "type": "iana-if-type:ethernetCsmacd", "enabled": true},
                     "subinterfaces": {"subinterface": [{"index": 0, "config": {"index": 0},
                       "openconfig-if-ip:ipv4": {"addresses": {"address": [
                         {"ip": "172.16.0.1", "config": {"ip": "172.16.0.1", "prefix-length": 30}}]}}}]}}]},
                  "openconfig-network-instance:network-instances": {"network-instance": [
                    {"name": "default", "protocols": {"protocol": [
                      {"identifier": "openconfig-policy-types:BGP", "name": "default",
                       "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                       "bgp": {"global": {"config": {"as": 65001, "router-id": "10.255.0.1"}},
                         "neighbors": {"neighbor": [{"neighbor-address": "10.0.0.2",
                           "config": {"neighbor-address": "10.0.0.2", "peer-as": 65002, "enabled": true},
                           "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                             "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}},
                      {"identifier": "openconfig-policy-types:STATIC", "name": "default",
                       "config": {"identifier": "openconfig-policy-types:STATIC", "name": "default"},
                       "static-routes": {"static": [{"prefix": "0.0.0.0/0", "config": {"prefix": "0.0.0.0/0"},
                         "next-hops": {"next-hop": [{"index": "10.0.0.254",
                           "config": {"index": "10.0.0.254", "next-hop": "10.0.0.254"}}]}}]}}]}},
                    {"name": "CUST", "config": {"name": "CUST", "type": "openconfig-network-instance-types:L3VRF",
                       "route-distinguisher": "65001:1"},
                     "interfaces": {"interface": [{"id": "GigabitEthernet0/1",
                       "config": {"id": "GigabitEthernet0/1", "interface": "GigabitEthernet0/1"}}]},
                     "protocols": {"protocol": [{"identifier": "openconfig-policy-types:BGP", "name": "default",
                       "config": {"identifier": "openconfig-policy-types:BGP", "name": "default"},
                       "bgp": {"global": {"config": {"as": 65001}},
                         "neighbors": {"neighbor": [{"neighbor-address": "172.16.0.2",
                           "config": {"neighbor-address": "172.16.0.2", "peer-as": 65100, "description": "customer",
                                      "enabled": true},
                           "afi-safis": {"afi-safi": [{"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST",
                             "config": {"afi-safi-name": "openconfig-bgp-types:IPV4_UNICAST", "enabled": true}}]}}]}}}]}}
                  ]}
                }""");
            final ContainerNode intent = Trees.edit(device.schema(), before, m -> {
                for (DataContainerChild child : additions.body()) {
                    m.merge(YangInstanceIdentifier.of(child.name()), child);
                }
            });
            final CommandPlan plan = device.commands(before, intent);
            await(device.apply(plan));

            final String running = r1.runningConfig();
            assertTrue(running.contains("interface GigabitEthernet0/1\n vrf forwarding CUST\n ip address 172.16.0.1 "
                + "255.255.255.252\n"), running);
            assertTrue(running.contains(" address-family ipv4 vrf CUST\n  neighbor 172.16.0.2 remote-as 65100\n"),
                running);
            assertTrue(running.contains("\nip route 0.0.0.0 0.0.0.0 10.0.0.254\n"), running);
            Trees.assertSameTree(device.schema(), intent, await(device.readConfiguration()));

            assertEquals(List.of(), await(device.rollback(plan.rollback())));
            Trees.assertSameTree(device.schema(), before, await(device.readConfiguration()));
        }
    }

    @Test
    void refusedLineCarriesTheDevicesText() {
        try (CliSession session = connect(simulator.device(1))) {
            final CompletionException failed = assertThrows(CompletionException.class, () -> await(
                session.configure(List.of("interface GigabitEthernet0/0", "vrf forwarding NOPE", "exit"))));
            final CliCommandException rejected = assertInstanceOf(CliCommandException.class, failed.getCause());
            assertEquals("% VRF NOPE not configured.", rejected.getMessage());
            assertEquals("R2#", session.prompt());
        }
    }

    @Test
    void anInteractiveCommandIsAnsweredAtItsQuestionAndTheSessionGoesOn() {
        final SimulatedDevice r3 = simulator.device(2);
        final int before = r3.countersCleared();
        try (CliSession session = connect(r3)) {
            final List<CliStepOutput> outputs = await(session.exchange(List.of(
                new CliStep("clear counters", Pattern.compile("\\[confirm\\]")), CliStep.command("")),
                Duration.ofSeconds(10), false));

            assertEquals("Clear \"show interface\" counters on all interfaces [confirm]", outputs.get(0).endedBy());
            assertEquals("R3#", outputs.get(1).endedBy());
            assertEquals(before + 1, r3.countersCleared(), "the device took the answer");
            assertTrue(await(session.execute("show version")).contains("Cisco IOS Software"), "the session goes on");
        }
    }
}
