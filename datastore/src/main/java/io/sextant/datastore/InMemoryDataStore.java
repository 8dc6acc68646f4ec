package io.sextant.datastore;

import io.sextant.datastore.codec.UserTerms;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeSnapshot;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link DataStore} on the yangtools in-memory {@link DataTree}: snapshot, modification,
 * ready, validate, prepare, commit. Commits are serialized; snapshots and transactions are
 * lock-free. Listeners run on the given executor, which must preserve submission order.
 */
public final class InMemoryDataStore implements DataStore {
    private static final Logger LOG = LoggerFactory.getLogger(InMemoryDataStore.class);
    private static final InMemoryDataTreeFactory FACTORY = new InMemoryDataTreeFactory();

    private final StoreType type;
    private final DataTree tree;
    private final DataSchemaContextTree schemaTree;
    private final UniqueConstraints uniques;
    private final OtherCases otherCases;
    private final Executor notifications;
    private final List<Subscription<WriteFilter>> filters = new CopyOnWriteArrayList<>();
    private final List<Subscription<CommitValidator>> validators = new CopyOnWriteArrayList<>();
    private final List<Subscription<ChangeListener>> listeners = new CopyOnWriteArrayList<>();
    private final Object commitLock = new Object();
    private final CommitJournal journal;

    /** Data nodes in the tree, kept up to date by each commit at the cost of the change. */
    private volatile long size;

    private record Subscription<T>(YangInstanceIdentifier subtree, T target) {
    }

    /**
     * @param type configuration or operational
     * @param schema the schema every write is checked against
     * @param notifications runs change listeners, in order (for example a single-thread executor)
     */
    public InMemoryDataStore(final StoreType type, final EffectiveModelContext schema, final Executor notifications) {
        this(type, schema, notifications, true);
    }

    /**
     * @param mandatoryNodes whether commits check that mandatory nodes are present. yangtools 13
     *     does not evaluate {@code when} on {@code uses}, so schemas that rely on it (OpenConfig's
     *     bgp grouping under every network-instance protocol) would see mandatory leaves of
     *     inactive branches as missing; stores of device data turn the check off and leave it to
     *     the device.
     */
    public InMemoryDataStore(final StoreType type, final EffectiveModelContext schema, final Executor notifications,
            final boolean mandatoryNodes) {
        this(type, schema, notifications, mandatoryNodes, CommitJournal.NONE);
    }

    /**
     * @param journal keeps each commit durable before it is applied (see {@link CommitJournal})
     */
    public InMemoryDataStore(final StoreType type, final EffectiveModelContext schema, final Executor notifications,
            final boolean mandatoryNodes, final CommitJournal journal) {
        this.type = type;
        this.journal = journal;
        this.notifications = notifications;
        this.tree = FACTORY.create(DataTreeConfiguration.builder(type.treeType())
            .setMandatoryNodesValidation(mandatoryNodes)
            // unique statements are checked by UniqueConstraints: yangtools' index refuses entries that lack the leaves
            .setUniqueIndexes(false)
            .build(), schema);
        this.schemaTree = DataSchemaContextTree.from(schema);
        this.uniques = new UniqueConstraints(schemaTree);
        this.otherCases = new OtherCases(schemaTree);
        this.size = tree.takeSnapshot().readNode(YangInstanceIdentifier.of()).map(NormalizedNodeCounter::count)
            .orElse(0L);
    }

    @Override
    public StoreType type() {
        return type;
    }

    @Override
    public ReadSnapshot snapshot() {
        final DataTreeSnapshot snapshot = tree.takeSnapshot();
        return new ReadSnapshot() {
            @Override
            public EffectiveModelContext schema() {
                return snapshot.modelContext();
            }

            @Override
            public Optional<NormalizedNode> read(final YangInstanceIdentifier path) {
                return snapshot.readNode(path);
            }
        };
    }

    @Override
    public WriteTransaction newTransaction() {
        return new Transaction(tree.takeSnapshot());
    }

    @Override
    public DataTreeCandidate update(final Changes changes) throws OperationErrorsException {
        final DataTreeCandidate candidate;
        synchronized (commitLock) {
            final Transaction tx = new Transaction(tree.takeSnapshot());
            try {
                changes.apply(tx);
            } catch (OperationErrorsException | RuntimeException e) {
                tx.cancel();
                throw e;
            }
            tx.checkOpen();
            tx.done = true;
            candidate = prepareKeepApply(tx.modification);
        }
        return candidate;
    }

