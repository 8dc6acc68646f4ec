package io.sextant.uniconfig;

import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.WriteTransaction;
import io.sextant.datastore.WriteTransaction.PreparedCommit;
import io.sextant.datastore.StoreType;
import io.sextant.spi.Edit;
import io.sextant.datastore.StoreDataService;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jdt.annotation.Nullable;
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
 *
 * <p>A change is computed as a {@link NodeUpdate} without changing the node; the caller keeps it
 * ({@link NodeStore}) and then applies it, so that nothing is visible that was not kept.
 */
final class UniconfigNode {
    static final YangInstanceIdentifier ROOT = YangInstanceIdentifier.of();

    private final String nodeId;
    private final EffectiveModelContext schema;
    private final String schemaKey;
    private final InMemoryDataStore intended;
    private final NodeLock lock = new NodeLock();
    private final AtomicLong intentVersion = new AtomicLong();
    private volatile NormalizedNode actualRoot;
    private volatile Instant lastSync;
    private volatile NodeStatusWriter.@Nullable Status published;
    private volatile boolean retired;
    private volatile boolean unmounted;

    /** A node just read from its device: intent = actual = {@code configuration}. */
    UniconfigNode(final String nodeId, final EffectiveModelContext schema, final String schemaKey,
            final NormalizedNode configuration) throws OperationErrorsException {
        this(nodeId, schema, schemaKey, configuration, configuration);
    }

    /** A node as it was kept: its intended and actual configuration (sharing restored between them). */
    UniconfigNode(final String nodeId, final EffectiveModelContext schema, final String schemaKey,
            final NormalizedNode intent, final NormalizedNode actual) throws OperationErrorsException {
        this.nodeId = nodeId;
        this.schema = schema;
        this.schemaKey = schemaKey;
        // structure and types are checked on every write; mandatory nodes are left to the device
        // (see InMemoryDataStore: yangtools ignores 'when' on 'uses', which OpenConfig relies on)
        this.intended = new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run, false);
        intended.update(tx -> tx.put(ROOT, intent == actual ? actual : Sharing.rebase(actual, intent)));
        final NormalizedNode intendedRoot = intendedRoot();
        this.actualRoot = intent == actual ? intendedRoot : Sharing.rebase(intendedRoot, actual);
        this.lastSync = Instant.now();
    }

    String nodeId() {
        return nodeId;
    }

    EffectiveModelContext schema() {
        return schema;
    }

    /** Names the schema, as the device does ({@link io.sextant.unified.UnifiedDevice#schemaKey()}). */
    String schemaKey() {
        return schemaKey;
    }

    InMemoryDataStore intended() {
        return intended;
    }

    NodeLock lock() {
        return lock;
    }

    /**
     * This node was replaced by one read again from its device (whose models changed): whoever
     * takes its lock afterwards must not change it. Call with the lock held.
     */
    void retire() {
        retired = true;
    }

    /**
     * This node's device was unmounted: whoever takes its lock afterwards must not change it.
     * Call with the lock held.
     */
    void retireUnmounted() {
        unmounted = true;
        retired = true;
    }

    boolean retired() {
        return retired;
    }

    /** The failure of a change that found this node {@link #retired()} once it held the lock. */
    NodeFailure replaced() {
        if (unmounted) {
            return new NodeFailure(ErrorKind.UNKNOWN_NODE, "Node " + nodeId + " was deleted with its device's mount "
                + "while this waited for it");
        }
        return new NodeFailure(ErrorKind.CONFLICT, "Node " + nodeId + " was read again from its device, whose "
            + "models changed, while this waited for it; try again");
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

    NodeStatusWriter.@Nullable Status published() {
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

    /** {@link NodeUpdate#apply()}: the actual configuration is now {@code root}. */
    void actual(final NormalizedNode root, final boolean synced) {
        actualRoot = root;
        if (synced) {
            lastSync = Instant.now();
        }
    }

    /** Apply {@code edits} to the intent, all or none. */
    NodeUpdate editIntent(final List<Edit> edits) throws OperationErrorsException {
        final WriteTransaction tx = intended.newTransaction();
        final List<Boolean> created = new ArrayList<>(edits.size());
        try {
            for (Edit edit : edits) {
                created.add(tx.read(edit.path()).isEmpty());
                StoreDataService.apply(tx, edit);
            }
        } catch (OperationErrorsException e) {
            tx.cancel();
            throw e;
        }
        return new NodeUpdate(this, tx.prepare(), actualRoot, false, false, created);
    }

    /** Intent := {@code configuration} (for example a snapshot's). */
    NodeUpdate replaceIntent(final NormalizedNode configuration) throws OperationErrorsException {
        return new NodeUpdate(this, writeIntent(Sharing.rebase(actualRoot, configuration)), actualRoot, false,
            false, List.of());
    }

    /** Intent := actual. */
    NodeUpdate resetIntent() throws OperationErrorsException {
        return new NodeUpdate(this, hasChanges() ? writeIntent(actualRoot) : null, actualRoot, false, false,
            List.of());
    }

    /**
     * A commit reached the device: the intent (with {@code transactionIntent}, the prepared
     * intent of the committing transaction, if any) becomes the actual configuration.
     */
    NodeUpdate committed(final @Nullable PreparedCommit transactionIntent) {
        return new NodeUpdate(this, transactionIntent, actualRoot, true, false, List.of());
    }

    /**
     * The device was read: the actual configuration becomes {@code fresh}, sharing what did not
     * change. Intent without pending changes follows it; pending changes stay.
     */
    NodeUpdate synced(final NormalizedNode fresh) throws OperationErrorsException {
        final NormalizedNode oldActual = actualRoot;
        final NormalizedNode oldIntended = intendedRoot();
        final NormalizedNode rebased = Sharing.rebase(oldActual, fresh);
        if (oldIntended == oldActual) {
            return new NodeUpdate(this, rebased != oldActual ? writeIntent(rebased) : null, rebased, true, true,
                List.of());
        }
        final NormalizedNode rebasedIntent = Sharing.rebase(rebased, oldIntended);
        return new NodeUpdate(this, rebasedIntent != oldIntended ? writeIntent(rebasedIntent) : null, rebased, false,
            true, List.of());
    }

    /**
     * Intent and actual configuration := as another controller instance kept them (sharing what
     * did not change). Open transactions that touched the node see a conflict at their commit.
     */
    NodeUpdate reloaded(final NormalizedNode intent, final NormalizedNode actual) throws OperationErrorsException {
        final NormalizedNode actualAfter = Sharing.rebase(actualRoot, actual);
        return new NodeUpdate(this, writeIntent(Sharing.rebase(actualAfter, intent)), actualAfter, false, false,
            List.of());
    }

    private PreparedCommit writeIntent(final NormalizedNode root) throws OperationErrorsException {
        final WriteTransaction tx = intended.newTransaction();
        tx.put(ROOT, root);
        return tx.prepare();
    }
}
