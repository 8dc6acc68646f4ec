package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcImplementation;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RPCs of uniconfig-manager, snapshot-manager and transaction-manager: input and output
 * in the shapes of their YANG modules, the work done by the layer's services.
 */
final class UniconfigRpcs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UniconfigRpcs.class);
    private static final QNameModule UCM = ControllerSchema.UNICONFIG_MANAGER;
    private static final QNameModule SNAP = ControllerSchema.SNAPSHOT_MANAGER;
    private static final QNameModule TXM = ControllerSchema.TRANSACTION_MANAGER;

    private final NodeRegistry registry;
    private final List<Registration> registrations = new ArrayList<>();

    /** Which extra leaves an RPC's per-node results carry. */
    private enum Shape { PLAIN, DIFF, DRY_RUN, IN_SYNC }

    UniconfigRpcs(final NodeRegistry nodes, final DiffService diffs,
            final SyncService syncs, final SnapshotService snapshots, final TransactionManager transactions,
            final IntentAccess.Policy access, final RpcRegistry registry) {
        this.registry = nodes;
        nodeRpc(registry, "calculate-diff", Shape.DIFF, diffs::calculateDiff);
        // commit and checked-commit are registered by GateRpcs: with the options of sextant-gate
        nodeRpc(registry, "dry-run-commit", Shape.DRY_RUN, diffs::dryRun);
        nodeRpc(registry, "sync-from-network", Shape.PLAIN, syncs::syncFromNetwork);
        nodeRpc(registry, "replace-config-with-operational", Shape.PLAIN, (targets, context) ->
            syncs.replaceConfigWithOperational(targets, context, access.forRequest(context)));
        nodeRpc(registry, "is-in-sync", Shape.IN_SYNC, syncs::isInSync);
        nodeRpc(registry, "compare-config", Shape.DIFF, syncs::compareConfig);

        register(registry, QName.create(SNAP, "create-snapshot"), (input, context) -> output(SNAP, Shape.PLAIN,
            guarded(targetNodes(input), () -> snapshots.createSnapshot(snapshotName(input), targetNodes(input)))));
        register(registry, QName.create(SNAP, "replace-config-with-snapshot"), (input, context) -> output(SNAP,
            Shape.PLAIN, guarded(targetNodes(input), () -> snapshots.replaceConfigWithSnapshot(snapshotName(input),
                targetNodes(input), context, access.forRequest(context)))));
        register(registry, QName.create(SNAP, "delete-snapshot"), (input, context) -> output(SNAP, Shape.PLAIN,
            guarded(List.of(), () -> snapshots.deleteSnapshot(snapshotName(input)))));

        final QName create = QName.create(TXM, "create-transaction");
        register(registry, create, (input, context) -> {
            final Duration timeout = leaf(input, QName.create(TXM, "idle-timeout"))
                .map(v -> Duration.ofSeconds(((Uint32) v).longValue())).orElse(null);
            final String id = transactions.create(context.user(), timeout);
            return CompletableFuture.completedFuture(Optional.of(ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(NodeIdentifier.create(QName.create(TXM, "output")))
                .withChild(ImmutableNodes.leafNode(QName.create(TXM, "transaction-id"), id)).build()));
        });
        register(registry, QName.create(TXM, "close-transaction"), (input, context) -> {
            final String id = leaf(input, QName.create(TXM, "transaction-id")).map(Object::toString).orElse("");
            if (!transactions.close(id)) {
                return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
                    ErrorTag.DATA_MISSING, "Transaction " + id + " does not exist (closed, committed or expired)"));
            }
            return CompletableFuture.completedFuture(Optional.of(ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(NodeIdentifier.create(QName.create(TXM, "output")))
                .withChild(ImmutableNodes.leafNode(QName.create(TXM, "status"), "complete")).build()));
        });
    }

    /** The skip-unreachable-nodes leaf of commit and checked-commit; false when absent. */
    static boolean skipUnreachable(final ContainerNode input) {
        return leaf(input, QName.create(UCM, "skip-unreachable-nodes")).map(Boolean.TRUE::equals).orElse(false);
    }

    private void nodeRpc(final RpcRegistry registry, final String name, final Shape shape,
            final BiFunction<List<String>, RequestContext, CompletionStage<OperationResult>> operation) {
        register(registry, QName.create(UCM, name), (input, context) -> {
            final List<String> targets = targetNodes(input);
            return output(UCM, shape, guarded(targets, () -> operation.apply(targets, context)));
        });
    }

    /**
     * An operation whose unexpected failures become per-node results: a request that cannot
     * run at all (an unknown transaction, say) fails with its RESTCONF error; anything else
     * that goes wrong is reported on the nodes, never as a failure of the whole request.
     */
    static CompletionStage<OperationResult> guarded(final List<String> targets,
            final Supplier<CompletionStage<OperationResult>> operation) {
        CompletionStage<OperationResult> stage;
        try {
            stage = operation.get();
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        return stage.handle((result, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(result);
            }
            final Throwable cause = Failures.unwrap(failure);
            if (cause instanceof OperationErrorsException) {
                return CompletableFuture.<OperationResult>failedFuture(cause);
            }
            LOG.error("An operation on {} stopped on an internal error", targets, cause);
            final List<NodeResult> nodes = targets.stream().distinct().map(id -> NodeResult.failed(id,
                ErrorKind.PROCESSING_ERROR, "Internal error of the controller (logged)")).toList();
            return CompletableFuture.completedFuture(OperationResult.failed(
                "The operation stopped on an internal error of the controller (logged)", nodes));
        }).thenCompose(Function.identity());
    }

    private void register(final RpcRegistry registry, final QName rpc, final RpcImplementation implementation) {
        registrations.add(registry.register(rpc, implementation));
    }

    private CompletionStage<Optional<ContainerNode>> output(final QNameModule module, final Shape shape,
            final CompletionStage<OperationResult> result) {
        return result.thenApply(r -> Optional.of(toOutput(module, shape, r)));
    }

    /** The output of an RPC that uses uniconfig-manager's node-results in {@code module}: status and errors only. */
    static ContainerNode plainOutput(final QNameModule module, final OperationResult result) {
        return toOutput(null, module, Shape.PLAIN, result);
    }

    private ContainerNode toOutput(final QNameModule module, final Shape shape, final OperationResult result) {
        return toOutput(registry, module, shape, result);
    }

    private static ContainerNode toOutput(final @Nullable NodeRegistry registry, final QNameModule module,
            final Shape shape, final OperationResult result) {
        final var output = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(NodeIdentifier.create(QName.create(module, "output")))
            .withChild(ImmutableNodes.leafNode(QName.create(module, "overall-status"), result.ok() ? "complete" : "fail"));
        result.error().ifPresent(error -> output.withChild(ImmutableNodes.leafNode(QName.create(module, "error-message"),
            error)));
        final QName nodeResult = QName.create(module, "node-result");
        final QName nodeId = QName.create(module, "node-id");
        final var list = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(nodeResult));
        for (NodeResult node : result.nodes()) {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(nodeResult, nodeId, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(nodeId, node.nodeId()))
                .withChild(ImmutableNodes.leafNode(QName.create(module, "status"), node.status()));
            node.error().ifPresent(error -> {
                entry.withChild(ImmutableNodes.leafNode(QName.create(module, "error-message"), error.message()));
                entry.withChild(ImmutableNodes.leafNode(QName.create(module, "error-type"), error.kind().yangName()));
            });
            switch (shape) {
                case DIFF -> {
                    if (registry != null) {
                        registry.node(node.nodeId()).ifPresent(n -> DiffNodes.addDiff(entry, module, node.diff(),
                            n.schema()));
                    }
                }
                case DRY_RUN -> {
                    node.protocol().ifPresent(p -> entry.withChild(ImmutableNodes.leafNode(QName.create(module,
                        "protocol"), p.name().toLowerCase(Locale.ROOT))));
                    node.payload().ifPresent(p -> entry.withChild(ImmutableNodes.leafNode(QName.create(module,
                        "configuration"), p)));
                }
                case IN_SYNC -> node.inSync().ifPresent(v -> entry.withChild(ImmutableNodes.leafNode(
                    QName.create(module, "is-in-sync"), v)));
                case PLAIN -> {
                    // status and error only
                }
                default -> throw new IllegalStateException(shape.name());
            }
            list.withChild(entry.build());
        }
        if (!result.nodes().isEmpty()) {
            output.withChild(ImmutableNodes.newContainerBuilder()
                .withNodeIdentifier(NodeIdentifier.create(QName.create(module, "node-results")))
                .withChild(list.build()).build());
        }
        return output.build();
    }

    static List<String> targetNodes(final ContainerNode input) {
        final DataContainerChild targets = input.childByArg(NodeIdentifier.create(QName.create(input.name()
            .getNodeType(), "target-nodes")));
        if (!(targets instanceof ContainerNode container)) {
            return List.of();
        }
        final DataContainerChild nodes = container.childByArg(NodeIdentifier.create(QName.create(input.name()
            .getNodeType(), "node")));
        if (!(nodes instanceof LeafSetNode<?> leafSet)) {
            return List.of();
        }
        final List<String> ids = new ArrayList<>();
        leafSet.body().forEach(entry -> ids.add(String.valueOf(entry.body())));
        return ids;
    }

    private static String snapshotName(final ContainerNode input) {
        return leaf(input, QName.create(SNAP, "snapshot-name")).map(Object::toString).orElse("");
    }

    private static Optional<Object> leaf(final ContainerNode input, final QName name) {
        final DataContainerChild child = input.childByArg(NodeIdentifier.create(name));
        return child instanceof LeafNode<?> leaf ? Optional.of(leaf.body()) : Optional.empty();
    }

    @Override
    public void close() {
        registrations.forEach(Registration::close);
        registrations.clear();
    }
}
