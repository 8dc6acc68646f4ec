package io.sextant.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FreePorts;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulator against netconfd, a real NETCONF server: the same edit sequence ({@link EditSequence}:
 * lock, merge/replace/delete, rejected edits, commit, confirmed commit with cancel-commit and with its
 * timeout, discard-changes, a subtree filter, unlock) through two sessions each, and the same record
 * of replies, error-tags and data read back. Needs netconfd (installed on first use) and the device lock.
 */
class NetconfdConformanceTest {
    @Test
    void simulatorAnswersTheEditSequenceAsNetconfdDoes() throws Exception {
        final List<String> expected;
        try (Netconfd netconfd = Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).start();
                NetconfVerifier a = NetconfVerifier.connect(netconfd);
                NetconfVerifier b = NetconfVerifier.connect(netconfd)) {
            expected = new EditSequence().run(a, b);
        }
        final List<String> actual;
        final DeviceSchema schema = DeviceSchema.of(ModelSets.OPENCONFIG_INTERFACES, true);
        try (DeviceSimulator simulator = DeviceSimulator.start(schema, BaseConfig.empty(),
                new DeviceSimulator.Settings("127.0.0.1", FreePorts.range(1), 1, true, "admin", "secret", 1));
                NetconfVerifier a = NetconfVerifier.ssh("127.0.0.1", simulator.port(0), "admin", "secret");
                NetconfVerifier b = NetconfVerifier.ssh("127.0.0.1", simulator.port(0), "admin", "secret")) {
            actual = new EditSequence().run(a, b);
        }
        assertEquals(String.join("\n", expected), String.join("\n", actual));
        // and the sequence did exercise what it claims, on both
        assertTrue(actual.contains("delete a missing interface: error application data-missing"
            + " at /oc-if:interfaces/oc-if:interface[oc-if:name='eth7']"), actual::toString);
        assertTrue(actual.contains("create an existing interface: error application data-exists"
            + " at /oc-if:interfaces/oc-if:interface[oc-if:name='eth1']"), actual::toString);
        assertTrue(actual.stream().anyMatch(line -> line.startsWith("running after the timeout: ")
            && !line.contains("eth3")), actual::toString);
    }
}
