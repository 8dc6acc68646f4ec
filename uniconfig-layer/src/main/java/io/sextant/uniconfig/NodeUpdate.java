package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.WriteTransaction.PreparedCommit;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * A change of one node, computed and validated but not applied: its intended and actual
 * configuration before and after. It is made durable first ({@link NodeStore}), then
 * {@link #apply() applied}, under the node's lock; so a change is visible only once it is kept.
 */
final class NodeUpdate {
    private final UniconfigNode node;
    private final NormalizedNode intentBefore;
    private final NormalizedNode intentAfter;
    private final NormalizedNode actualBefore;
    private final NormalizedNode actualAfter;
    private final @Nullable PreparedCommit intent;
    private final boolean actualFollowsIntent;
    private final boolean synced;
    private final List<Boolean> created;

    NodeUpdate(final UniconfigNode node, final @Nullable PreparedCommit intent, final NormalizedNode actualAfter,
            final boolean actualFollowsIntent, final boolean synced, final List<Boolean> created) {
        this.node = node;
        this.intent = intent;
        this.intentBefore = node.intendedRoot();
        this.intentAfter = intent != null ? intent.candidate().getRootNode().dataAfter() : intentBefore;
        this.actualBefore = node.actualRoot();
        this.actualAfter = actualFollowsIntent ? intentAfter : actualAfter;
        this.actualFollowsIntent = actualFollowsIntent;
        this.synced = synced;
        this.created = List.copyOf(created);
    }

    UniconfigNode node() {
        return node;
    }

    NormalizedNode intentBefore() {
        return intentBefore;
    }

    NormalizedNode intentAfter() {
        return intentAfter;
    }

    NormalizedNode actualBefore() {
        return actualBefore;
    }

    NormalizedNode actualAfter() {
        return actualAfter;
    }

    boolean changesIntent() {
        return intent != null;
    }

    boolean changesActual() {
        return actualBefore != actualAfter;
    }

    /** For an edit of the intent: whether each edit's target did not exist before. */
    List<Boolean> created() {
        return created;
    }

    /** Make the change visible. Call with the node's lock held, once the change is kept. */
    void apply() throws OperationErrorsException {
        if (intent != null) {
            intent.commit();
            node.intentChanged();
        }
        node.actual(actualFollowsIntent ? node.intendedRoot() : actualAfter, synced);
    }
}
