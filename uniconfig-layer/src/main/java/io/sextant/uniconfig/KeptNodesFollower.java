package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.persistence.ChangeHints;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this instance's UniConfig nodes as other controller instances sharing the database kept
 * them: on each {@link ChangeHints#NODES} hint and every few seconds, the store names the nodes
 * kept since in a version other than this instance's ({@link UniconfigStore#changedElsewhere},
 * read from the tables, never from the hint), and each takes the kept version: a served node under
 * its lock ({@link NodeRegistry#takeNewer}), a node not served here is served as kept
 * ({@link NodeRegistry#keptElsewhere}). A node whose lock stays busy is tried again at the next
 * round. The version check of every write stays the safety net: a node not taken yet can never
 * be kept over the newer version.
 */
final class KeptNodesFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KeptNodesFollower.class);

    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final Set<String> again = ConcurrentHashMap.newKeySet();
    private final ChangeHints.Subscription subscription;
    private @Nullable String failing;

    KeptNodesFollower(final NodeRegistry registry, final NodeLocks locks, final ChangeHints hints) {
        this.registry = registry;
        this.locks = locks;
        this.subscription = hints.subscribe(ChangeHints.NODES, this::catchUp);
    }

    /** Take the versions kept elsewhere since the last round. */
    void catchUp() {
        final Set<String> changed = new TreeSet<>(again);
        again.removeAll(changed);
        try {
            changed.addAll(registry.store().changedElsewhere());
            if (failing != null) {
                LOG.info("The UniConfig nodes changed through other controller instances are read again");
                failing = null;
            }
        } catch (OperationErrorsException e) {
            again.addAll(changed);
            final String message = String.valueOf(e.getMessage());
            if (!message.equals(failing)) {
                LOG.warn("The UniConfig nodes changed through other controller instances cannot be read now (tried "
                    + "again every few seconds; a change here of such a node is refused until then): {}", message);
                failing = message;
            }
            return;
        }
        for (String nodeId : changed) {
            take(nodeId);
        }
    }

    private void take(final String nodeId) {
        final UniconfigNode served = registry.node(nodeId).orElse(null);
        if (served == null) {
            try {
                registry.store().takeNewer(nodeId, kept -> {
                    final boolean taken = registry.keptElsewhere(kept);
                    if (!taken) {
                        // served meanwhile: under its lock next round
                        again.add(nodeId);
                    }
                    return taken;
                });
            } catch (OperationErrorsException e) {
                again.add(nodeId);
            }
            return;
        }
        locks.withLock(served, () -> {
            registry.versions().takeNewer(List.of(served));
            return CompletableFuture.completedFuture(null);
        }).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.debug("Node {} changed through another controller instance is taken at the next round: {}",
                    nodeId, failure.getMessage());
                again.add(nodeId);
            }
        });
    }

    @Override
    public void close() {
        subscription.close();
    }
}
