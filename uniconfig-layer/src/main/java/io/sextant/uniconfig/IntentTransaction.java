package io.sextant.uniconfig;

import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.WriteTransaction;
import io.sextant.datastore.service.Edit;
import io.sextant.datastore.service.StoreDataService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A UniConfig transaction: for each node it touched, the edits it made to that node's intent,
 * applied to a private modification taken when the transaction first touched the node.
 * Requests of this transaction see its own writes; nobody else does. A request whose edits
 * fail leaves the transaction as it was. Callers serialize requests of one transaction by
 * synchronizing on it.
 */
final class IntentTransaction {
    private final String id;
    private final String user;
    private final long idleTimeoutMillis;
    private final Map<String, NodeChanges> nodes = new LinkedHashMap<>();
    private volatile long lastUsed = System.currentTimeMillis();

    /** One node's part of the transaction. */
    static final class NodeChanges {
        private final UniconfigNode node;
        private final long baseVersion;
        private final List<Edit> applied = new ArrayList<>();
        private WriteTransaction changes;

        NodeChanges(final UniconfigNode node) {
            this.node = node;
            this.baseVersion = node.intentVersion();
            this.changes = node.intended().newTransaction();
        }

        UniconfigNode node() {
            return node;
        }

        /** Whether the node's intent was committed by someone else since this transaction touched it. */
        boolean conflicted() {
            return node.intentVersion() != baseVersion;
        }

        WriteTransaction view() {
            return changes;
        }

        /** Apply {@code edits} all or none. */
        void apply(final List<Edit> edits) throws OperationFailedException {
            try {
                for (Edit edit : edits) {
                    StoreDataService.apply(changes, edit);
                }
            } catch (OperationFailedException e) {
                rebuild();
                throw e;
            }
            applied.addAll(edits);
        }

        /** Start over from the node's intent, with the edits that succeeded so far. */
        void rebuild() throws OperationFailedException {
            changes.cancel();
            changes = node.intended().newTransaction();
            for (Edit edit : applied) {
                StoreDataService.apply(changes, edit);
            }
        }

        boolean isEmpty() {
            return applied.isEmpty();
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

    /** This transaction's part of {@code node}, created on first use. */
    NodeChanges touch(final UniconfigNode node) {
        return nodes.computeIfAbsent(node.nodeId(), id -> new NodeChanges(node));
    }

    Optional<NodeChanges> touched(final String nodeId) {
        return Optional.ofNullable(nodes.get(nodeId));
    }

    /** Nodes this transaction changed. */
    Set<String> changedNodes() {
        final Set<String> result = new java.util.LinkedHashSet<>();
        nodes.forEach((id, changes) -> {
            if (!changes.isEmpty()) {
                result.add(id);
            }
        });
        return result;
    }

    /** After a commit: these nodes are no longer part of the transaction. */
    void forget(final Set<String> nodeIds) {
        for (String nodeId : nodeIds) {
            final NodeChanges changes = nodes.remove(nodeId);
            if (changes != null) {
                changes.changes.cancel();
            }
        }
    }

    void discard() {
        nodes.values().forEach(changes -> changes.changes.cancel());
        nodes.clear();
    }
}
