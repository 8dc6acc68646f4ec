package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The nodes' changes kept in the {@link UniconfigStore}, and the versions other controller
 * instances kept: a change is kept before it is applied, and a node changed elsewhere takes the
 * version kept last. Every method is called with the nodes' locks held.
 */
final class KeptVersions {
    private static final Logger LOG = LoggerFactory.getLogger(KeptVersions.class);

    private final UniconfigStore store;
    private final NodeStatusWriter status;

    KeptVersions(final UniconfigStore store, final NodeStatusWriter status) {
        this.store = store;
        this.status = status;
    }

    /** A change of one node's intent, computed under the node's lock on what the node holds then. */
    @FunctionalInterface
    interface Change {
        NodeUpdate compute() throws OperationErrorsException;
    }

    /**
     * Keep {@code update}, then apply it and publish the node's status. Call with the node's
     * lock held. Nothing changes when it cannot be kept.
     */
    void apply(final NodeUpdate update) throws OperationErrorsException {
        keep(update);
        update.apply();
        status.publish(update.node());
    }

    /**
     * Compute {@code change}, keep it, apply it and publish the node's status. Refused because
     * another controller instance changed the node since this one loaded or kept it, the node
     * takes the version kept last and the change is computed and kept once more on that: writes
     * that a load balancer spreads over several instances change the node one after the other, as
     * one instance would. Refused again (yet another instance was quicker), or when the kept
     * version cannot be taken, the refusal (in-use) goes to the caller and nothing is kept. Call
     * with the node's lock held.
     */
    NodeUpdate apply(final Change change) throws OperationErrorsException {
        return apply(change.compute(), change);
    }

    /**
     * As {@link #apply(Change)}, with {@code update} already computed by {@code change} (a
     * request over several nodes validates every node's change before it keeps any).
     */
    NodeUpdate apply(final NodeUpdate computed, final Change change) throws OperationErrorsException {
        NodeUpdate update = computed;
        try {
            store.changed(update);
        } catch (OperationErrorsException e) {
            if (!changedElsewhere(e) || !takeNewer(update.node())) {
                throw e;
            }
            update = change.compute();
            keep(update);
        }
        update.apply();
        status.publish(update.node());
        return update;
    }

    /**
     * As {@link #apply(NodeUpdate, Change)} for the nodes of one request, all or none: every
     * update kept in one database transaction, then applied. Refused because another controller
     * instance changed one of the nodes, the nodes take the versions kept last and every change
     * is computed and kept once more on them; refused again, or failing otherwise, nothing is
     * kept or applied and the refusal goes to the caller. Call with the nodes' locks held.
     *
     * @param changes how to compute each update again, in the order of {@code computed}
     */
    List<NodeUpdate> applyAll(final List<NodeUpdate> computed, final List<Change> changes)
            throws OperationErrorsException {
        List<NodeUpdate> updates = computed;
        try {
            store.changedAll(updates);
        } catch (OperationErrorsException e) {
            boolean took = false;
            if (changedElsewhere(e)) {
                for (NodeUpdate update : updates) {
                    took |= takeNewer(update.node());
                }
            }
            if (!took) {
                throw e;
            }
            final List<NodeUpdate> again = new ArrayList<>(changes.size());
            for (Change change : changes) {
                again.add(change.compute());
            }
            updates = again;
            keepAll(updates);
        }
        for (NodeUpdate update : updates) {
            update.apply();
            status.publish(update.node());
        }
        return updates;
    }

    /**
     * Keep {@code updates} all or none (see {@link UniconfigStore#changedAll}). Refused because
     * another controller instance changed one of the nodes, the nodes take the versions kept by the
     * others and the refusal (in-use) goes to the caller. Call with the nodes' locks held.
     */
    void keepAll(final List<NodeUpdate> updates) throws OperationErrorsException {
        try {
            store.changedAll(updates);
        } catch (OperationErrorsException e) {
            if (changedElsewhere(e)) {
                updates.forEach(update -> takeNewer(update.node()));
            }
            throw e;
        }
    }

    /**
     * Keep {@code update} (see {@link UniconfigStore#changed}). Refused because another controller
     * instance changed the node since this one loaded or kept it, the node takes the version kept
     * by the other (so the request can be made again on what is kept) and the refusal (in-use)
     * goes to the caller. Call with the node's lock held.
     */
    void keep(final NodeUpdate update) throws OperationErrorsException {
        try {
            store.changed(update);
        } catch (OperationErrorsException e) {
            if (changedElsewhere(e)) {
                takeNewer(update.node());
            }
            throw e;
        }
    }

    /** Whether the store refused a change because another controller instance kept a newer version. */
    private static boolean changedElsewhere(final OperationErrorsException refusal) {
        return refusal.errors().stream().anyMatch(error -> error.tag() == ErrorTag.IN_USE);
    }

    /**
     * Those of {@code locked} that another controller instance kept in a newer version take it
     * (found in one read), so that a commit diffs what was kept last wherever it was kept. When the
     * read fails, nothing is taken: the version check of the commit's keep stays the safety net.
     * Without another instance live on the store ({@link UniconfigStore#sharedWithOthers}) nothing
     * is read: no other instance kept anything since the last round of change hints (one that
     * started since then and changed a node makes this commit's keep refuse, with a conflict).
     * Call with the nodes' locks held.
     */
    void takeKeptNewer(final List<UniconfigNode> locked) {
        if (locked.isEmpty() || !store.sharedWithOthers()) {
            return;
        }
        final Set<String> newer;
        try {
            newer = store.keptNewer(locked.stream().map(UniconfigNode::nodeId).toList());
        } catch (OperationErrorsException e) {
            // the keep's version check refuses what a stale copy would keep
            LOG.warn("The kept versions of {} cannot be read now: {}", locked.stream().map(UniconfigNode::nodeId)
                .toList(), e.getMessage());
            return;
        }
        if (!newer.isEmpty()) {
            takeNewer(locked.stream().filter(node -> newer.contains(node.nodeId())).toList());
        }
    }

    /**
     * Each node takes the version kept in the database when it is newer than the node's (changed
     * through another controller instance). Call with the nodes' locks held.
     */
    void takeNewer(final Collection<UniconfigNode> changed) {
        changed.forEach(this::takeNewer);
    }

    /** {@link #takeNewer(Collection)} of one node; whether it took a newer version. */
    private boolean takeNewer(final UniconfigNode node) {
        try {
            if (store.takeNewer(node.nodeId(), kept -> take(node, kept))) {
                // routine behind a load balancer: each instance's writes reach the others this way too
                LOG.debug("Node {} was changed through another controller instance: it now holds the version kept "
                    + "in the database", node.nodeId());
                status.publish(node);
                return true;
            }
        } catch (OperationErrorsException e) {
            LOG.warn("Node {} was changed through another controller instance, and the version kept in the "
                + "database cannot be taken now: {}", node.nodeId(), e.getMessage());
        }
        return false;
    }

    static boolean take(final UniconfigNode node, final UniconfigStore.KeptNode kept)
            throws OperationErrorsException {
        if (!kept.schemaKey().equals(node.schemaKey())) {
            LOG.warn("Node {} was kept by another controller instance with other device models ({}, here {}): "
                + "this instance keeps its copy until the device connects here", node.nodeId(), kept.schemaKey(),
                node.schemaKey());
            return false;
        }
        node.reloaded(kept.intended(), kept.actual()).apply();
        return true;
    }
}
