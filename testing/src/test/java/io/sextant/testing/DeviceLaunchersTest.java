package io.sextant.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The device launchers start real devices that the verification client can talk to. */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeviceLaunchersTest {
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final String CANDIDATE = "urn:ietf:params:netconf:capability:candidate:1.0";

    private static NetconfTestTool sshDevices;
    private static NetconfTestTool tcpDevice;
    private static Netconfd netconfd;

    @BeforeAll
    static void startDevices() throws IOException {
        sshDevices = NetconfTestTool.builder().deviceCount(2).models(ModelSets.OPENCONFIG_INTERFACES).start();
        tcpDevice = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES).start();
        netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
    }

    @AfterAll
    static void stopDevices() {
        for (AutoCloseable device : new AutoCloseable[] {sshDevices, tcpDevice, netconfd}) {
            if (device != null) {
                try {
                    device.close();
                } catch (Exception e) {
                    // keep stopping the others
                }
            }
        }
    }

    private static String ocInterface(final String name, final int mtu) {
        return "<interfaces xmlns=\"" + OC_IF + "\"><interface><name>" + name + "</name><config><name>" + name
            + "</name><type xmlns:ift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ift:ethernetCsmacd</type>"
            + "<mtu>" + mtu + "</mtu></config></interface></interfaces>";
    }

    private static List<String> mtus(final String reply) {
        return NetconfVerifier.values(reply, "data", "interfaces", "interface", "config", "mtu");
    }

    @Test
    void testToolDevicesAdvertiseTheLoadedModelsAndCandidate() throws IOException {
        assertEquals(2, sshDevices.ports().size());
        for (int i = 0; i < 2; i++) {
            try (NetconfVerifier session = NetconfVerifier.connect(sshDevices, i)) {
                assertTrue(session.capabilities().contains(CANDIDATE), session.capabilities().toString());
                assertTrue(session.capabilities().stream().anyMatch(c -> c.contains("module=openconfig-interfaces")));
                assertTrue(session.chunked(), "base:1.1 is negotiated");
            }
        }
    }

    @Test
    void testToolDevicesKeepSeparateDatastores() throws IOException {
        try (NetconfVerifier first = NetconfVerifier.connect(sshDevices, 0);
             NetconfVerifier second = NetconfVerifier.connect(sshDevices, 1)) {
            first.editAndCommit(ocInterface("eth-sep", 1501));
            assertEquals(List.of("1501"), mtus(first.getConfig("running",
                "<interfaces xmlns=\"" + OC_IF + "\"><interface><name>eth-sep</name></interface></interfaces>")));
            assertFalse(mtus(second.getConfig("running")).contains("1501"));
        }
    }

    @Test
    void testToolOverPlainTcpRoundTripsAnEdit() throws IOException {
        try (NetconfVerifier session = NetconfVerifier.connect(tcpDevice, 0)) {
            session.editConfig("candidate", ocInterface("eth-tcp", 1400));
            assertTrue(mtus(session.getConfig("running")).isEmpty(), "not committed yet");
            session.commit();
            assertEquals(List.of("1400"), mtus(session.getConfig("running")));
        }
    }

    @Test
    void netconfdOffersConfirmedCommitAndValidate() throws IOException {
        try (NetconfVerifier session = NetconfVerifier.connect(netconfd)) {
            assertTrue(session.capabilities().contains(CANDIDATE));
            assertTrue(session.capabilities().contains("urn:ietf:params:netconf:capability:confirmed-commit:1.1"));
            assertTrue(session.capabilities().contains("urn:ietf:params:netconf:capability:validate:1.1"));
            assertTrue(session.capabilities().stream().anyMatch(c -> c.contains("module=openconfig-interfaces")));
        }
    }

    @Test
    void netconfdCommitsEditsAndRejectsInvalidValues() throws IOException {
        try (NetconfVerifier session = NetconfVerifier.connect(netconfd)) {
            session.lock("candidate");
            session.editConfig("candidate", ocInterface("eth-ncd", 1600));
            session.commit();
            session.unlock("candidate");
            assertEquals(List.of("1600"), mtus(session.getConfig("running")));

            final var error = assertThrows(NetconfVerifier.RpcErrorException.class,
                () -> session.editConfig("candidate", ocInterface("eth-ncd", 99999)));
            assertFalse(error.errorTags().isEmpty());
            session.discardChanges();
            assertEquals(List.of("1600"), mtus(session.getConfig("running")));
        }
    }

    @Test
    void netconfdWorksWithEndOfMessageFraming() throws IOException {
        try (NetconfVerifier session = NetconfVerifier.ssh(netconfd.host(), netconfd.port(), netconfd.username(),
                netconfd.password(), false)) {
            assertFalse(session.chunked());
            session.getConfig("running");
        }
    }

    @Test
    void netconfdRefusesAWrongPassword() {
        assertThrows(Exception.class,
            () -> NetconfVerifier.ssh(netconfd.host(), netconfd.port(), netconfd.username(), "wrong").close());
    }
}
