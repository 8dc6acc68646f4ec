package io.sextant.persistence;

import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Reads of the node leases and controller instances {@link LeaseRepository} writes: who holds a
 * node, which of a set this instance no longer holds, every instance and every lease.
 */
public final class LeaseQueries {
    private LeaseQueries() {
        // static only
    }

    /**
     * Whether {@code instanceId} holds {@code node}'s lease in term {@code epoch} now, by the
     * database's clock; the fencing check inside a database transaction. When it does, the lease
     * and the owner's registration stay share-locked until {@code tx} ends: no claim can retire
     * the owner or take the node meanwhile, and the owner's own heartbeat waits for it (keep such
     * transactions short).
     */
    public static boolean holds(final Tx tx, final MountedNode node, final String instanceId, final long epoch)
            throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT 1 FROM node_lease l JOIN controller_instance i ON i.instance_id = l.owner_instance
                WHERE l.topology_id = ? AND l.node_id = ? AND l.owner_instance = ? AND l.epoch = ?
                AND NOT i.retired AND i.expires_at > clock_timestamp() FOR SHARE OF l, i""")) {
            select.setString(1, node.topologyId());
            select.setString(2, node.nodeId());
            select.setString(3, instanceId);
            select.setLong(4, epoch);
            try (ResultSet row = select.executeQuery()) {
                return row.next();
            }
        }
    }

    /**
     * Those of {@code nodeIds} whose lease {@code instanceId} does not hold now in any of
     * {@code topologyIds}, by the database's clock, in whatever term; in one statement. The leases it
     * does hold, and the owner's registration, stay share-locked until {@code tx} ends, as with
     * {@link #holds}.
     */
    public static SortedSet<String> notHeld(final Tx tx, final List<String> topologyIds, final Collection<String> nodeIds,
            final String instanceId) throws SQLException {
        final SortedSet<String> missing = new TreeSet<>(nodeIds);
        if (missing.isEmpty()) {
            return missing;
        }
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT l.node_id FROM node_lease l JOIN controller_instance i ON i.instance_id = l.owner_instance
                WHERE l.topology_id = ANY (?) AND l.node_id = ANY (?) AND l.owner_instance = ?
                AND NOT i.retired AND i.expires_at > clock_timestamp()
                ORDER BY l.topology_id, l.node_id FOR SHARE OF l, i""")) {
            select.setArray(1, tx.connection().createArrayOf("text", topologyIds.toArray()));
            select.setArray(2, tx.connection().createArrayOf("text", missing.toArray()));
            select.setString(3, instanceId);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    missing.remove(rows.getString(1));
                }
            }
        }
        return missing;
    }

    /**
     * The live instance holding the lease of node {@code nodeId} in one of {@code topologyIds} now,
     * by the database's clock (the first topology's when several hold one).
     */
    public static Optional<LeaseHolder> holder(final Tx tx, final List<String> topologyIds, final String nodeId)
            throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT i.instance_id, i.address FROM node_lease l
                JOIN controller_instance i ON i.instance_id = l.owner_instance
                WHERE l.topology_id = ANY (?) AND l.node_id = ? AND NOT i.retired
                AND i.expires_at > clock_timestamp() ORDER BY array_position(?, l.topology_id::text) LIMIT 1""")) {
            final Array topologies = tx.connection().createArrayOf("text", topologyIds.toArray());
            select.setArray(1, topologies);
            select.setString(2, nodeId);
            select.setArray(3, topologies);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new LeaseHolder(row.getString(1), row.getString(2)))
                    : Optional.empty();
            }
        }
    }

    /** Whether a live controller instance other than {@code instanceId} shares the database now. */
    public static boolean othersLive(final Tx tx, final String instanceId) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT EXISTS (SELECT 1 FROM controller_instance WHERE instance_id <> ? AND NOT retired
                    AND expires_at > clock_timestamp())""")) {
            select.setString(1, instanceId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() && row.getBoolean(1);
            }
        }
    }

    /** Every registered instance, by id, with how many leases each holds. */
    public static List<ControllerInstance> instances(final Tx tx) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT i.instance_id, i.address, i.started_at, i.heartbeat_at, i.expires_at,
                       NOT i.retired AND i.expires_at > clock_timestamp(),
                       (SELECT count(*) FROM node_lease l WHERE l.owner_instance = i.instance_id)
                FROM controller_instance i ORDER BY i.instance_id""");
             ResultSet rows = select.executeQuery()) {
            final List<ControllerInstance> instances = new ArrayList<>();
            while (rows.next()) {
                instances.add(new ControllerInstance(rows.getString(1), rows.getString(2),
                    Rows.instant(rows.getTimestamp(3)), Rows.instant(rows.getTimestamp(4)),
                    Rows.instant(rows.getTimestamp(5)), rows.getBoolean(6), rows.getInt(7)));
            }
            return instances;
        }
    }

    /** Every node's lease, in node order. */
    public static List<NodeLease> leases(final Tx tx) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT l.topology_id, l.node_id, l.owner_instance, l.epoch, i.expires_at,
                       coalesce(NOT i.retired AND i.expires_at > clock_timestamp(), false)
                FROM node_lease l LEFT JOIN controller_instance i ON i.instance_id = l.owner_instance
                ORDER BY l.topology_id, l.node_id""");
             ResultSet rows = select.executeQuery()) {
            final List<NodeLease> leases = new ArrayList<>();
            while (rows.next()) {
                leases.add(new NodeLease(new MountedNode(rows.getString(1), rows.getString(2)), rows.getString(3),
                    rows.getLong(4), Rows.instantOrNull(rows.getTimestamp(5)), rows.getBoolean(6)));
            }
            return leases;
        }
    }
}
