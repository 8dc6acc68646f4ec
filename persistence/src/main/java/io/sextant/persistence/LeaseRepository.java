package io.sextant.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Controller instances and node leases (tables {@code controller_instance}, {@code node_lease}).
 * Every time is the database's: {@code clock_timestamp()} when the statement runs, never an
 * instance's clock. Statements only; {@link InstanceLeases} keeps one instance's view and the
 * local validity that makes a lost database connection lose the leases.
 *
 * <p>A lease is held while its owner's registration is live, so a heartbeat writes one row
 * whatever the number of nodes. A registration that expired never comes back to life: a claim
 * retires it (and releases its leases) before anyone takes its nodes, and its own late
 * heartbeat registers it anew with nothing. Both write the instance's row, so whichever comes
 * second sees what the first did.
 */
public final class LeaseRepository {

    /**
     * What a claim decided for one instance.
     *
     * @param won leases won now, each with its new epoch, in node order
     * @param surplus nodes this instance holds beyond its share, last in node order first: it
     *     should stop acting on them and {@linkplain #release release} them, so that an instance
     *     under its share can claim them
     */
    public record Claimed(List<Lease> won, List<MountedNode> surplus) {
    }

    /** Make {@code node} a node to be owned (unowned until claimed); nothing when it is one already. */
    public void addNode(final Tx tx, final MountedNode node) throws SQLException {
        try (PreparedStatement insert = tx.connection().prepareStatement("""
                INSERT INTO node_lease (topology_id, node_id) VALUES (?, ?) ON CONFLICT DO NOTHING""")) {
            insert.setString(1, node.topologyId());
            insert.setString(2, node.nodeId());
            insert.executeUpdate();
        }
    }

    /**
     * Make each of {@code nodes} a node to be owned (unowned until claimed), in one statement; nodes
     * that are ones already are left as they are. A mount writes its nodes' rows in its own transaction.
     */
    public void addNodes(final Tx tx, final Collection<MountedNode> nodes) throws SQLException {
        if (!nodes.isEmpty()) {
            update(tx, """
                INSERT INTO node_lease (topology_id, node_id) SELECT * FROM unnest(?::text[], ?::text[])
                ON CONFLICT DO NOTHING""", nodes);
        }
    }

    /** Forget the leases of {@code nodes} (unmounted), in one statement. */
    public void removeNodes(final Tx tx, final Collection<MountedNode> nodes) throws SQLException {
        if (!nodes.isEmpty()) {
            update(tx, """
                DELETE FROM node_lease WHERE (topology_id, node_id) IN (SELECT * FROM unnest(?::text[], ?::text[]))""",
                nodes);
        }
    }

    /**
     * Give every one of {@code nodes} its row when there is no row at all: a database whose nodes
     * were mounted before mounts wrote their leases. With any row present nothing is written (the
     * rows are the mounts' own then, and a node unmounted meanwhile by another instance must not
     * come back).
     *
     * @return how many rows were written
     */
    public int addNodesIfNone(final Tx tx, final Collection<MountedNode> nodes) throws SQLException {
        return nodes.isEmpty() ? 0 : update(tx, """
            INSERT INTO node_lease (topology_id, node_id) SELECT * FROM unnest(?::text[], ?::text[])
            WHERE NOT EXISTS (SELECT 1 FROM node_lease) ON CONFLICT DO NOTHING""", nodes);
    }

    /** Run {@code sql} with the topology ids and node ids of {@code nodes} as its two text arrays. */
    private static int update(final Tx tx, final String sql, final Collection<MountedNode> nodes) throws SQLException {
        try (PreparedStatement update = tx.connection().prepareStatement(sql)) {
            update.setArray(1, tx.connection().createArrayOf("text", nodes.stream().map(MountedNode::topologyId)
                .toArray()));
            update.setArray(2, tx.connection().createArrayOf("text", nodes.stream().map(MountedNode::nodeId).toArray()));
            return update.executeUpdate();
        }
    }

    /**
     * Tell the other live instances, through a {@link ChangeHints#NODES} hint sent when the
     * registration commits, that one more instance shares the database: they check the versions
     * kept by others from then on (a lone instance does not), before this one serves any request.
     */
    private static void announce(final Tx tx) throws SQLException {
        try (PreparedStatement notify = tx.connection().prepareStatement("SELECT pg_notify(?, '')")) {
            notify.setString(1, ChangeHints.NODES);
            notify.executeQuery().close();
        }
    }

