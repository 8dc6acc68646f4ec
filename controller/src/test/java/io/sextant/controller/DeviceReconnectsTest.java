package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.Registration;
import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.southbound.netconf.NetconfDeviceListener;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.NetconfDevices;
import io.sextant.southbound.netconf.NodeStatus;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

class DeviceReconnectsTest {
    /** Only its listener registration is used. */
    private static final class Listened implements NetconfDevices {
        NetconfDeviceListener listener;
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public Set<String> nodeIds() {
            return Set.of();
        }

        @Override
        public Optional<NodeStatus> status(final String nodeId) {
            return Optional.empty();
        }

        @Override
        public Optional<NetconfDeviceSession> session(final String nodeId) {
            return Optional.empty();
        }

        @Override
        public CompletionStage<ContainerNode> readConfiguration(final String nodeId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<EffectiveModelContext> knownSchema(final String schemaContextId) {
            return Optional.empty();
        }

        @Override
        public Registration registerListener(final NetconfDeviceListener newListener) {
            listener = newListener;
            return () -> closed.set(true);
        }
    }

    @Test
    void aLostSessionIsAReconnectAndAnUnmountIsNot() {
        final PrometheusMetrics metrics = new PrometheusMetrics(true);
        final Listened devices = new Listened();
        try (DeviceReconnects reconnects = new DeviceReconnects(devices, metrics)) {
            devices.listener.onDisconnected("r1", true);
            assertFalse(scrape(metrics).contains("sextant_device_reconnects_total{"), scrape(metrics));
            devices.listener.onDisconnected("r1", false);
            devices.listener.onDisconnected("r2", false);
            assertTrue(scrape(metrics).contains("sextant_device_reconnects_total{protocol=\"netconf\"} 2.0"),
                scrape(metrics));
        }
        assertTrue(devices.closed.get(), "the listener is removed on close");
    }

    private static String scrape(final PrometheusMetrics metrics) {
        return new String(metrics.scrape("text/plain").orElseThrow().body(), StandardCharsets.UTF_8);
    }
}
