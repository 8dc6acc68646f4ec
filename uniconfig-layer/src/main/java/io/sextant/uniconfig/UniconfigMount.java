package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.Failures;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.MountPoint;
import io.sextant.spi.MountPointProvider;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.spi.RpcService;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The mount points of the UniConfig layer: a node's {@code uniconfig-topology:configuration}
 * (read-write intent; actual with content=nonconfig), and a snapshot's captured configurations
 * (read-only).
 */
final class UniconfigMount implements MountPointProvider {
    private static final RpcService NO_RPCS = new RpcRegistry();

    private final NodeRegistry registry;
    private final IntentService intents;
    private final TransactionManager transactions;
    private final SnapshotStore snapshots;

    UniconfigMount(final NodeRegistry registry, final IntentService intents, final TransactionManager transactions,
            final SnapshotStore snapshots) {
        this.registry = registry;
        this.intents = intents;
        this.transactions = transactions;
        this.snapshots = snapshots;
    }

    @Override
    public Optional<MountPoint> find(final YangInstanceIdentifier path) throws OperationErrorsException {
        if (TopologyPaths.endsWith(path, TopologyPaths.CONFIGURATION)) {
            final Optional<String> nodeId = TopologyPaths.nodeId(path, TopologyPaths.UNICONFIG);
            if (nodeId.isEmpty()) {
                return Optional.empty();
            }
            final UniconfigNode node = registry.node(nodeId.orElseThrow()).orElseThrow(() ->
                OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, "UniConfig node "
                    + nodeId.orElseThrow() + (registry.waitsForDevice(nodeId.orElseThrow())
                        ? " was kept by an earlier run and is served again once its device connects"
                        : " does not exist: it appears after its device is mounted and synced"), path));
            return Optional.of(mount(node.schema(), new IntentData(node)));
        }
        if (TopologyPaths.endsWith(path, TopologyPaths.SNAPSHOT_CONFIGURATION)) {
            final Optional<String> name = TopologyPaths.nodeId(path, TopologyPaths.SNAPSHOTS);
            final var args = path.getPathArguments();
            if (name.isEmpty() || args.size() < 3
                    || !(args.get(args.size() - 2) instanceof NodeIdentifierWithPredicates entry)) {
                return Optional.empty();
            }
            final String nodeId = String.valueOf(entry.getValue(TopologyPaths.SNAPSHOT_NODE_ID));
            final SnapshotStore.Captured captured = snapshots.get(name.orElseThrow())
                .map(s -> s.nodes().get(nodeId)).orElseThrow(() -> OperationErrorsException.of(ErrorType.PROTOCOL,
                    ErrorTag.DATA_MISSING, "Snapshot " + name.orElseThrow() + " has no node " + nodeId, path));
            final EffectiveModelContext schema = registry.schemaOf(captured.schemaKey()).orElseThrow(() ->
                OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED, "Snapshot "
                    + name.orElseThrow() + " of node " + nodeId + " can be read once a device with the same models is "
                    + "connected", path));
            return Optional.of(mount(schema, new SnapshotData(captured.configuration())));
        }
        return Optional.empty();
    }

    private static MountPoint mount(final EffectiveModelContext schema, final DataService data) {
        return MountPoint.of(schema, data, NO_RPCS);
    }

    /** A node's intent (in the request's transaction, if any) and its actual configuration. */
    private final class IntentData implements DataService {
        private final UniconfigNode node;

        IntentData(final UniconfigNode node) {
            this.node = node;
        }

        @Override
        public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
                final RequestContext context) {
            final IntentTransaction tx;
            try {
                tx = transactions.find(context);
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            // in a transaction, the transaction's view; else what was kept last, wherever
            final CompletionStage<Void> fresh = tx != null ? CompletableFuture.completedFuture(null)
                : intents.fresh(List.of(node));
            return fresh.thenApply(ready -> NormalizedNodes.findNode(scope == ReadScope.NONCONFIG ? node.actualRoot()
                : intents.intended(node, tx), path));
        }

        @Override
        public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
            return transactions.run(context, tx -> intents.edit(node, edits, tx)).thenApply(EditResult::new)
                .exceptionallyCompose(UniconfigMount::inUse);
        }
    }

    /** A node that could not be locked (busy, or held by a gated commit) answers in-use, with the reason. */
    private static <T> CompletionStage<T> inUse(final Throwable failure) {
        final Throwable cause = Failures.unwrap(failure);
        if (cause instanceof NodeFailure busy && busy.kind() == ErrorKind.CONFLICT) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.IN_USE,
                Objects.requireNonNullElse(busy.getMessage(), "The node is busy")));
        }
        return CompletableFuture.failedFuture(cause);
    }

    /** A snapshot's captured configuration: read-only. */
    private static final class SnapshotData implements DataService {
        private final NormalizedNode configuration;

        SnapshotData(final NormalizedNode configuration) {
            this.configuration = configuration;
        }

        @Override
        public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
                final RequestContext context) {
            return CompletableFuture.completedFuture(NormalizedNodes.findNode(configuration, path));
        }

        @Override
        public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
                ErrorTag.OPERATION_NOT_SUPPORTED, "Snapshots are read-only; use replace-config-with-snapshot"));
        }
    }
}