    /** Forget {@code node}'s lease (unmounted). */
    public boolean removeNode(final Tx tx, final MountedNode node) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM node_lease WHERE topology_id = ? AND node_id = ?")) {
            delete.setString(1, node.topologyId());
            delete.setString(2, node.nodeId());
            return delete.executeUpdate() == 1;
        }
    }

    /**
     * Renew {@code instance}'s registration, and with it every lease it holds, to {@code ttl} from
     * the database's clock, in one statement (and one more when begun anew). A registration that
     * lapsed (expired, or retired by another instance's claim), or that is new, is begun anew,
     * releasing whatever leases the id still had: they must be claimed again, with new epochs; and
     * the other instances are told ({@link #announce}).
     *
     * @return the leases held now, in node order (none when the registration was begun anew)
     * @throws PersistenceException (bad data) when another incarnation holds the instance id and is
     *     live: nothing was renewed
     */
    public List<Lease> heartbeat(final Tx tx, final Incarnation instance, final String address, final Duration ttl)
            throws SQLException, PersistenceException {
        try (PreparedStatement renew = tx.connection().prepareStatement("""
                WITH t AS (SELECT clock_timestamp() AS now),
                me AS (
                    INSERT INTO controller_instance AS i
                        (instance_id, incarnation, address, started_at, heartbeat_at, expires_at)
                    SELECT ?, ?, ?, t.now, t.now, t.now + ? * interval '1 millisecond' FROM t
                    ON CONFLICT (instance_id) DO UPDATE SET incarnation = excluded.incarnation,
                        address = excluded.address, heartbeat_at = excluded.heartbeat_at,
                        expires_at = excluded.expires_at, retired = false,
                        started_at = CASE WHEN i.incarnation = excluded.incarnation AND NOT i.retired
                                               AND i.expires_at > excluded.heartbeat_at
                                          THEN i.started_at ELSE excluded.started_at END
                    WHERE i.incarnation = excluded.incarnation OR i.retired OR i.expires_at <= excluded.heartbeat_at
                    RETURNING i.started_at = i.heartbeat_at AS anew),
                dropped AS (
                    UPDATE node_lease l SET owner_instance = NULL, acquired_at = NULL FROM me
                    WHERE me.anew AND l.owner_instance = ?)
                SELECT l.topology_id, l.node_id, l.epoch FROM node_lease l, me
                WHERE NOT me.anew AND l.owner_instance = ?
                UNION ALL SELECT '', NULL, NULL FROM me WHERE me.anew
                UNION ALL SELECT NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM me)""")) {
            renew.setString(1, instance.instanceId());
            renew.setString(2, instance.token());
            renew.setString(3, address);
            renew.setLong(4, ttl.toMillis());
            renew.setString(5, instance.instanceId());
            renew.setString(6, instance.instanceId());
            final List<Lease> held = new ArrayList<>();
            boolean anew = false;
            try (ResultSet rows = renew.executeQuery()) {
                while (rows.next()) {
                    if (rows.getString(1) == null) {
                        throw PersistenceException.badData("Instance id " + instance.instanceId() + " is in use by "
                            + "another live controller instance: give every instance its own id", null);
                    }
                    if (rows.getString(1).isEmpty()) {
                        anew = true;
                    } else {
                        held.add(new Lease(new MountedNode(rows.getString(1), rows.getString(2)), rows.getLong(3)));
                    }
                }
            }
            if (anew) {
                announce(tx);
            }
            held.sort((x, y) -> x.node().compareTo(y.node()));
            return held;
        }
    }

    /**
     * Retire every expired registration (releasing its leases), then claim for {@code instance}
     * unowned leases up to its fair share, in node order. Rows that other transactions hold are
     * skipped ({@code FOR UPDATE SKIP LOCKED}), so concurrent claims never wait for each other
     * nor win the same node, and a registration being renewed is not retired. Each won lease's
     * epoch grows by one.
     *
     * <p>The fair share: with {@code n} nodes and {@code k} live instances ranked by id, the
     * first {@code n % k} instances' share is {@code n / k + 1}, the others' {@code n / k}, so the
     * shares add up to {@code n}. An instance that is not live (no heartbeat within its ttl, or
     * retired), or whose id another incarnation took over, wins nothing. Its registration stays
     * share-locked until {@code tx} ends, so that no one retires it or takes the id meanwhile.
     */
    public Claimed claim(final Tx tx, final Incarnation instance) throws SQLException {
        if (!registered(tx, instance)) {
            return new Claimed(List.of(), List.of());
        }
        final String instanceId = instance.instanceId();
        retireExpired(tx);
        final long share;
        try (PreparedStatement select = tx.connection().prepareStatement("""
                WITH live AS (
                    SELECT instance_id, row_number() OVER (ORDER BY instance_id) - 1 AS rank, count(*) OVER () AS k
                    FROM controller_instance WHERE NOT retired AND expires_at > clock_timestamp())
                SELECT live.rank, live.k, (SELECT count(*) FROM node_lease) FROM live WHERE instance_id = ?""")) {
            select.setString(1, instanceId);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return new Claimed(List.of(), List.of());
                }
                final long rank = row.getLong(1);
                final long live = row.getLong(2);
                final long nodes = row.getLong(3);
                share = nodes / live + (rank < nodes % live ? 1 : 0);
            }
        }
        final List<Lease> held;
        try (PreparedStatement select = tx.connection().prepareStatement(
                "SELECT topology_id, node_id, epoch FROM node_lease WHERE owner_instance = ?")) {
            select.setString(1, instanceId);
            held = leases(select);
        }
        if (held.size() >= share) {
            final List<MountedNode> surplus = new ArrayList<>();
            for (int i = held.size() - 1; i >= share; i--) {
                surplus.add(held.get(i).node());
            }
            return new Claimed(List.of(), List.copyOf(surplus));
        }
        try (PreparedStatement take = tx.connection().prepareStatement("""
                WITH picked AS (
                    SELECT topology_id, node_id FROM node_lease WHERE owner_instance IS NULL
                    ORDER BY topology_id, node_id LIMIT ?
                    FOR UPDATE SKIP LOCKED)
                UPDATE node_lease l SET owner_instance = ?, epoch = l.epoch + 1, acquired_at = clock_timestamp()
                FROM picked WHERE l.topology_id = picked.topology_id AND l.node_id = picked.node_id
                RETURNING l.topology_id, l.node_id, l.epoch""")) {
            take.setLong(1, share - held.size());
            take.setString(2, instanceId);
            return new Claimed(leases(take), List.of());
        }
    }

    /**
     * Give up {@code nodes} held by {@code instance}: they are unowned at once, claimable by any
     * instance. Nothing when its registration lapsed or another incarnation holds the id.
     */
    public int release(final Tx tx, final Incarnation instance, final Collection<MountedNode> nodes)
            throws SQLException {
        if (!registered(tx, instance)) {
            return 0;
        }
        try (PreparedStatement update = tx.connection().prepareStatement("""
                UPDATE node_lease SET owner_instance = NULL, acquired_at = NULL
                WHERE owner_instance = ? AND (topology_id, node_id) IN (SELECT * FROM unnest(?::text[], ?::text[]))""")) {
            update.setString(1, instance.instanceId());
            update.setArray(2, tx.connection().createArrayOf("text",
                nodes.stream().map(MountedNode::topologyId).toArray()));
            update.setArray(3, tx.connection().createArrayOf("text", nodes.stream().map(MountedNode::nodeId).toArray()));
            return update.executeUpdate();
        }
    }

    /**
     * Unregister {@code instance} and release every lease it holds (an orderly leave). Nothing when
     * its registration lapsed or another incarnation holds the id.
     */
    public void leave(final Tx tx, final Incarnation instance) throws SQLException {
        if (!registered(tx, instance)) {
            return;
        }
        try (PreparedStatement update = tx.connection().prepareStatement(
                "UPDATE node_lease SET owner_instance = NULL, acquired_at = NULL WHERE owner_instance = ?")) {
            update.setString(1, instance.instanceId());
            update.executeUpdate();
        }
        try (PreparedStatement delete = tx.connection().prepareStatement(
                "DELETE FROM controller_instance WHERE instance_id = ?")) {
            delete.setString(1, instance.instanceId());
            delete.executeUpdate();
        }
    }

    /** Forget retired instances expired for longer than {@code after} (they hold nothing). */
    public int forgetRetired(final Tx tx, final Duration after) throws SQLException {
        try (PreparedStatement delete = tx.connection().prepareStatement("""
                DELETE FROM controller_instance WHERE instance_id IN (
                    SELECT instance_id FROM controller_instance
                    WHERE retired AND expires_at < clock_timestamp() - ? * interval '1 millisecond'
                    ORDER BY instance_id FOR UPDATE SKIP LOCKED)""")) {
            delete.setLong(1, after.toMillis());
            return delete.executeUpdate();
        }
    }

    /**
     * Mark every expired, unretired registration retired and release its leases. Registrations
     * locked by their own heartbeat (or by another claim retiring them) are skipped.
     */
    private static void retireExpired(final Tx tx) throws SQLException {
        try (PreparedStatement retire = tx.connection().prepareStatement("""
                WITH gone AS (
                    SELECT instance_id FROM controller_instance WHERE NOT retired AND expires_at <= clock_timestamp()
                    ORDER BY instance_id FOR UPDATE SKIP LOCKED),
                marked AS (
                    UPDATE controller_instance i SET retired = true FROM gone WHERE i.instance_id = gone.instance_id
                    RETURNING i.instance_id)
                UPDATE node_lease l SET owner_instance = NULL, acquired_at = NULL
                FROM marked WHERE l.owner_instance = marked.instance_id""")) {
            retire.executeUpdate();
        }
    }

    /**
     * Whether {@code instance} is the incarnation registered under its id and not retired,
     * share-locking its row until {@code tx} ends.
     */
    private static boolean registered(final Tx tx, final Incarnation instance) throws SQLException {
        try (PreparedStatement select = tx.connection().prepareStatement("""
                SELECT 1 FROM controller_instance WHERE instance_id = ? AND incarnation = ? AND NOT retired
                FOR SHARE""")) {
            select.setString(1, instance.instanceId());
            select.setString(2, instance.token());
            try (ResultSet row = select.executeQuery()) {
                return row.next();
            }
        }
    }

    private static List<Lease> leases(final PreparedStatement statement) throws SQLException {
        final List<Lease> leases = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                leases.add(new Lease(new MountedNode(rows.getString(1), rows.getString(2)), rows.getLong(3)));
            }
        }
        leases.sort((a, b) -> a.node().compareTo(b.node()));
        return leases;
    }
}
