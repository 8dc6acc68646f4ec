package io.sextant.uniconfig;

import io.sextant.persistence.HistoryMark;
import io.sextant.persistence.HistoryTail;
import io.sextant.persistence.codec.DiffEntry;
import java.time.Clock;
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
    /** One kept point. */
    private record Kept(long seq, String commitId, Instant time, String schemaKey, List<DiffEntry> diff,
            @Nullable NormalizedNode fullCopyOrNull) {
    }

    private final HistorySettings settings;
    private final Clock clock;
    private final Checkpoints checkpoints;
    /** Each node's points, oldest first. */
    private final Map<String, List<Kept>> nodes = new HashMap<>();

    InMemoryNodeHistory(final HistorySettings settings, final Clock clock) {
        this.settings = settings;
        this.clock = clock;
        this.checkpoints = new Checkpoints(settings.fullCopyEvery());
    }

    @Override
    public synchronized void committed(final String commitId, final Instant time, final List<Step> steps) {
        for (Step step : steps) {
            final List<Kept> points = nodes.computeIfAbsent(step.nodeId(), id -> new ArrayList<>());
            final HistoryTail tail = tail(points);
            final boolean full = checkpoints.fullCopy(step, tail);
            points.add(new Kept(tail.lastSeq() + 1, commitId, time, step.schemaKey(), step.diff(),
                full ? step.after() : null));
            checkpoints.recorded(step);
        }
        trim(clock.instant().minus(settings.retention()));
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

    /** Per node, drop the points before the newest full copy older than {@code cutoff}. */
    private void trim(final Instant cutoff) {
        for (List<Kept> points : nodes.values()) {
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
