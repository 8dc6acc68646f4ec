package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.WriteTransaction;
import io.sextant.datastore.WriteTransaction.PreparedCommit;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.datastore.StoreDataService;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A UniConfig transaction: for each node it touched, the edits it made to that node's intent,
 * applied to a private modification taken when the transaction first touched the node.
 * Requests of this transaction see its own writes; nobody else does. A request whose edits
 * fail leaves the transaction as it was. The transaction serializes its own requests: every
 * method is atomic.
 */
final class IntentTransaction {
    private static final Logger LOG = LoggerFactory.getLogger(IntentTransaction.class);

    private final String id;
    private final String user;
    private final long idleTimeoutMillis;
    private final Map<String, NodeChanges> nodes = new LinkedHashMap<>();
    private volatile long lastUsed = System.currentTimeMillis();

    /** One node's part of the transaction. */
    private static final class NodeChanges {
        private final UniconfigNode node;
        private final long baseVersion;
        private final List<Edit> applied = new ArrayList<>();
        private WriteTransaction changes;

        NodeChanges(final UniconfigNode node) {
            this.node = node;
            this.baseVersion = node.intentVersion();
            this.changes = node.intended().newTransaction();
        }

        NormalizedNode root() {
            return changes.read(UniconfigNode.ROOT).orElseThrow();
        }

        /** Apply {@code edits} all or none. */
        void apply(final List<Edit> edits) throws OperationErrorsException {
            try {
                for (Edit edit : edits) {
                    StoreDataService.apply(changes, edit);
                }
            } catch (OperationErrorsException e) {
                rebuild();
                throw e;
            }
            applied.addAll(edits);
        }

        /** Take back the last {@code count} edits. */
        void undo(final int count) {
            applied.subList(applied.size() - count, applied.size()).clear();
            try {
                rebuild();
            } catch (OperationErrorsException e) {
                // the edits before applied once on the same base: cannot fail but by a bug
                LOG.error("The view of {} could not be rebuilt", node.nodeId(), e);
            }
        }

        /** Start over from the node's intent, with the edits that succeeded so far. */
        void rebuild() throws OperationErrorsException {
            changes.cancel();
            changes = node.intended().newTransaction();
            for (Edit edit : applied) {
                StoreDataService.apply(changes, edit);
            }
        }
    }

    IntentTransaction(final String id, final String user, final long idleTimeoutMillis) {
        this.id = id;
        this.user = user;
        this.idleTimeoutMillis = idleTimeoutMillis;
    }

    String id() {
        return id;
    }

    String user() {
        return user;
    }

    void used() {
        lastUsed = System.currentTimeMillis();
    }

    boolean expired(final long now) {
        return now - lastUsed > idleTimeoutMillis;
    }

    /**
     * Apply {@code edits} to this transaction's view of {@code node}, all or none.
     *
     * @return for each edit, whether its target did not exist before
     */
    synchronized List<Boolean> edit(final UniconfigNode node, final List<Edit> edits)
            throws OperationErrorsException {
        final NodeChanges changes = touch(node);
        final List<Boolean> created = new ArrayList<>(edits.size());
        for (Edit edit : edits) {
            created.add(changes.changes.read(edit.path()).isEmpty());
        }
        changes.apply(edits);
        return created;
    }

    /** Several nodes' edits were refused: the node whose were, and why. */
    static final class EditsRefused extends Exception {
        private static final long serialVersionUID = 1L;

        private final String nodeId;
        private final transient OperationErrorsException errors;

        EditsRefused(final String nodeId, final OperationErrorsException errors) {
            super(errors.getMessage(), errors, false, false);
            this.nodeId = nodeId;
            this.errors = errors;
        }

        String nodeId() {
            return nodeId;
        }

        OperationErrorsException errors() {
            return errors;
        }
    }

