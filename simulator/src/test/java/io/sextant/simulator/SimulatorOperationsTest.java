package io.sextant.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FreePorts;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.NetconfVerifier.RpcErrorException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The simulator alone, through independent NETCONF sessions (the testing module's client): what each
 * operation does to the device's datastores and how it answers bad requests.
 */
class SimulatorOperationsTest {
    static final String OC = "http://openconfig.net/yang/interfaces";
    private static DeviceSimulator simulator;

    @BeforeAll
    static void start() throws Exception {
        final DeviceSchema schema = DeviceSchema.of(ModelSets.OPENCONFIG_INTERFACES, true);
        simulator = DeviceSimulator.start(schema, BaseConfig.empty(), new DeviceSimulator.Settings("127.0.0.1",
            FreePorts.range(4), 4, false, "admin", "admin", 2));
    }

    @AfterAll
    static void stop() {
        if (simulator != null) {
            simulator.close();
        }
    }

    static String iface(final String name, final String inner) {
        return "<interfaces xmlns=\"" + OC + "\"><interface><name>" + name + "</name><config><name>" + name
            + "</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ianaift:ethernetCsmacd</type>"
            + inner + "</config></interface></interfaces>";
    }

    @Test
    void editsTheCandidateAndCommitsItToRunning() throws Exception {
        try (NetconfVerifier session = NetconfVerifier.tcp("127.0.0.1", simulator.port(0))) {
            assertTrue(session.capabilities().contains("urn:ietf:params:netconf:capability:candidate:1.0"));
            assertTrue(session.chunked());
            session.editConfig("candidate", iface("eth0", "<mtu>1500</mtu><description>up</description>"));
            assertEquals(List.of(), NetconfVerifier.values(session.getConfig("running"), "data", "interfaces", "interface",
                "name"));
            assertEquals(List.of("1500"), NetconfVerifier.values(session.getConfig("candidate"), "data", "interfaces",
                "interface", "config", "mtu"));
            session.commit();
            assertEquals(List.of("up"), NetconfVerifier.values(session.getConfig("running"), "data", "interfaces",
                "interface", "config", "description"));
        }
    }

    @Test
    void rejectsAnInvalidValueWithItsPathAndChangesNothing() throws Exception {
        try (NetconfVerifier session = NetconfVerifier.tcp("127.0.0.1", simulator.port(1))) {
            final RpcErrorException error = assertThrows(RpcErrorException.class,
                () -> session.editConfig("candidate", iface("eth1", "<mtu>70000</mtu>")));
            assertEquals(List.of("invalid-value"), error.errorTags());
            assertTrue(error.reply().contains("/oc-if:interfaces/oc-if:interface[oc-if:name='eth1']/oc-if:config/oc-if:mtu"),
                error.reply());
            assertFalse(session.getConfig("candidate").contains("eth1"));
            final RpcErrorException unknown = assertThrows(RpcErrorException.class,
                () -> session.editConfig("candidate", iface("eth1", "<colour>red</colour>")));
            assertEquals(List.of("unknown-element"), unknown.errorTags());
        }
    }

    @Test
    void replacesAndDeletesBelowAListEntry() throws Exception {
        try (NetconfVerifier session = NetconfVerifier.tcp("127.0.0.1", simulator.port(2))) {
            session.editConfig("candidate", iface("eth5", "<mtu>1500</mtu><description>old</description>"));
            session.editConfig("candidate", iface("eth5", "<description>new</description>").replace("<config>",
                "<config xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"replace\">"));
            final String candidate = session.getConfig("candidate");
            assertEquals(List.of("new"), NetconfVerifier.values(candidate, "data", "interfaces", "interface", "config",
                "description"));
            assertEquals(List.of(), NetconfVerifier.values(candidate, "data", "interfaces", "interface", "config",
                "mtu"));
            session.editConfig("candidate", "<interfaces xmlns=\"" + OC + "\"><interface><name>eth5</name><config>"
                + "<description xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\" nc:operation=\"delete\"/>"
                + "</config></interface></interfaces>");
            assertEquals(List.of(), NetconfVerifier.values(session.getConfig("candidate"), "data", "interfaces",
                "interface", "config", "description"));
        }
    }
}