    @Override
    public Registration registerWriteFilter(final YangInstanceIdentifier subtree, final WriteFilter filter) {
        final var sub = new Subscription<>(subtree, filter);
        filters.add(sub);
        return () -> filters.remove(sub);
    }

    @Override
    public Registration registerValidator(final YangInstanceIdentifier subtree, final CommitValidator validator) {
        final var sub = new Subscription<>(subtree, validator);
        validators.add(sub);
        return () -> validators.remove(sub);
    }

    @Override
    public Registration registerListener(final YangInstanceIdentifier subtree, final ChangeListener listener) {
        final var sub = new Subscription<>(subtree, listener);
        listeners.add(sub);
        return () -> listeners.remove(sub);
    }

    @Override
    public long size() {
        return size;
    }

    private DataTreeCandidate prepare(final DataTreeModification modification) throws OperationErrorsException {
        final DataTreeCandidate candidate;
        synchronized (commitLock) {
            try {
                modification.ready();
                tree.validate(modification);
                candidate = tree.prepare(modification);
            } catch (DataValidationFailedException e) {
                throw TreeFailures.validation(e, schemaTree.modelContext());
            } catch (IllegalArgumentException | IllegalStateException e) {
                // IllegalStateException: a list entry whose key leaf differs from its key (yangtools' builder)
                throw TreeFailures.refused(e, null, schemaTree.modelContext());
            }
            uniques.check(candidate);
            for (var sub : validators) {
                if (Candidates.touches(candidate, sub.subtree())) {
                    sub.target().validate(candidate);
                }
            }
        }
        return candidate;
    }

    /** Validate, keep (journal) and apply: the path of every commit that is applied at once. */
    private DataTreeCandidate prepareKeepApply(final DataTreeModification modification)
            throws OperationErrorsException {
        synchronized (commitLock) {
            final DataTreeCandidate candidate = prepare(modification);
            keepAndApply(candidate);
            return candidate;
        }
    }

    private void keepAndApply(final DataTreeCandidate candidate) throws OperationErrorsException {
        synchronized (commitLock) {
            journal.record(candidate);
            apply(candidate);
        }
    }

