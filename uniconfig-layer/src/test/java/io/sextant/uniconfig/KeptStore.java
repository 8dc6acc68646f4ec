package io.sextant.uniconfig;

import io.sextant.uniconfig.UniconfigStore.Interrupted;
import io.sextant.uniconfig.UniconfigStore.KeptNode;
import io.sextant.uniconfig.UniconfigStore.KeptSnapshot;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** What a store kept before the stop, and what the recovery finishes. */
final class KeptStore implements UniconfigStore {
    final List<KeptNode> nodes;
    final List<Interrupted> interrupted;
    final List<String> finished = new CopyOnWriteArrayList<>();
    final List<String> created = new CopyOnWriteArrayList<>();

    private final List<? extends Kept> undecoded;

    KeptStore(final List<KeptNode> nodes, final List<Interrupted> interrupted) {
        this(nodes, nodes, interrupted);
    }

    private KeptStore(final List<KeptNode> nodes, final List<? extends Kept> undecoded,
            final List<Interrupted> interrupted) {
        this.nodes = nodes;
        this.undecoded = undecoded;
        this.interrupted = interrupted;
    }

    /** A store whose nodes a restart loads as {@code undecoded}, decoded when the layer asks. */
    static KeptStore undecoded(final List<? extends Kept> undecoded) {
        return new KeptStore(List.of(), undecoded, List.of());
    }

    @Override
    public List<KeptNode> load() {
        return nodes;
    }

    @Override
    public List<? extends Kept> loadUndecoded() {
        return undecoded;
    }

    @Override
    public List<Interrupted> interrupted() {
        return interrupted;
    }

    @Override
    public void created(final UniconfigNode node, final NormalizedNode configuration) {
        created.add(node.nodeId());
    }

    @Override
    public void changed(final NodeUpdate update) {
    }

    @Override
    public void changedAll(final List<NodeUpdate> updates) {
    }

    @Override
    public void commitStarted(final String commitId, final String operation, final String user,
            final List<String> nodeIds) {
    }

    @Override
    public KeptCommit commitApplied(final String commitId, final List<NodeUpdate> updates,
            final CommitRecord record) {
        return KeptCommit.NOTHING;
    }

    @Override
    public void commitFinished(final String commitId, final boolean done, final @Nullable CommitRecord failure) {
        finished.add(commitId + (done ? " done" : " failed" + (failure == null ? "" : ": "
            + failure.result().error().orElse(""))));
    }

    @Override
    public List<CommitRecord> loadLog(final int limit) {
        return List.of();
    }

    @Override
    public List<KeptSnapshot> loadSnapshots() {
        return List.of();
    }

    @Override
    public void snapshotCreated(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> nodes) {
    }

    @Override
    public void snapshotDeleted(final String name, final Instant created,
            final Map<String, SnapshotStore.Captured> nodes) {
    }
}
