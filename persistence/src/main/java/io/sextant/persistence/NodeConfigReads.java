package io.sextant.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads of the UniConfig nodes' configurations that {@link NodeConfigRepository} writes: a node
 * (its bases with their journals replayed), every node at once, and the versions kept, which
 * tell what changed without reading any configuration.
 */
public final class NodeConfigReads {
    private NodeConfigReads() {
        // static only
    }

    /** A stored node: each configuration's base with its journal replayed. */
    public static Optional<StoredNode> load(final Tx tx, final String nodeId) throws SQLException, PersistenceException {
        final Optional<UndecodedNode> node = read(tx.connection(), " WHERE node_id = ?",
            select -> select.setString(1, nodeId)).stream().findFirst();
        return node.isPresent() ? Optional.of(node.orElseThrow().decode()) : Optional.empty();
    }

    /**
     * Every stored node, sorted by id, decoded. A node whose stored configuration cannot be read
     * (undecodable, no base, a journal entry that does not apply) is left out with the reason, and
     * the others load: one broken node must not keep the whole controller from starting.
     */
    public static LoadedNodes loadAll(final Tx tx) throws SQLException {
        final List<StoredNode> stored = new ArrayList<>();
        final Map<String, String> unreadable = new TreeMap<>();
        for (UndecodedNode node : loadUndecoded(tx)) {
            try {
                stored.add(node.decode());
            } catch (PersistenceException e) {
                unreadable.put(node.nodeId(), String.valueOf(e.getMessage()));
            }
        }
        return new LoadedNodes(stored, unreadable);
    }

    /**
     * Every stored node, sorted by id, its configurations not decoded yet, in four queries
     * whatever their number (a restart reads them all: one query per node would cost a round trip
     * each, and decoding them all would keep it waiting).
     */
    public static List<UndecodedNode> loadUndecoded(final Tx tx) throws SQLException {
        return read(tx.connection(), "", select -> { });
    }

    /** Sets the parameters of a read's {@code WHERE} clause. */
    @FunctionalInterface
    private interface Parameters {
        void set(PreparedStatement select) throws SQLException;
    }

    /** The nodes {@code where} (a clause on {@code node_id}, or empty for all) selects, sorted by id. */
    private static List<UndecodedNode> read(final Connection connection, final String where,
            final Parameters parameters) throws SQLException {
        final Map<String, String> schemaKeys = new TreeMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, schema_key FROM uniconfig_node"
                + where)) {
            parameters.set(select);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    schemaKeys.put(rows.getString(1), rows.getString(2));
                }
            }
        }
        final Map<String, NodeVersion> versions = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, kind, last_seq FROM node_config"
                + where)) {
            parameters.set(select);
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                addVersions(rows, versions);
            }
        }
        final Map<String, UndecodedNode> nodes = new TreeMap<>();
        schemaKeys.forEach((nodeId, schemaKey) -> nodes.put(nodeId, new UndecodedNode(nodeId, schemaKey,
            versions.getOrDefault(nodeId, NodeVersion.CREATED))));
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, kind, data FROM node_config_base"
                + where)) {
            parameters.set(select);
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final UndecodedNode node = nodes.get(rows.getString(1));
                    if (node != null) {
                        node.base(ConfigKind.of(rows.getString(2)), rows.getBytes(3));
                    }
                }
            }
        }
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT node_id, kind, operation, path, data FROM node_config_journal" + where
                    + " ORDER BY node_id, kind, seq, position")) {
            parameters.set(select);
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final UndecodedNode node = nodes.get(rows.getString(1));
                    if (node != null) {
                        node.entry(ConfigKind.of(rows.getString(2)), rows.getString(3), rows.getBytes(4),
                            rows.getBytes(5));
                    }
                }
            }
        }
        return List.copyOf(nodes.values());
    }

    /**
     * What {@link #loadAll} found.
     *
     * @param nodes the nodes that load, sorted by id
     * @param unreadable node id to why its stored configuration cannot be read, sorted by id
     */
    public record LoadedNodes(List<StoredNode> nodes, Map<String, String> unreadable) {
        public LoadedNodes {
            nodes = List.copyOf(nodes);
            unreadable = Map.copyOf(unreadable);
        }
    }

    /**
     * The versions of the nodes whose configurations transactions at or after {@code since} (a
     * {@link ChangeHorizon}) wrote, with the horizon to read from next time.
     */
    public record Changed(long horizon, Map<String, NodeVersion> versions) {
        public Changed {
            versions = Map.copyOf(versions);
        }
    }

    /** {@link Changed} since {@code since}: reads versions only, never configurations. */
    public static Changed changedSince(final Tx tx, final long since) throws SQLException {
        final long horizon = ChangeHorizon.now(tx);
        final Map<String, NodeVersion> versions = new HashMap<>();
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT node_id, kind, last_seq FROM node_config WHERE node_id IN
                    (SELECT node_id FROM node_config WHERE changed_xid >= %s)""".formatted(ChangeHorizon.parameter()))) {
            select.setString(1, Long.toString(since));
            try (ResultSet rows = select.executeQuery()) {
                addVersions(rows, versions);
            }
        }
        return new Changed(horizon, versions);
    }

    /** The kept versions of those of {@code nodeIds} that are stored, in one statement. */
    public static Map<String, NodeVersion> versions(final Tx tx, final Collection<String> nodeIds) throws SQLException {
        final Map<String, NodeVersion> versions = new HashMap<>();
        if (nodeIds.isEmpty()) {
            return versions;
        }
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT node_id, kind, last_seq FROM node_config WHERE node_id = ANY (?)")) {
            select.setArray(1, tx.connection().createArrayOf("text", nodeIds.toArray()));
            try (ResultSet rows = select.executeQuery()) {
                addVersions(rows, versions);
            }
        }
        return versions;
    }

    /** Every stored node id, sorted. */
    public static List<String> nodeIds(final Tx tx) throws SQLException {
        final List<String> ids = new ArrayList<>();
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT node_id FROM uniconfig_node ORDER BY node_id");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /** Each row's {@code (node_id, kind, last_seq)} added to its node's version. */
    private static void addVersions(final ResultSet rows, final Map<String, NodeVersion> versions)
            throws SQLException {
        while (rows.next()) {
            final String nodeId = rows.getString(1);
            versions.put(nodeId, versions.getOrDefault(nodeId, NodeVersion.CREATED).with(
                ConfigKind.of(rows.getString(2)), rows.getLong(3)));
        }
    }
}