    /**
     * Apply a prepared candidate and hand it to the listeners. Both happen under the commit
     * lock, so listeners get candidates in commit order (their executor keeps that order).
     */
    private void apply(final DataTreeCandidate candidate) throws OperationErrorsException {
        synchronized (commitLock) {
            try {
                tree.commit(candidate);
                size += NormalizedNodeCounter.delta(candidate.getRootNode());
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.IN_USE,
                    "The data was changed by another transaction after this change was prepared");
            }
            notifyListeners(candidate);
        }
    }

    private void notifyListeners(final DataTreeCandidate candidate) {
        for (var sub : listeners) {
            if (Candidates.touches(candidate, sub.subtree())) {
                notifications.execute(() -> {
                    try {
                        sub.target().onChange(candidate);
                    } catch (RuntimeException e) {
                        LOG.error("Change listener {} failed on {}", sub.target(), sub.subtree(), e);
                    }
                });
            }
        }
    }

    private final class Transaction implements WriteTransaction {
        final DataTreeModification modification;
        private final KnownParents parents;
        boolean done;

        Transaction(final DataTreeSnapshot snapshot) {
            this.modification = snapshot.newModification();
            this.parents = new KnownParents(snapshot);
        }

        @Override
        public EffectiveModelContext schema() {
            return modification.modelContext();
        }

        @Override
        public Optional<NormalizedNode> read(final YangInstanceIdentifier path) {
            return modification.readNode(path);
        }

        @Override
        public void put(final YangInstanceIdentifier path, final NormalizedNode data) throws OperationErrorsException {
            checkOpen();
            final NormalizedNode filtered = filtered(path, data);
            ensureParents(path);
            displaceOtherCases(path, filtered, false);
            parents.replaced(path);
            apply(path, () -> modification.write(path, filtered));
        }

        @Override
        public void merge(final YangInstanceIdentifier path, final NormalizedNode data)
                throws OperationErrorsException {
            checkOpen();
            final NormalizedNode filtered = filtered(path, data);
            ensureParents(path);
            displaceOtherCases(path, filtered, true);
            apply(path, () -> modification.merge(path, filtered));
        }

        @Override
        public void create(final YangInstanceIdentifier path, final NormalizedNode data)
                throws OperationErrorsException {
            checkOpen();
            if (readChecked(path).isPresent()) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_EXISTS,
                    "Data already exists", path);
            }
            final NormalizedNode filtered = filtered(path, data);
            ensureParents(path);
            displaceOtherCases(path, filtered, false);
            parents.replaced(path);
            apply(path, () -> modification.write(path, filtered));
        }

        @Override
        public void delete(final YangInstanceIdentifier path) throws OperationErrorsException {
            checkOpen();
            if (readChecked(path).isEmpty()) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING,
                    "Data does not exist", path);
            }
            parents.deleted(path);
            apply(path, () -> modification.delete(path));
        }

        @Override
        public void remove(final YangInstanceIdentifier path) throws OperationErrorsException {
            checkOpen();
            // under parents known to exist, a delete of a missing node is no change (yangtools):
            // no read of this transaction's earlier writes, which would cost what they changed
            if (parents.parentsKnown(path) || readChecked(path).isPresent()) {
                parents.deleted(path);
                apply(path, () -> modification.delete(path));
            }
        }

        @Override
        public DataTreeCandidate commit() throws OperationErrorsException {
            checkOpen();
            done = true;
            return InMemoryDataStore.this.prepareKeepApply(modification);
        }

        @Override
        public PreparedCommit prepare() throws OperationErrorsException {
            checkOpen();
            done = true;
            final DataTreeCandidate candidate = InMemoryDataStore.this.prepare(modification);
            return new PreparedCommit() {
                @Override
                public DataTreeCandidate candidate() {
                    return candidate;
                }

                @Override
                public void commit() throws OperationErrorsException {
                    InMemoryDataStore.this.keepAndApply(candidate);
                }
            };
        }

        @Override
        public void cancel() {
            done = true;
        }

        /** {@code data} as the write filters whose subtree it reaches make it, in registration order. */
        private NormalizedNode filtered(final YangInstanceIdentifier path, final NormalizedNode data)
                throws OperationErrorsException {
            NormalizedNode result = data;
            for (var sub : filters) {
                if (sub.subtree().contains(path) || path.contains(sub.subtree())) {
                    try {
                        result = sub.target().filter(this, path, result);
                    } catch (IllegalArgumentException | IllegalStateException e) {
                        // reading this transaction's earlier edits checks them (see readChecked)
                        throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                            UserTerms.of(e.getMessage(), schemaTree.modelContext()), path);
                    }
                }
            }
            return result;
        }

        /** Creates the missing parents of {@code path}; reads only those not known to exist ({@link KnownParents}). */
        private void ensureParents(final YangInstanceIdentifier path) throws OperationErrorsException {
            final List<YangInstanceIdentifier.PathArgument> args = path.getPathArguments();
            final KnownParents.Walk walk = parents.walk();
            YangInstanceIdentifier parent = YangInstanceIdentifier.of();
            for (int i = 0; i < args.size() - 1; i++) {
                parent = parent.node(args.get(i));
                if (walk.knownToExist(parent)) {
                    continue;
                }
                if (readChecked(parent).isEmpty()) {
                    final YangInstanceIdentifier at = parent;
                    final var empty = StructuralNodes.emptyNode(schemaTree, at);
                    if (empty.isEmpty()) {
                        continue;
                    }
                    apply(at, () -> modification.merge(at, empty.orElseThrow()));
                }
                parents.exists(parent);
            }
        }

        /** Deletes what the write displaces: the nodes of the other cases of the choices it writes into. */
        private void displaceOtherCases(final YangInstanceIdentifier path, final NormalizedNode data,
                final boolean merge) throws OperationErrorsException {
            for (YangInstanceIdentifier displaced : otherCases.displacedBy(path, data, merge, this::readChecked)) {
                parents.deleted(displaced);
                apply(displaced, () -> modification.delete(displaced));
            }
        }

        /**
         * Read within this transaction, where yangtools applies earlier edits lazily and enforces
         * their constraints on the way: a parent entry created implicitly without its mandatory
         * nodes fails here, as invalid-value in the user's terms like any other refused edit.
         */
        private Optional<NormalizedNode> readChecked(final YangInstanceIdentifier path)
                throws OperationErrorsException {
            try {
                return modification.readNode(path);
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw TreeFailures.refused(e, path, schemaTree.modelContext());
            }
        }

        private void apply(final YangInstanceIdentifier path, final Runnable change) throws OperationErrorsException {
            try {
                change.run();
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw TreeFailures.refused(e, path, schemaTree.modelContext());
            }
        }

        void checkOpen() {
            if (done) {
                throw new IllegalStateException("Transaction already committed or cancelled");
            }
        }
    }
}
