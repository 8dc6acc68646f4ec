package io.sextant.uniconfig;

import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.ChangeHorizon;
import io.sextant.persistence.CommitRepository;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.Database;
import io.sextant.persistence.LoggedCommit;
import io.sextant.persistence.PendingCommit;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.TransactionLogRepository;
import io.sextant.persistence.WaitingCommit;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.UniconfigStore.Interrupted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The commit records and transaction log part of {@link DurableUniconfigStore}: a commit's start
 * and end (each one statement on the commit's path), the commits an earlier run left pending, and
 * the log as kept and as other instances add to it. A commit's keep, which writes the log entry
 * with the nodes, stays with the store.
 */
final class DurableCommits {
    private final CommitRepository commits = new CommitRepository();
    private final TransactionLogRepository log = new TransactionLogRepository();
    private final Database database;
    private final UnflushedEnds ends;
    private final OwedWrites owed;
    /** This controller instance's id among those sharing the database; empty for a controller alone. */
    private final String instanceId;
    /** Where {@link #logged} reads from next; set by {@link #loadLog}. */
    private volatile long logHorizon = ChangeHorizon.ALL;

    DurableCommits(final Database database, final OwedWrites owed, final String instanceId) {
        this.database = database;
        this.owed = owed;
        this.instanceId = instanceId;
        this.ends = new UnflushedEnds(database, commits);
    }

    /** See {@link UniconfigStore#interrupted}. */
    List<Interrupted> interrupted() throws OperationErrorsException {
        return StateUnavailable.call(database, "load the commits left pending", tx -> {
            final List<Interrupted> interrupted = new ArrayList<>();
            for (PendingCommit pending : commits.pending(tx, instanceId.isEmpty() ? null : instanceId)) {
                interrupted.add(new Interrupted(pending.commitId(), pending.operation(), pending.user(),
                    log.contains(tx, pending.commitId()), pending.nodeIds()));
            }
            return interrupted;
        });
    }

    /** See {@link UniconfigStore#orphanedCommitsOf}. */
    List<Interrupted> orphanedCommitsOf(final String nodeId) throws OperationErrorsException {
        if (instanceId.isEmpty()) {
            return List.of();
        }
        return StateUnavailable.call(database, "read the commits left pending for node " + nodeId, tx -> {
            final List<Interrupted> orphaned = new ArrayList<>();
            for (PendingCommit pending : commits.orphaned(tx, nodeId, instanceId)) {
                orphaned.add(new Interrupted(pending.commitId(), pending.operation(), pending.user(),
                    log.contains(tx, pending.commitId()), pending.nodeIds()));
            }
            return orphaned;
        });
    }

    /** See {@link UniconfigStore#commitRunElsewhere}. */
    Optional<LeaseHolder> runElsewhere(final String commitId) throws OperationErrorsException {
        if (instanceId.isEmpty()) {
            return Optional.empty();
        }
        return StateUnavailable.call(database, "read which controller instance runs commit " + commitId,
            tx -> commits.runner(tx, commitId)).filter(runner -> !runner.instanceId().equals(instanceId));
    }

    /** See {@link UniconfigStore#gateWaits} (a deadline) and {@link UniconfigStore#gateDecided} (null). */
    void waiting(final String commitId, final @Nullable Instant deadline) throws OperationErrorsException {
        if (instanceId.isEmpty()) {
            return;
        }
        StateUnavailable.run(database, deadline == null ? "mark gated commit " + commitId + " decided"
            : "mark gated commit " + commitId + " waiting", tx -> commits.waiting(tx, commitId, deadline));
    }

    /** See {@link UniconfigStore#waitingElsewhere}. */
    List<WaitingCommit> waitingElsewhere() throws OperationErrorsException {
        if (instanceId.isEmpty()) {
            return List.of();
        }
        return StateUnavailable.call(database, "read the gated commits waiting in other controller instances",
            tx -> commits.waitingElsewhere(tx, instanceId));
    }

    /** See {@link UniconfigStore#commitStarted}. */
    void started(final String commitId, final String operation, final String user, final List<String> nodeIds)
            throws OperationErrorsException {
        // kept although it failed, the commit would stay pending and its nodes in doubt at the
        // next start: it touched no device, so it ends failed
        final String key = "commit " + commitId;
        final @Nullable String runner = instanceId.isEmpty() ? null : instanceId;
        owed.writeAlone("record commit " + commitId, Set.of(key), tx -> {
            commits.begin(tx, commitId, operation, user, nodeIds, runner);
            return Boolean.TRUE;
        }, Map.of(key, new OwedWrites.Repair("end commit " + commitId + " that never started",
                tx -> commits.abandon(tx, commitId, operation, user, nodeIds, "Not started: the database "
                    + "failed while the commit was recorded; no device was touched"))));
    }

    /** See {@link UniconfigStore#commitFinished}. */
    void finished(final String commitId, final boolean done, final @Nullable CommitRecord failure)
            throws OperationErrorsException {
        if (done && failure == null) {
            // the commit's result was kept, flushed, before its devices finished: its end need not wait
            ends.done(commitId);
            return;
        }
        final CommitRepository.State state = done ? CommitRepository.State.DONE : CommitRepository.State.FAILED;
        if (failure == null) {
            // one statement, which leaves a commit an earlier attempt ended as it is
            try {
                database.callAlone("finish commit " + commitId, tx -> commits.end(tx, commitId, state, null));
            } catch (PersistenceException e) {
                throw StateUnavailable.of(e);
            }
            return;
        }
        StateUnavailable.run(database, "finish commit " + commitId, tx -> {
            if (commits.state(tx, commitId).filter(kept -> kept != CommitRepository.State.PENDING).isPresent()) {
                // recorded already: an earlier attempt was kept although its answer was lost
                return;
            }
            // a log entry kept for this commit although keeping it failed is not what happened
            log.remove(tx, commitId);
            log.append(tx, LoggedCommits.logged(failure));
            commits.finish(tx, commitId, state, failure.result().error().orElse(null));
        });
    }

    /** Records again the commit ends not known to be flushed yet (see {@link UnflushedEnds}). */
    void close() {
        ends.close();
    }

    /** See {@link UniconfigStore#loadLog}. */
    List<CommitRecord> loadLog(final int limit) throws OperationErrorsException {
        final long[] before = new long[1];
        final List<LoggedCommit> latest = StateUnavailable.call(database, "load the transaction log", tx -> {
            before[0] = ChangeHorizon.now(tx);
            return log.latest(tx, limit);
        });
        logHorizon = before[0];
        final List<CommitRecord> records = new ArrayList<>();
        for (LoggedCommit commit : latest) {
            records.add(LoggedCommits.record(commit));
        }
        records.sort(Comparator.comparing(CommitRecord::time));
        return records;
    }

    /** See {@link UniconfigStore#logged}. */
    List<CommitRecord> logged() throws OperationErrorsException {
        final TransactionLogRepository.Logged logged = StateUnavailable.call(database,
            "read the commits logged through other instances",
            tx -> log.loggedSince(tx, logHorizon));
        logHorizon = logged.horizon();
        return logged.commits().stream().map(LoggedCommits::record).toList();
    }

    /** See {@link UniconfigStore#logOnly}. */
    void logOnly(final CommitRecord record) throws OperationErrorsException {
        StateUnavailable.run(database, "log " + record.operation() + " " + record.id(), tx -> {
            if (!log.contains(tx, record.id())) {
                log.append(tx, LoggedCommits.logged(record));
            }
        });
    }
}
