package io.sextant.persistence;

import io.sextant.persistence.codec.BinaryCodec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Named snapshots of intended configuration, one row per snapshot and node. */
public final class SnapshotRepository {

    /**
     * Store a new snapshot.
     *
     * @return false (and nothing stored) when a snapshot of that name exists
     */
    public boolean create(final Tx tx, final String name, final Instant created, final List<SnapshotNode> nodes)
            throws SQLException {
        final Connection connection = tx.connection();
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO snapshot (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING")) {
            insert.setString(1, name);
            insert.setTimestamp(2, Rows.timestamp(created));
            if (insert.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO snapshot_node (snapshot, node_id, schema_key, data) VALUES (?, ?, ?, ?)")) {
            for (SnapshotNode node : nodes) {
                insert.setString(1, name);
                insert.setString(2, node.nodeId());
                insert.setString(3, node.schemaKey());
                insert.setBytes(4, BinaryCodec.encode(node.configuration()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        return true;
    }

    public Optional<StoredSnapshot> load(final Tx tx, final String name) throws SQLException, PersistenceException {
        final Connection connection = tx.connection();
        final Instant created;
        try (PreparedStatement select = connection.prepareStatement("SELECT created_at FROM snapshot WHERE name = ?")) {
            select.setString(1, name);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                created = Rows.instant(row.getTimestamp(1));
            }
        }
        final List<SnapshotNode> nodes = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT node_id, schema_key, data FROM snapshot_node WHERE snapshot = ? ORDER BY node_id")) {
            select.setString(1, name);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String node = rows.getString(1);
                    nodes.add(new SnapshotNode(node, rows.getString(2),
                        Rows.node(rows.getBytes(3), "node " + node + " in snapshot " + name)));
                }
            }
        }
        return Optional.of(new StoredSnapshot(name, created, nodes));
    }

    /** Every snapshot name, sorted. */
    public List<String> names(final Tx tx) throws SQLException {
        final List<String> names = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement("SELECT name FROM snapshot ORDER BY name");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                names.add(rows.getString(1));
            }
        }
        return names;
    }

    /** Every snapshot's name and creation time, one statement (what another instance compares its own with). */
    public Map<String, Instant> createdTimes(final Tx tx) throws SQLException {
        final Map<String, Instant> times = new TreeMap<>();
        try (PreparedStatement select = tx.connection().prepareStatement("SELECT name, created_at FROM snapshot");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                times.put(rows.getString(1), Rows.instant(rows.getTimestamp(2)));
            }
        }
        return times;
    }

    /** @return whether the snapshot existed */
    public boolean delete(final Tx tx, final String name) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement("DELETE FROM snapshot WHERE name = ?")) {
            delete.setString(1, name);
            return delete.executeUpdate() > 0;
        }
    }
}
