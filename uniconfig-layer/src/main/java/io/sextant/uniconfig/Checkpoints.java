package io.sextant.uniconfig;

import io.sextant.persistence.HistoryTail;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Decides which points of a node's history keep a full copy of its configuration: every
 * {@code every}-th point, and any point whose configuration before the commit is not the very
 * tree the previous recorded point left (a sync, a restart, another instance's commit, a failed
 * history write in between: replaying the diffs would not lead there).
 */
final class Checkpoints {
    private final int every;
    /** The configuration each node's last recorded point left, compared by identity. */
    private final Map<String, NormalizedNode> lastAfter = new ConcurrentHashMap<>();

    Checkpoints(final int every) {
        this.every = every;
    }

    /** Whether {@code step}, the point after {@code tail}, keeps a full copy. */
    boolean fullCopy(final NodeHistory.Step step, final HistoryTail tail) {
        return tail.lastSeq() == 0 || tail.sinceFullCopy() + 1 >= every
            || lastAfter.get(step.nodeId()) != step.before();
    }

    /** The step is recorded. */
    void recorded(final NodeHistory.Step step) {
        lastAfter.put(step.nodeId(), step.after());
    }

    /** These nodes' next points keep a full copy (their recording failed). */
    void forget(final Collection<String> nodeIds) {
        nodeIds.forEach(lastAfter::remove);
    }
}
