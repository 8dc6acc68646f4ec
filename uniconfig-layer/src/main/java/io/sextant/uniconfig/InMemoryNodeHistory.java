package io.sextant.uniconfig;

import io.sextant.persistence.HistoryMark;
import io.sextant.persistence.HistoryTail;
import io.sextant.persistence.codec.DiffEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The nodes' history in memory (for {@code --in-memory}): the same points, full copies and
 * retention as {@link DurableNodeHistory}, lost at a restart. A full copy shares every unchanged
 * subtree with the node's live configuration, so it costs what differs.
 */
final class InMemoryNodeHistory implements NodeHistory {
    /** How often every node's points are trimmed; a commit's own nodes are trimmed at each commit. */
    private static final Duration SWEEP_INTERVAL = Duration.ofMinutes(1);

    /** One kept point. */
    private record Kept(long seq, String commitId, Instant time, String schemaKey, List<DiffEntry> diff,
            @Nullable NormalizedNode fullCopyOrNull) {
    }

    private final HistorySettings settings;
    private final Clock clock;
    private final Checkpoints checkpoints;
    /** Each node's points, oldest first. */
    private final Map<String, List<Kept>> nodes = new HashMap<>();
    private Instant nextSweep = Instant.MIN;

    InMemoryNodeHistory(final HistorySettings settings, final Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.checkpoints = new Checkpoints(settings.fullCopyEvery());
    }

    @Override
    public synchronized void committed(final String commitId, final Instant time, final List<Step> steps) {
        final List<List<Kept>> touched = new ArrayList<>(steps.size());
        for (Step step : steps) {
            final List<Kept> points = nodes.computeIfAbsent(step.nodeId(), id -> new ArrayList<>());
            final HistoryTail tail = tail(points);
            final boolean full = checkpoints.fullCopy(step, tail);
            points.add(new Kept(tail.lastSeq() + 1, commitId, time, step.schemaKey(), step.diff(),
                full ? step.after() : null));
            checkpoints.recorded(step);
            touched.add(points);
        }
        // every node at most once a minute (as DurableNodeHistory), else the commit's own: a commit
        // that walked every node's points cost what the number of nodes costs
        final Instant now = clock.instant();
        final Instant cutoff = now.minus(settings.retention());
        if (now.isBefore(nextSweep)) {
            touched.forEach(points -> trim(points, cutoff));
        } else {
            nodes.values().forEach(points -> trim(points, cutoff));
            nextSweep = now.plus(SWEEP_INTERVAL);
        }
    }

    private static HistoryTail tail(final List<Kept> points) {
        if (points.isEmpty()) {
            return HistoryTail.NONE;
        }
        long lastFull = 0;
        for (int i = points.size() - 1; i >= 0; i--) {
            if (points.get(i).fullCopyOrNull() != null) {
                lastFull = points.get(i).seq();
                break;
            }
        }
        return new HistoryTail(points.get(points.size() - 1).seq(), lastFull);
    }

    /** Drop a node's points before its newest full copy older than {@code cutoff}. */
    private static void trim(final List<Kept> points, final Instant cutoff) {
        int keepFrom = 0;
        for (int i = 0; i < points.size() && points.get(i).time().isBefore(cutoff); i++) {
            if (points.get(i).fullCopyOrNull() != null) {
                keepFrom = i;
            }
        }
        if (keepFrom > 0) {
            points.subList(0, keepFrom).clear();
        }
    }

    @Override
    public synchronized List<Change> changesOf(final String commitId) {
        final List<Change> changes = new ArrayList<>();
        nodes.forEach((nodeId, points) -> points.stream().filter(p -> p.commitId().equals(commitId)).forEach(p ->
            changes.add(new Change(nodeId, p.seq(), p.time(), p.schemaKey(), p.diff()))));
        return changes;
    }

    @Override
    public synchronized Optional<Point> point(final String nodeId, final When when) {
        final List<Kept> points = nodes.getOrDefault(nodeId, List.of());
        int index = -1;
        for (int i = 0; i < points.size(); i++) {
            final Kept point = points.get(i);
            final boolean matches = when instanceof When.After after ? point.commitId().equals(after.commitId())
                : !point.time().isAfter(((When.At) when).time());
            if (matches) {
                index = i;
            }
        }
        if (index < 0) {
            return Optional.empty();
        }
        int base = index;
        while (base >= 0 && points.get(base).fullCopyOrNull() == null) {
            base--;
        }
        if (base < 0) {
            return Optional.empty();
        }
        final List<List<DiffEntry>> diffs = new ArrayList<>();
        for (int i = base + 1; i <= index; i++) {
            diffs.add(points.get(i).diff());
        }
        final Kept point = points.get(index);
        final NormalizedNode full = Objects.requireNonNull(points.get(base).fullCopyOrNull());
        return Optional.of(new Point(nodeId, point.commitId(), point.time(), point.schemaKey(),
            HistoryReplay.forward(full, diffs)));
    }

    @Override
    public synchronized List<HistoryMark> marks(final String nodeId) {
        return nodes.getOrDefault(nodeId, List.of()).stream().map(p -> new HistoryMark(p.seq(), p.commitId(),
            p.time(), p.fullCopyOrNull() != null)).toList();
    }
}
