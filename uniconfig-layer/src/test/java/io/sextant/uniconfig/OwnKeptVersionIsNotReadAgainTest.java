package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.spi.Edit;
import io.sextant.spi.MountPointRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A controller instance hears the change hints of its own writes too, sometimes before it has
 * noted the version the write kept; {@code takeNewer} then finds the node at the version it holds.
 * It must find that from the version alone: reading and decoding the whole kept configuration cost
 * more than the write itself for a 600,000-line router (C1 with PostgreSQL, 2026-12-07: a fifth of
 * the controller's CPU during the mix). Shown by damaging the kept configuration's bytes: a read
 * of them would fail.
 */
class OwnKeptVersionIsNotReadAgainTest {

    @Test
    void aNodeAtTheVersionThisInstanceKeptIsNotReadFromTheDatabase() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice device = new TestDevice("d1", schema);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        try (DurableLayer layer = DurableLayer.start()) {
            final UniconfigService service = layer.service;
            final MountPointRegistry mounts = layer.mounts;
            service.stopFollowing();
            layer.devices.register(device);
            await("the node is served").atMost(Duration.ofSeconds(60))
                .until(() -> service.registry().node("d1").isPresent());
            mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, "d1").node(TopologyPaths.CONFIGURATION))
                .orElseThrow().data().edit(List.of(Edit.replace(interfacePath("eth1"), iface("eth1", 1500,
                    "kept by this instance"))), ADMIN).toCompletableFuture().get();

            try (Connection connection = layer.connect();
                 PreparedStatement damage = connection.prepareStatement(
                     "UPDATE node_config_base SET data = '\\x00'::bytea WHERE node_id = 'd1'")) {
                assertEquals(2, damage.executeUpdate(), "d1's intended and actual bases");
            }

            assertFalse(service.registry().store().takeNewer("d1", kept -> fail(
                "the version this instance kept was handed over as newer: " + kept)),
                "nothing newer than what this instance kept");
        }
    }
}
