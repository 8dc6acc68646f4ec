package io.sextant.uniconfig;

import io.sextant.datastore.OperationErrorsException;
import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.CommitRepository;
import io.sextant.persistence.Compaction;
import io.sextant.persistence.ConfigKind;
import io.sextant.persistence.Database;
import io.sextant.persistence.LoggedCommit;
import io.sextant.persistence.LoggedNode;
import io.sextant.persistence.NodeConfigRepository;
import io.sextant.persistence.PendingCommit;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.SnapshotNode;
import io.sextant.persistence.SnapshotRepository;
import io.sextant.persistence.StoredNode;
import io.sextant.persistence.StoredSnapshot;
import io.sextant.persistence.TransactionLogRepository;
import io.sextant.persistence.Tx;
import io.sextant.persistence.codec.DiffEntry;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link UniconfigStore} in PostgreSQL, on the persistence module's repositories: each node's
 * intended and actual configuration as a base plus a journal of changes (what a change writes
 * follows the size of the change), commit records (pending before any device is touched, then
 * done or failed), the transaction log with per-node diffs, and snapshots. Every call is one SQL
 * transaction, durable when it returns.
 */
final class DurableUniconfigStore implements UniconfigStore {
    private static final Logger LOG = LoggerFactory.getLogger(DurableUniconfigStore.class);

    private final Database database;
    private final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
    private final CommitRepository commits = new CommitRepository();
    private final TransactionLogRepository log = new TransactionLogRepository();
    private final SnapshotRepository snapshots = new SnapshotRepository();

    DurableUniconfigStore(final Database database) {
        this.database = database;
    }

    @Override
    public List<KeptNode> load() throws OperationErrorsException {
        final NodeConfigRepository.LoadedNodes loaded = call("load the UniConfig nodes", nodes::loadAll);
        loaded.unreadable().forEach((nodeId, why) -> LOG.error("The kept configuration of node {} cannot be read, "
            + "so the node is left out and read again from its device when it connects (a change pending in its "
            + "intent is lost): {}", nodeId, why));
        final List<KeptNode> kept = new ArrayList<>();
        for (StoredNode stored : loaded.nodes()) {
            kept.add(new KeptNode(stored.nodeId(), stored.schemaKey(), stored.intended(), stored.actual()));
        }
        return kept;
    }

    @Override
    public List<Interrupted> interrupted() throws OperationErrorsException {
        return call("load the commits left pending", tx -> {
            final List<Interrupted> interrupted = new ArrayList<>();
            for (PendingCommit pending : commits.pending(tx)) {
                interrupted.add(new Interrupted(pending.commitId(), pending.operation(), pending.user(),
                    log.contains(tx, pending.commitId()), pending.nodeIds()));
            }
            return interrupted;
        });
    }

    @Override
    public void created(final UniconfigNode node, final NormalizedNode configuration)
            throws OperationErrorsException {
        run("keep node " + node.nodeId(), tx -> nodes.create(tx, node.nodeId(), node.schemaKey(), configuration,
            configuration));
    }

    @Override
    public void changed(final NodeUpdate update) throws OperationErrorsException {
        run("keep the change of node " + update.node().nodeId(), tx -> record(tx, update));
    }

    @Override
    public void commitStarted(final String commitId, final String operation, final String user,
            final List<String> nodeIds) throws OperationErrorsException {
        run("record commit " + commitId, tx -> commits.begin(tx, commitId, operation, user, nodeIds));
    }

    @Override
    public void commitApplied(final String commitId, final List<NodeUpdate> updates, final CommitRecord record)
            throws OperationErrorsException {
        run("keep commit " + commitId, tx -> {
            for (NodeUpdate update : updates) {
                record(tx, update);
            }
            log.append(tx, logged(record));
        });
    }

    @Override
    public void commitFinished(final String commitId, final boolean done, final @Nullable CommitRecord failure)
            throws OperationErrorsException {
        run("finish commit " + commitId, tx -> {
            if (commits.state(tx, commitId).filter(state -> state != CommitRepository.State.PENDING).isPresent()) {
                // recorded already: an earlier attempt was kept although its answer was lost
                return;
            }
            if (failure != null) {
                log.append(tx, logged(failure));
            }
            commits.finish(tx, commitId, done ? CommitRepository.State.DONE : CommitRepository.State.FAILED,
                failure == null ? null : failure.result().error().orElse(null));
        });
    }

