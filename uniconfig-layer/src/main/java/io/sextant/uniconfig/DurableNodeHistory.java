package io.sextant.uniconfig;

import io.sextant.datastore.StateUnavailable;
import io.sextant.persistence.Database;
import io.sextant.persistence.HistoryMark;
import io.sextant.persistence.HistoryRow;
import io.sextant.persistence.HistoryTail;
import io.sextant.persistence.NodeHistoryRepository;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.codec.DiffEntry;
import io.sextant.spi.OperationErrorsException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The nodes' history in PostgreSQL ({@code node_history}), shared by every controller instance
 * on the database: a point is read from the rows whoever wrote them. A point that keeps a full
 * copy shares, when it can, the bytes the node's actual configuration is stored with (a node's
 * first point: the configuration its commit started from), rather than encoding the whole
 * configuration again, which for a 600,000-line router costs about a second of CPU. Each commit's points are
 * one SQL transaction; history older than the retention is trimmed at most once a minute, in the
 * transaction of a commit's points.
 */
final class DurableNodeHistory implements NodeHistory {
    private static final Duration TRIM_INTERVAL = Duration.ofMinutes(1);

    private final Database database;
    private final HistorySettings settings;
    private final Clock clock;
    private final Checkpoints checkpoints;
    private final NodeHistoryRepository rows = new NodeHistoryRepository();
    private volatile Instant nextTrim = Instant.MIN;

    DurableNodeHistory(final Database database, final HistorySettings settings, final Clock clock) {
        this.database = database;
        this.settings = settings;
        this.clock = clock;
        this.checkpoints = new Checkpoints(settings.fullCopyEvery());
    }

    @Override
    public void committed(final String commitId, final Instant time, final List<Step> steps)
            throws OperationErrorsException {
        final Instant now = clock.instant();
        final boolean trim = !now.isBefore(nextTrim);
        try {
            database.run("keep the history of commit " + commitId, tx -> {
                final Map<String, HistoryTail> tails = rows.tails(tx, steps.stream().map(Step::nodeId).toList());
                final List<HistoryRow> added = new ArrayList<>();
                for (Step step : steps) {
                    final HistoryTail tail = tails.getOrDefault(step.nodeId(), HistoryTail.NONE);
                    final HistoryRow point = new HistoryRow(step.nodeId(), tail.lastSeq() + 1, commitId, time,
                        step.schemaKey(), step.diff(), null);
                    if (!checkpoints.fullCopy(step, tail)) {
                        added.add(point);
                    } else if (step.actualVersion() == Step.NOT_KEPT
                            || !rows.appendSharingStoredCopy(tx, point, step.actualVersion())) {
                        // no store keeps the node, or it no longer reaches the commit's version: encoded here
                        added.add(new HistoryRow(point.nodeId(), point.seq(), commitId, time, point.schemaKey(),
                            point.diff(), step.after()));
                    }
                }
                rows.append(tx, added);
                if (trim) {
                    rows.trim(tx, now.minus(settings.retention()));
                }
            });
        } catch (PersistenceException e) {
            checkpoints.forget(steps.stream().map(Step::nodeId).toList());
            throw StateUnavailable.of(e);
        }
        steps.forEach(checkpoints::recorded);
        if (trim) {
            nextTrim = now.plus(TRIM_INTERVAL);
        }
    }

    @Override
    public List<Change> changesOf(final String commitId) throws OperationErrorsException {
        return StateUnavailable.call(database, "read the changes of commit " + commitId,
            tx -> rows.ofCommit(tx, commitId)).stream()
            .map(row -> new Change(row.nodeId(), row.seq(), row.committedAt(), row.schemaKey(), row.diff())).toList();
    }

    @Override
    public Optional<Point> point(final String nodeId, final When when) throws OperationErrorsException {
        final List<HistoryRow> replay = StateUnavailable.call(database, "read the history of node " + nodeId, tx -> {
            final OptionalLong seq = when instanceof When.After after ? rows.seqOf(tx, nodeId, after.commitId())
                : rows.seqAt(tx, nodeId, ((When.At) when).time());
            return seq.isPresent() ? rows.replay(tx, nodeId, seq.getAsLong()) : List.<HistoryRow>of();
        });
        if (replay.isEmpty()) {
            return Optional.empty();
        }
        final HistoryRow first = replay.get(0);
        final NormalizedNode base = Objects.requireNonNull(first.fullCopyOrNull(), "a replay starts at a copy");
        final List<List<DiffEntry>> diffs = replay.subList(first.copyBefore() ? 0 : 1, replay.size()).stream()
            .map(HistoryRow::diff).toList();
        final HistoryRow last = replay.get(replay.size() - 1);
        return Optional.of(new Point(nodeId, last.commitId(), last.committedAt(), last.schemaKey(),
            HistoryReplay.forward(base, diffs)));
    }

    @Override
    public List<HistoryMark> marks(final String nodeId) throws OperationErrorsException {
        return StateUnavailable.call(database, "list the history of node " + nodeId, tx -> rows.marks(tx, nodeId));
    }

}
