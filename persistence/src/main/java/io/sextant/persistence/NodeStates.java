package io.sextant.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection state of the nodes whose devices this controller instance connects, written to
 * the database for the other instances sharing it ({@code node_connection}), and the state they
 * wrote of theirs. Reports are coalesced per node (the latest wins) and written in the background,
 * a batch per transaction: thousands of devices connecting at once cost a few statements. A batch
 * the database refuses is written again later; until then the other instances show the node's
 * earlier state.
 */
public final class NodeStates implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NodeStates.class);
    /** How long reports wait to be written with others. */
    private static final Duration GATHER = Duration.ofMillis(200);
    private static final Duration RETRY = Duration.ofSeconds(2);

    private record Key(String topologyId, String nodeId) {
    }

    private record Report(String status, String message) {
    }

    private final Database database;
    private final String instanceId;
    private final Map<Key, Report> pending = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-node-states");
        thread.setDaemon(true);
        return thread;
    });

    public NodeStates(final Database database, final String instanceId) {
        this.database = database;
        this.instanceId = instanceId;
    }

    /** The connection state of a node whose device this instance connects now. */
    public void report(final String topologyId, final String nodeId, final String status, final String message) {
        pending.put(new Key(topologyId, nodeId), new Report(status, message));
        schedule(GATHER);
    }

    private void schedule(final Duration delay) {
        if (scheduled.compareAndSet(false, true)) {
            writer.schedule(this::write, delay.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void write() {
        scheduled.set(false);
        final Map<Key, Report> batch = new HashMap<>();
        for (var entry : pending.entrySet()) {
            if (pending.remove(entry.getKey(), entry.getValue())) {
                batch.put(entry.getKey(), entry.getValue());
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            database.run("report the connection state of " + batch.size() + " node(s)", tx -> {
                // a node unmounted meanwhile has no lease row: nothing to report
                try (PreparedStatement upsert = tx.connection().prepareStatement("""
                        INSERT INTO node_connection (topology_id, node_id, instance_id, status, message, reported_at)
                        SELECT l.topology_id, l.node_id, ?, ?, ?, now() FROM node_lease l
                        WHERE l.topology_id = ? AND l.node_id = ?
                        ON CONFLICT (topology_id, node_id) DO UPDATE SET instance_id = EXCLUDED.instance_id,
                            status = EXCLUDED.status, message = EXCLUDED.message,
                            reported_at = EXCLUDED.reported_at""")) {
                    for (var entry : batch.entrySet()) {
                        upsert.setString(1, instanceId);
                        upsert.setString(2, entry.getValue().status());
                        upsert.setString(3, entry.getValue().message());
                        upsert.setString(4, entry.getKey().topologyId());
                        upsert.setString(5, entry.getKey().nodeId());
                        upsert.addBatch();
                    }
                    upsert.executeBatch();
                }
            });
        } catch (PersistenceException e) {
            LOG.warn("The connection state of {} node(s) is not reported to the other controller instances yet "
                + "(tried again in {}): {}", batch.size(), RETRY, e.getMessage());
            // a newer report of a node meanwhile wins
            batch.forEach(pending::putIfAbsent);
            schedule(RETRY);
        }
    }

    /**
     * The nodes of {@code topologyId} whose leases this instance does not hold: those other live
     * instances hold, with the state each reported, and those no live instance holds now (one query).
     */
    public List<NodeStateElsewhere> elsewhere(final String topologyId) throws PersistenceException {
        return database.call("read the state of the nodes other instances connect", tx -> {
            try (PreparedStatement select = tx.connection().prepareStatement("""
                    SELECT l.node_id, i.instance_id, i.address, c.status, c.message FROM node_lease l
                    LEFT JOIN controller_instance i ON i.instance_id = l.owner_instance AND NOT i.retired
                        AND i.expires_at > clock_timestamp()
                    LEFT JOIN node_connection c ON c.topology_id = l.topology_id AND c.node_id = l.node_id
                        AND c.instance_id = i.instance_id
                    WHERE l.topology_id = ? AND l.owner_instance IS DISTINCT FROM ? ORDER BY l.node_id""")) {
                select.setString(1, topologyId);
                select.setString(2, instanceId);
                try (ResultSet rows = select.executeQuery()) {
                    final List<NodeStateElsewhere> nodes = new ArrayList<>();
                    while (rows.next()) {
                        final String holder = rows.getString(2);
                        final String message = rows.getString(5);
                        nodes.add(new NodeStateElsewhere(rows.getString(1), holder == null ? null
                            : new LeaseHolder(holder, rows.getString(3)), rows.getString(4),
                            message == null ? "" : message));
                    }
                    return nodes;
                }
            }
        });
    }

    /**
     * The reports the other instances wrote after {@code after} (their latest per node: a node's row
     * is replaced by each report), oldest first.
     */
    public List<NodeStateReport> reportedElsewhereAfter(final Instant after) throws PersistenceException {
        return database.call("read the connection states other instances reported", tx -> {
            try (PreparedStatement select = tx.connection().prepareStatement("""
                    SELECT topology_id, node_id, status, reported_at FROM node_connection
                    WHERE instance_id <> ? AND reported_at > ? ORDER BY reported_at""")) {
                select.setString(1, instanceId);
                select.setTimestamp(2, Rows.timestamp(after));
                try (ResultSet rows = select.executeQuery()) {
                    final List<NodeStateReport> reports = new ArrayList<>();
                    while (rows.next()) {
                        reports.add(new NodeStateReport(rows.getString(1), rows.getString(2), rows.getString(3),
                            Rows.instant(rows.getTimestamp(4))));
                    }
                    return reports;
                }
            }
        });
    }

    /** Writes what was reported and not written yet (once), then stops. */
    @Override
    public void close() {
        if (writer.isShutdown()) {
            return;
        }
        try {
            writer.submit(this::write).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("The last connection states were not reported: {}", e.getMessage());
        } finally {
            writer.shutdownNow();
        }
    }
}