    @Override
    public List<CommitRecord> loadLog(final int limit) throws OperationErrorsException {
        final List<LoggedCommit> latest = call("load the transaction log", tx -> log.latest(tx, limit));
        final List<CommitRecord> records = new ArrayList<>();
        for (LoggedCommit commit : latest) {
            final List<NodeResult> results = new ArrayList<>();
            for (LoggedNode node : commit.nodes()) {
                results.add(node.errorTypeOrNull() == null && "complete".equals(node.status()) ? NodeResult.ok(
                    node.nodeId()) : NodeResult.failed(node.nodeId(), errorKind(node.errorTypeOrNull()),
                        node.messageOrNull() == null ? "failed" : node.messageOrNull()));
            }
            final OperationResult result = "complete".equals(commit.status()) ? OperationResult.of(results)
                : OperationResult.failed(results.stream().flatMap(r -> r.error().stream()).map(
                    NodeResult.NodeError::message).findFirst().orElse("failed"), results);
            records.add(new CommitRecord(commit.commitId(), commit.finished(), commit.user(), commit.operation(),
                result, Map.of()));
        }
        records.sort(Comparator.comparing(CommitRecord::time));
        return records;
    }

    private static NodeResult.ErrorKind errorKind(final @Nullable String yangName) {
        for (NodeResult.ErrorKind kind : NodeResult.ErrorKind.values()) {
            if (kind.yangName().equals(yangName)) {
                return kind;
            }
        }
        return NodeResult.ErrorKind.PROCESSING_ERROR;
    }

    @Override
    public List<KeptSnapshot> loadSnapshots() throws OperationErrorsException {
        return call("load the snapshots", tx -> {
            final List<KeptSnapshot> kept = new ArrayList<>();
            for (String name : snapshots.names(tx)) {
                final StoredSnapshot stored = snapshots.load(tx, name).orElseThrow();
                final Map<String, SnapshotStore.Captured> captured = new LinkedHashMap<>();
                for (SnapshotNode node : stored.nodes()) {
                    captured.put(node.nodeId(), new SnapshotStore.Captured(node.schemaKey(), node.configuration()));
                }
                kept.add(new KeptSnapshot(stored.name(), stored.created(), captured));
            }
            return kept;
        });
    }

    @Override
    public void snapshotCreated(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> captured) throws OperationErrorsException {
        final List<SnapshotNode> kept = new ArrayList<>();
        captured.forEach((nodeId, node) -> kept.add(new SnapshotNode(nodeId, node.schemaKey(), node.configuration())));
        run("keep snapshot " + name, tx -> snapshots.create(tx, name, created, kept));
    }

    @Override
    public void snapshotDeleted(final String name) throws OperationErrorsException {
        run("delete snapshot " + name, tx -> snapshots.delete(tx, name));
    }

    private void record(final Tx tx, final NodeUpdate update) throws SQLException, PersistenceException {
        final String nodeId = update.node().nodeId();
        if (update.changesIntent()) {
            nodes.record(tx, nodeId, ConfigKind.INTENDED, update.intentBefore(), update.intentAfter());
        }
        if (update.changesActual()) {
            nodes.record(tx, nodeId, ConfigKind.ACTUAL, update.actualBefore(), update.actualAfter());
        }
    }

    private static LoggedCommit logged(final CommitRecord record) {
        final List<LoggedNode> logged = new ArrayList<>();
        for (NodeResult node : record.result().nodes()) {
            final List<DiffEntry> diff = new ArrayList<>();
            for (ConfigDiff.Change change : node.diff().changes()) {
                diff.add(new DiffEntry(change.path(), change.node().dataBefore(), change.node().dataAfter()));
            }
            logged.add(new LoggedNode(node.nodeId(), node.ok() ? "complete" : "fail",
                node.error().map(e -> e.kind().yangName()).orElse(null),
                node.error().map(NodeResult.NodeError::message).orElse(null), diff));
        }
        return new LoggedCommit(record.id(), record.time(), record.user(), record.operation(),
            record.result().ok() ? "complete" : "fail", logged);
    }

    private <T> T call(final String doing, final Database.Work<T> work) throws OperationErrorsException {
        try {
            return database.call(doing, work);
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }

    private void run(final String doing, final Database.Action action) throws OperationErrorsException {
        try {
            database.run(doing, action);
        } catch (PersistenceException e) {
            throw StateUnavailable.of(e);
        }
    }
}
