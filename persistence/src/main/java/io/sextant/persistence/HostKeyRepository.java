package io.sextant.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Devices' known SSH host keys, one per topology and node. */
public final class HostKeyRepository {

    /**
     * A stored key.
     *
     * @param publicKey OpenSSH format
     * @param fingerprint {@code SHA256:...}
     * @param since when it was stored
     */
    public record StoredHostKey(String publicKey, String fingerprint, Instant since) {
    }

    public Optional<StoredHostKey> find(final Tx tx, final String topologyId, final String nodeId)
            throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT public_key, fingerprint, since FROM known_host_key
                WHERE topology_id = ? AND node_id = ?""")) {
            select.setString(1, topologyId);
            select.setString(2, nodeId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new StoredHostKey(row.getString(1), row.getString(2),
                    Rows.instant(row.getTimestamp(3)))) : Optional.empty();
            }
        }
    }

    /**
     * Stores the key unless the node has one.
     *
     * @return the key stored now: {@code key}, or the one that was there
     */
    public StoredHostKey insertIfAbsent(final Tx tx, final String topologyId, final String nodeId,
            final StoredHostKey key) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO known_host_key (topology_id, node_id, public_key, fingerprint, since)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (topology_id, node_id) DO NOTHING""")) {
            bind(insert, topologyId, nodeId, key);
            if (insert.executeUpdate() == 1) {
                return key;
            }
        }
        return find(tx, topologyId, nodeId).orElse(key);
    }

    /** Stores the key, replacing the node's. */
    public void put(final Tx tx, final String topologyId, final String nodeId, final StoredHostKey key)
            throws SQLException {
        try (PreparedStatement upsert = tx.connection().prepareStatement("""
                INSERT INTO known_host_key (topology_id, node_id, public_key, fingerprint, since)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (topology_id, node_id) DO UPDATE
                SET public_key = excluded.public_key, fingerprint = excluded.fingerprint, since = excluded.since""")) {
            bind(upsert, topologyId, nodeId, key);
            upsert.executeUpdate();
        }
    }

    public void remove(final Tx tx, final String topologyId, final String nodeId) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM known_host_key WHERE topology_id = ? AND node_id = ?")) {
            delete.setString(1, topologyId);
            delete.setString(2, nodeId);
            delete.executeUpdate();
        }
    }

    private static void bind(final PreparedStatement statement, final String topologyId, final String nodeId,
            final StoredHostKey key) throws SQLException {
        statement.setString(1, topologyId);
        statement.setString(2, nodeId);
        statement.setString(3, key.publicKey());
        statement.setString(4, key.fingerprint());
        statement.setTimestamp(5, Rows.timestamp(key.since()));
    }
}
