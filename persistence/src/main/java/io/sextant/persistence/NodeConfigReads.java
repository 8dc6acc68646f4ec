package io.sextant.persistence;

import io.sextant.persistence.codec.ConfigChange;
import io.sextant.persistence.codec.TreeEdits;
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
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

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
        final Connection connection = tx.connection();
        final String schemaKey;
        try (PreparedStatement node = connection.prepareStatement(
                "SELECT schema_key FROM uniconfig_node WHERE node_id = ?")) {
            node.setString(1, nodeId);
            try (ResultSet row = node.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                schemaKey = row.getString(1);
            }
        }
        final NormalizedNode intended = current(connection, nodeId, ConfigKind.INTENDED);
        NormalizedNode actual = current(connection, nodeId, ConfigKind.ACTUAL);
        if (actual.equals(intended)) {
            actual = intended;
        }
        NodeVersion version = NodeVersion.CREATED;
        try (PreparedStatement select = connection.prepareStatement(
                "SELECT kind, last_seq FROM node_config WHERE node_id = ?")) {
            select.setString(1, nodeId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    version = version.with(ConfigKind.of(rows.getString(1)), rows.getLong(2));
                }
            }
        }
        return Optional.of(new StoredNode(nodeId, schemaKey, intended, actual, version));
    }

    /**
     * Every stored node, sorted by id, in three queries whatever their number (a restart loads
     * them all: one query per node would cost a round trip each). A node whose stored
     * configuration cannot be read (undecodable, no base, a journal entry that does not apply) is
     * left out with the reason, and the others load: one broken node must not keep the whole
     * controller from starting.
     */
    public static LoadedNodes loadAll(final Tx tx) throws SQLException {
        final Connection connection = tx.connection();
        final Map<String, String> schemaKeys = new TreeMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, schema_key FROM uniconfig_node");
             ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                schemaKeys.put(rows.getString(1), rows.getString(2));
            }
        }
        final Map<String, NodeVersion> versions = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, kind, last_seq FROM node_config")) {
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                addVersions(rows, versions);
            }
        }
        final Map<String, String> unreadable = new TreeMap<>();
        final Map<String, NormalizedNode> trees = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("SELECT node_id, kind, data FROM node_config_base")) {
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String nodeId = rows.getString(1);
                    try {
                        trees.put(nodeId + '\n' + rows.getString(2), Rows.node(rows.getBytes(3), rows.getString(2)
                            + " configuration of node " + nodeId));
                    } catch (PersistenceException e) {
                        unreadable.putIfAbsent(nodeId, e.getMessage());
                    }
                }
            }
        }
        try (PreparedStatement select = connection.prepareStatement("""
                SELECT node_id, kind, operation, path, data FROM node_config_journal
                ORDER BY node_id, kind, seq, position""")) {
            select.setFetchSize(500);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    final String nodeId = rows.getString(1);
                    if (!unreadable.containsKey(nodeId)) {
                        try {
                            replay(trees, rows);
                        } catch (PersistenceException e) {
                            unreadable.put(nodeId, e.getMessage());
                        }
                    }
                }
            }
        }
        final List<StoredNode> stored = new ArrayList<>(schemaKeys.size());
        for (Map.Entry<String, String> node : schemaKeys.entrySet()) {
            final String nodeId = node.getKey();
            if (unreadable.containsKey(nodeId)) {
                continue;
            }
            final NormalizedNode intended = trees.get(nodeId + '\n' + ConfigKind.INTENDED.column());
            NormalizedNode actual = trees.get(nodeId + '\n' + ConfigKind.ACTUAL.column());
            if (intended == null || actual == null) {
                unreadable.put(nodeId, "The configuration of node " + nodeId + " has no base");
                continue;
            }
            if (actual.equals(intended)) {
                actual = intended;
            }
            stored.add(new StoredNode(nodeId, node.getValue(), intended, actual, versions.getOrDefault(nodeId,
                NodeVersion.CREATED)));
        }
        return new LoadedNodes(stored, unreadable);
    }

    /** Apply the journal entry in {@code row} to its tree in {@code trees}. */
    private static void replay(final Map<String, NormalizedNode> trees, final ResultSet row)
            throws SQLException, PersistenceException {
        final String key = row.getString(1) + '\n' + row.getString(2);
        final String what = row.getString(2) + " configuration of node " + row.getString(1);
        final NormalizedNode tree = trees.get(key);
        if (tree == null) {
            throw PersistenceException.badData("The " + what + " has no base", null);
        }
        final YangInstanceIdentifier path = Rows.path(row.getBytes(4), what);
        final ConfigChange change = "put".equals(row.getString(3))
            ? ConfigChange.put(path, Rows.node(row.getBytes(5), what)) : ConfigChange.delete(path);
        try {
            trees.put(key, TreeEdits.apply(tree, change));
        } catch (IllegalArgumentException e) {
            throw PersistenceException.badData("The journal of the " + what + " does not apply: " + e.getMessage(),
                e);
        }
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

    private static NormalizedNode current(final Connection connection, final String nodeId, final ConfigKind kind)
            throws SQLException, PersistenceException {
        final String what = kind.column() + " configuration of node " + nodeId;
        NormalizedNode tree;
        try (PreparedStatement base = connection.prepareStatement(
                "SELECT data FROM node_config_base WHERE node_id = ? AND kind = ?")) {
            base.setString(1, nodeId);
            base.setString(2, kind.column());
            try (ResultSet row = base.executeQuery()) {
                if (!row.next()) {
                    throw PersistenceException.badData("The " + what + " has no base", null);
                }
                tree = Rows.node(row.getBytes(1), what);
            }
        }
        try (PreparedStatement journal = connection.prepareStatement("""
                SELECT operation, path, data FROM node_config_journal WHERE node_id = ? AND kind = ?
                ORDER BY seq, position""")) {
            journal.setString(1, nodeId);
            journal.setString(2, kind.column());
            journal.setFetchSize(500);
            try (ResultSet rows = journal.executeQuery()) {
                while (rows.next()) {
                    final YangInstanceIdentifier path = Rows.path(rows.getBytes(2), what);
                    final ConfigChange change = "put".equals(rows.getString(1))
                        ? ConfigChange.put(path, Rows.node(rows.getBytes(3), what))
                        : ConfigChange.delete(path);
                    try {
                        tree = TreeEdits.apply(tree, change);
                    } catch (IllegalArgumentException e) {
                        throw PersistenceException.badData("The journal of the " + what + " does not apply: "
                            + e.getMessage(), e);
                    }
                }
            }
        }
        return tree;
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
