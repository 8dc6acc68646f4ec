package io.sextant.uniconfig;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.WriteTransaction;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * An in-process device for the layer's unit tests: its configuration is a datastore of its
 * own, it applies candidates the way the real adapters do (stage, apply, rollback), and it can
 * be told to fail at a given phase. Real devices are exercised by the integration tests.
 */
final class TestDevice implements UnifiedDevice {
    private final String nodeId;
    private final EffectiveModelContext schema;
    final InMemoryDataStore running;
    volatile DeviceChange.Mode mode = DeviceChange.Mode.STAGED;
    volatile String failAt;
    volatile int applied;
    volatile boolean failRead;
    /** How many times the controller read the device's configuration. */
    volatile int reads;
    /**
     * When set, a rollback fails, leaving the change on the device, and runs this first (a session
     * lost in the middle of the rollback, say).
     */
    volatile Runnable failRollback;
    /** The phases of commits this device went through, in order: stage, apply, finish, rollback. */
    final List<String> phases = new CopyOnWriteArrayList<>();
    /** Commit ids {@link #settle} was called with. */
    final List<String> settled = new CopyOnWriteArrayList<>();
    /** When set, {@link #readConfiguration} answers only once this completes. */
    volatile CompletableFuture<Void> readable = CompletableFuture.completedFuture(null);
    /** When set, {@link #settle} completes only when this does. */
    volatile CompletableFuture<Void> settling = CompletableFuture.completedFuture(null);

    TestDevice(final String nodeId, final EffectiveModelContext schema) {
        this.nodeId = nodeId;
        this.schema = schema;
        this.running = new InMemoryDataStore(StoreType.CONFIGURATION, schema, Runnable::run);
    }

    @Override
    public String nodeId() {
        return nodeId;
    }

    @Override
    public String schemaKey() {
        return "test:" + System.identityHashCode(schema);
    }

    @Override
    public Protocol protocol() {
        return Protocol.NETCONF;
    }

    @Override
    public EffectiveModelContext schema() {
        return schema;
    }

    NormalizedNode config() {
        return running.snapshot().read(YangInstanceIdentifier.of()).orElseThrow();
    }

    /** A change made on the device behind the controller's back. */
    void outOfBand(final YangInstanceIdentifier path, final NormalizedNode data) throws OperationErrorsException {
        final WriteTransaction tx = running.newTransaction();
        tx.put(path, data);
        tx.commit();
    }

    @Override
    public CompletionStage<ContainerNode> readConfiguration() {
        reads++;
        if (failRead) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.OPERATION_FAILED, nodeId + " cannot be read"));
        }
        return readable.thenApply(ignored -> (ContainerNode) config());
    }

    /** State as a get reads it: the running configuration at {@code path} (checks of gated commits). */
    @Override
    public CompletionStage<Optional<NormalizedNode>> readState(final YangInstanceIdentifier path) {
        return CompletableFuture.completedFuture(running.snapshot().read(path));
    }

    @Override
    public CompletionStage<Void> settle(final String commitId) {
        settled.add(commitId);
        return settling;
    }

    @Override
    public DeviceChange prepare(final DataTreeCandidate change) {
        final List<String> lines = new ArrayList<>();
        walk(YangInstanceIdentifier.of(), change.getRootNode(), (path, node) -> lines.add(
            node.modificationType() + " " + path));
        return new Change(change, String.join("\n", lines));
    }

    interface Visitor {
        void visit(YangInstanceIdentifier path, DataTreeCandidateNode node) throws OperationErrorsException;
    }

    static void walk(final YangInstanceIdentifier path, final DataTreeCandidateNode node, final Visitor visitor) {
        for (DataTreeCandidateNode child : node.childNodes()) {
            final YangInstanceIdentifier childPath = path.node(child.name());
            switch (child.modificationType()) {
                case WRITE, DELETE -> {
                    try {
                        visitor.visit(childPath, child);
                    } catch (OperationErrorsException e) {
                        throw new IllegalStateException(e);
                    }
                }
                default -> walk(childPath, child, visitor);
            }
        }
    }

    private final class Change implements DeviceChange {
        private final DataTreeCandidate candidate;
        private final String payload;
        private NormalizedNode before;
        private boolean staged;

        Change(final DataTreeCandidate candidate, final String payload) {
            this.candidate = candidate;
            this.payload = payload;
        }

        @Override
        public Mode mode() {
            return mode;
        }

        @Override
        public String payload() {
            return payload;
        }

        @Override
        public boolean isEmpty() {
            return payload.isEmpty();
        }

        @Override
        public CompletionStage<Void> stage() {
            phases.add("stage");
            if ("stage".equals(failAt)) {
                return fail("stage");
            }
            staged = true;
            return mode == Mode.IMMEDIATE ? write() : CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> apply() {
            phases.add("apply");
            if ("apply".equals(failAt)) {
                return fail("apply");
            }
            return mode == Mode.IMMEDIATE ? CompletableFuture.completedFuture(null) : write();
        }

        @Override
        public CompletionStage<Void> finish() {
            phases.add("finish");
            return "finish".equals(failAt) ? fail("finish") : CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletionStage<Void> rollback() {
            phases.add("rollback");
            final Runnable failing = failRollback;
            if (failing != null) {
                failing.run();
                return fail("rollback");
            }
            if (before != null) {
                try {
                    final WriteTransaction tx = running.newTransaction();
                    tx.put(YangInstanceIdentifier.of(), before);
                    tx.commit();
                } catch (OperationErrorsException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
            staged = false;
            return CompletableFuture.completedFuture(null);
        }

        private CompletionStage<Void> write() {
            before = config();
            final WriteTransaction tx = running.newTransaction();
            try {
                walk(YangInstanceIdentifier.of(), candidate.getRootNode(), (path, node) -> {
                    if (node.dataAfter() != null) {
                        tx.put(path, node.dataAfter());
                    } else {
                        tx.delete(path);
                    }
                });
                tx.commit();
                applied++;
                return CompletableFuture.completedFuture(null);
            } catch (OperationErrorsException | IllegalStateException e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        private CompletionStage<Void> fail(final String phase) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.INVALID_VALUE, nodeId + " rejects the change at " + phase));
        }
    }
}