    /**
     * Apply each node's edits, all nodes or none; each node's configuration after them is
     * validated as a whole (as a commit would), so a refusal comes now rather than at the commit,
     * and held to {@code access} as a whole (edits may change more than they name).
     *
     * @throws EditsRefused naming the first node whose edits were refused; no node was changed
     */
    synchronized void editAll(final Map<UniconfigNode, List<Edit>> edits, final IntentAccess access)
            throws EditsRefused {
        final List<Map.Entry<NodeChanges, Integer>> done = new ArrayList<>();
        for (Map.Entry<UniconfigNode, List<Edit>> entry : edits.entrySet()) {
            final NodeChanges changes = touch(entry.getKey());
            try {
                final NormalizedNode before = changes.root();
                changes.apply(entry.getValue());
                done.add(Map.entry(changes, entry.getValue().size()));
                IntentService.check(access, entry.getKey(), before, changes.root());
                final WriteTransaction whole = changes.node.intended().newTransaction();
                whole.put(UniconfigNode.ROOT, changes.root());
                whole.prepare();
            } catch (OperationErrorsException e) {
                for (Map.Entry<NodeChanges, Integer> applied : done) {
                    applied.getKey().undo(applied.getValue());
                }
                throw new EditsRefused(entry.getKey().nodeId(), e);
            }
        }
    }

    /** The node's intended configuration as this transaction sees it. */
    synchronized NormalizedNode intended(final UniconfigNode node) {
        final NodeChanges changes = nodes.get(node.nodeId());
        return changes != null ? changes.root() : node.intendedRoot();
    }

    /** Whether this transaction changed {@code nodeId}. */
    synchronized boolean touched(final String nodeId) {
        final NodeChanges changes = nodes.get(nodeId);
        return changes != null && !changes.applied.isEmpty();
    }

    /** Nodes this transaction changed. */
    synchronized List<String> changedNodes() {
        return nodes.values().stream().filter(c -> !c.applied.isEmpty()).map(c -> c.node.nodeId()).toList();
    }

    /** Whether the node's intent was committed by someone else since this transaction touched it. */
    synchronized boolean conflicted(final String nodeId) {
        final NodeChanges changes = nodes.get(nodeId);
        return changes != null && changes.node.intentVersion() != changes.baseVersion;
    }

    /**
     * Validate this transaction's intent of {@code nodeId} for a commit. Until the prepared
     * change is committed or {@link #abandon abandoned}, the node's view stays as it is.
     *
     * @return the change, or null when this transaction did not change the node
     */
    synchronized @Nullable PreparedCommit prepare(final String nodeId) throws OperationErrorsException {
        final NodeChanges changes = nodes.get(nodeId);
        return changes == null || changes.applied.isEmpty() ? null : changes.changes.prepare();
    }

    /** After a failed commit the prepared changes are dropped: rebuild the views of these nodes. */
    synchronized void abandon(final Collection<String> nodeIds) {
        for (String nodeId : nodeIds) {
            final NodeChanges changes = nodes.get(nodeId);
            if (changes == null) {
                continue;
            }
            try {
                changes.rebuild();
            } catch (OperationErrorsException e) {
                // the same edits applied before on the same base: cannot fail but by a bug
                LOG.error("Transaction {}: the view of {} could not be rebuilt", id, nodeId, e);
                nodes.remove(nodeId);
            }
        }
    }

    /** After a commit: these nodes are no longer part of the transaction. */
    synchronized void forget(final Collection<String> nodeIds) {
        for (String nodeId : nodeIds) {
            final NodeChanges changes = nodes.remove(nodeId);
            if (changes != null) {
                changes.changes.cancel();
            }
        }
    }

    synchronized void discard() {
        nodes.values().forEach(changes -> changes.changes.cancel());
        nodes.clear();
    }

    private NodeChanges touch(final UniconfigNode node) {
        return nodes.computeIfAbsent(node.nodeId(), nodeId -> new NodeChanges(node));
    }
}
