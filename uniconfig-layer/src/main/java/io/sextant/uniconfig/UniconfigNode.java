package io.sextant.uniconfig;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.service.Edit;
import io.sextant.datastore.service.StoreDataService;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * One node of topology=uniconfig. Its intended configuration (what users edit) lives in a
 * yangtools DataTree in the device's schema, so every write is validated where it lands. Its
 * actual configuration (what the device has, as last read or committed) is an immutable tree
 * that shares every unchanged subtree with the intent: after a commit it is the intent's own
 * root, so the next diff costs only what changes afterwards.
 *
 * <p>Changes to the node happen while holding {@link #lock()} (a {@link NodeLock}, taken
 * without blocking a thread and released by whichever thread finishes the change). Reads are
 * lock-free.
 * {@link #intentVersion()} counts committed changes of the intent, so a transaction can tell
 * whether someone else changed the node since it first touched it.
 */
final class UniconfigNode {
    static final YangInstanceIdentifier ROOT = YangInstanceIdentifier.of();

    private final String nodeId;
    private final EffectiveModelContext schema;
    private final InMemoryDataStore intended;
    private final NodeLock lock = new NodeLock();
    private final AtomicLong intentVersion = new AtomicLong();
    private volatile NormalizedNode actualRoot;
    private volatile Instant lastSync;
    private volatile NodeStatusWriter.Status published;

    UniconfigNode(final String nodeId, final EffectiveModelContext schema, final NormalizedNode configuration)
            throws OperationFailedException {
        this.nodeId = nodeId;
        this.schema = schema;
        // structure and types are checked on every write; mandatory nodes are left to the device
        // (see InMemoryDataStore: yangtools ignores 'when' on 'uses', which OpenConfig relies on)
        this.intended = new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run, false);
        writeIntent(configuration);
        this.actualRoot = intendedRoot();
        this.lastSync = Instant.now();
    }

    String nodeId() {
        return nodeId;
    }

    EffectiveModelContext schema() {
        return schema;
    }

    InMemoryDataStore intended() {
        return intended;
    }

    NodeLock lock() {
        return lock;
    }

    long intentVersion() {
        return intentVersion.get();
    }

    void intentChanged() {
        intentVersion.incrementAndGet();
    }

    Instant lastSync() {
        return lastSync;
    }

    NodeStatusWriter.Status published() {
        return published;
    }

    void published(final NodeStatusWriter.Status status) {
        published = status;
    }

    NormalizedNode intendedRoot() {
        return intended.snapshot().read(ROOT).orElseThrow();
    }

    NormalizedNode actualRoot() {
        return actualRoot;
    }

    boolean hasChanges() {
        return intendedRoot() != actualRoot;
    }

    /** A commit reached the device: the actual configuration is now the intent. Call with the lock held. */
    void committed() {
        actualRoot = intendedRoot();
    }

    /**
     * The device was read: the actual configuration becomes {@code fresh}, sharing what did not
     * change. Intent without pending changes follows it; pending changes stay. Call with the
     * lock held.
     */
    void synced(final NormalizedNode fresh) throws OperationFailedException {
        final NormalizedNode oldActual = actualRoot;
        final NormalizedNode oldIntended = intendedRoot();
        final NormalizedNode rebased = Sharing.rebase(oldActual, fresh);
        if (oldIntended == oldActual) {
            if (rebased != oldActual) {
                writeIntent(rebased);
            }
            actualRoot = intendedRoot();
        } else {
            actualRoot = rebased;
            final NormalizedNode rebasedIntent = Sharing.rebase(rebased, oldIntended);
            if (rebasedIntent != oldIntended) {
                writeIntent(rebasedIntent);
            }
        }
        lastSync = Instant.now();
    }

    /** Intent := actual. Call with the lock held. */
    void resetIntent() throws OperationFailedException {
        if (hasChanges()) {
            writeIntent(actualRoot);
            actualRoot = intendedRoot();
        }
    }

    /** Intent := {@code configuration} (for example a snapshot's). Call with the lock held. */
    void replaceIntent(final NormalizedNode configuration) throws OperationFailedException {
        writeIntent(Sharing.rebase(actualRoot, configuration));
    }

    /**
     * Apply {@code edits} to the intent, all or none. Call with the lock held.
     *
     * @return for each edit, whether its target did not exist before
     */
    List<Boolean> editIntent(final List<Edit> edits) throws OperationFailedException {
        final List<Boolean> created = new ArrayList<>(edits.size());
        intended.update(tx -> {
            for (Edit edit : edits) {
                created.add(tx.read(edit.path()).isEmpty());
                StoreDataService.apply(tx, edit);
            }
        });
        intentChanged();
        return created;
    }

    private void writeIntent(final NormalizedNode root) throws OperationFailedException {
        intended.update(tx -> tx.put(ROOT, root));
        intentChanged();
    }
}
