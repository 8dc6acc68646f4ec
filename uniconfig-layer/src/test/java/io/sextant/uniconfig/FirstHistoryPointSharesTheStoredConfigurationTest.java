package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.ADMIN;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.HistoryMark;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A node's first history point needs a full copy of its configuration; encoding a 600,000-line
 * router's cost about a second of CPU per router's first commit (C1 with PostgreSQL, 2026-12-07).
 * The point shares instead the bytes the node's actual configuration is stored with, which are
 * the stored base with the journal entries after it up to the commit (here a sync's): shown byte
 * for byte in the database, and the points still read back as committed, the first and the next.
 */
class FirstHistoryPointSharesTheStoredConfigurationTest {

    private record Row(long seq, byte[] copy, boolean copyBefore) {
    }

    @Test
    void theFirstPointSharesTheStoredBytesAndEveryPointReadsBackAsCommitted() throws Exception {
        final EffectiveModelContext schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of(
            "openconfig-interfaces", "iana-if-type")));
        final TestDevice device = new TestDevice("d1", schema);
        device.outOfBand(interfacePath("eth0"), iface("eth0", 1500, "uplink"));
        try (DurableLayer layer = DurableLayer.start(); Connection connection = layer.connect()) {
            final UniconfigService service = layer.service;
            final MountPointRegistry mounts = layer.mounts;
            layer.devices.register(device);
            await("the node is served").atMost(Duration.ofSeconds(60))
                .until(() -> service.registry().node("d1").isPresent());
            final byte[] stored = storedActual(connection);
            // a change on the device taken in: a journal entry after the stored base
            device.outOfBand(interfacePath("eth9"), iface("eth9", 9000, "made on the device"));
            assertTrue(service.syncs().syncFromNetwork(List.of("d1"), ADMIN).toCompletableFuture().get().ok());
            assertTrue(service.syncs().replaceConfigWithOperational(List.of("d1"), ADMIN,
                IntentAccess.UNRESTRICTED).toCompletableFuture().get().ok());
            assertArrayEquals(stored, storedActual(connection), "the sync is a journal entry, the base stays");

            final List<NormalizedNode> committed = new ArrayList<>();
            for (String name : List.of("eth1", "eth2")) {
                mounts.find(TopologyPaths.node(TopologyPaths.UNICONFIG, "d1").node(TopologyPaths.CONFIGURATION))
                    .orElseThrow().data().edit(List.of(Edit.replace(interfacePath(name), iface(name, 1500,
                        "added"))), ADMIN).toCompletableFuture().get();
                final OperationResult commit = service.commits().commit(List.of("d1"), ADMIN)
                    .toCompletableFuture().get();
                assertTrue(commit.ok(), commit.toString());
                committed.add(service.registry().node("d1").orElseThrow().actualRoot());
            }

            // read through the instance: waits for the points its background writer has queued
            final List<HistoryMark> marks = service.history().marks("d1");
            assertEquals(2, marks.size(), marks.toString());
            for (int i = 0; i < marks.size(); i++) {
                assertEquals(committed.get(i), service.history().point("d1",
                    new NodeHistory.When.After(marks.get(i).commitId())).configuration(), "point " + (i + 1));
            }
            final List<Row> rows = historyRows(connection);
            assertEquals(2, rows.size());
            assertTrue(rows.get(0).copyBefore(), "the first point's copy is the configuration before it");
            assertArrayEquals(stored, rows.get(0).copy(), "the stored bytes, not a copy encoded again");
            assertEquals(1, copiedJournal(connection), "with the sync's journal entry");
            assertFalse(rows.get(1).copyBefore());
            assertEquals(null, rows.get(1).copy(), "the second point follows the first: a diff only");
        }
    }

    private static byte[] storedActual(final Connection connection) throws Exception {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT data FROM node_config_base WHERE node_id = 'd1' AND kind = 'actual'");
             ResultSet rs = select.executeQuery()) {
            assertTrue(rs.next(), "d1's actual configuration is stored");
            return rs.getBytes(1);
        }
    }

    private static long copiedJournal(final Connection connection) throws Exception {
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT count(DISTINCT journal_seq) FROM node_history_journal WHERE node_id = 'd1' AND seq = 1");
             ResultSet rs = select.executeQuery()) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private static List<Row> historyRows(final Connection connection) throws Exception {
        final List<Row> rows = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT seq, full_copy, copy_before FROM node_history WHERE node_id = 'd1' ORDER BY seq");
             ResultSet rs = select.executeQuery()) {
            while (rs.next()) {
                rows.add(new Row(rs.getLong(1), rs.getBytes(2), rs.getBoolean(3)));
            }
        }
        return rows;
    }
}
