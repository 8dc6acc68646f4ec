package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.DeviceSecrets;
import io.sextant.testing.FreePorts;
import io.sextant.testing.MisbehavingNetconfDevice;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * The NETCONF southbound keeps a node's password as stored (sealed) and opens it through
 * {@link DeviceSecrets} only when it connects; a password that cannot be opened leaves the node
 * unable to connect, with the reason, after no attempt at all.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SealedPasswordTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void theStoredPasswordIsOpenedWhenTheNodeConnects() throws Exception {
        final List<String> opened = new CopyOnWriteArrayList<>();
        final DeviceSecrets sealedAsReversed = stored -> {
            opened.add(stored);
            return new StringBuilder(stored).reverse().toString();
        };
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().ssh(true)
                .credentials("admin", "secret-1").start();
             TopologyFixture fixture = new TopologyFixture(sealedAsReversed)) {
            fixture.mount(TopologyFixture.node("R1", device.host(), device.port(), false, "admin", "1-terces",
                Map.of()));
            fixture.awaitStatus("R1", "connected", WAIT);
            assertTrue(opened.contains("1-terces"), opened.toString());
            // the settings the topology keeps hold the stored value, never the opened one
            assertFalse(fixture.topology.status("R1").toString().contains("secret-1"));
        }
    }

    @Test
    void aPasswordThatCannotBeOpenedLeavesTheNodeUnableToConnectWithTheReason() throws Exception {
        final DeviceSecrets unknownKey = stored -> {
            throw new DeviceSecrets.Unavailable("The secret was sealed with key k0, which is not in the key ring");
        };
        try (TopologyFixture fixture = new TopologyFixture(unknownKey)) {
            fixture.mount(TopologyFixture.node("R2", "127.0.0.1", FreePorts.one(), false, "admin", "$sx1$k0$x",
                Map.of()));
            final MapEntryNode status = fixture.awaitStatus("R2", "unable-to-connect", WAIT);
            assertEquals("The secret was sealed with key k0, which is not in the key ring",
                TopologyFixture.leaf(status, "connected-message").orElseThrow());
        }
    }
}
