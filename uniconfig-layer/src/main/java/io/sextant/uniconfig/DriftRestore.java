package io.sextant.uniconfig;

import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.spi.OperationErrorsException;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a node's actual configuration back on its device where a drift policy says so, and
 * records it in the transaction log like a commit: user {@value #USER}, operation
 * {@value #OPERATION}, the device's change as the node's diff (from what the device had to what
 * it has again), kept in the store so that every instance and a restart show it, and published
 * on the {@code sextant-commits} stream. A restore changes no intent, so it is no point in the
 * nodes' history and there is nothing for revert-changes to take back. One that failed is logged
 * too, with the device's error.
 */
final class DriftRestore {
    /** The user of the transaction log entries of restores. */
    static final String USER = "drift-policy";
    /** The operation of the transaction log entries of restores. */
    static final String OPERATION = "drift-restore";
    private static final Logger LOG = LoggerFactory.getLogger(DriftRestore.class);

    private final NodeRegistry registry;
    private final TransactionLog log;
    private final Executor executor;
    private final Clock clock;

    /**
     * @param log where restores are shown (the operational transaction log, with its events)
     * @param executor where a restore's outcome is kept (never on a device's I/O thread)
     */
    DriftRestore(final NodeRegistry registry, final TransactionLog log, final Executor executor, final Clock clock) {
        this.registry = registry;
        this.log = log;
        this.executor = executor;
        this.clock = clock;
    }

    /**
     * Put the node's actual configuration back on its device at the {@code changes} of
     * {@code diff} (the node's actual configuration to its device's), all or none, as a commit of
     * that one device would. Called with the node's lock held. Completes with the api-paths not
     * put back: all of them when it failed, none when it was.
     */
    CompletionStage<List<String>> restore(final UniconfigNode node, final ConfigDiff diff,
            final List<ConfigDiff.Change> changes) {
        final NormalizedNode device = diff.getRootNode().dataAfter();
        final NormalizedNode actual = diff.getRootNode().dataBefore();
        final List<String> paths = changes.stream()
            .map(change -> InstanceIdentifiers.toApiPath(change.path(), node.schema())).toList();
        final Optional<UnifiedDevice> connected = registry.device(node.nodeId());
        if (device == null || actual == null || connected.isEmpty()) {
            return CompletableFuture.completedFuture(paths);
        }
        NormalizedNode target = device;
        for (ConfigDiff.Change change : changes) {
            target = HistoryReplay.put(target, change.path(), HistoryReplay.at(actual, change.path()));
        }
        final ConfigDiff back = ConfigDiff.between(device, target);
        final String id = "drift-" + UUID.randomUUID();
        final DeviceChange prepared;
        try {
            prepared = connected.orElseThrow().prepare(back, id);
        } catch (OperationErrorsException e) {
            final String message = "The change of " + paths + " outside the controller cannot be put back: "
                + e.getMessage();
            LOG.warn("Node {}: {}", node.nodeId(), message);
            logged(id, node, NodeResult.failed(node.nodeId(), NodeResult.ErrorKind.PROCESSING_ERROR, message)
                .withDiff(back));
            return CompletableFuture.completedFuture(paths);
        }
        return CommitCoordinator.run(List.of(new CommitCoordinator.Participant(node.nodeId(), prepared,
                node.schema())))
            .handleAsync((failure, error) -> {
                if (error != null || failure.isPresent()) {
                    final String message = "The change of " + paths + " outside the controller could not be put "
                        + "back, it is reported instead: " + (error != null ? error.getMessage()
                            : failure.orElseThrow().message());
                    LOG.warn("Node {}: {}", node.nodeId(), message);
                    logged(id, node, NodeResult.failed(node.nodeId(), NodeResult.ErrorKind.DEVICE_ERROR, message)
                        .withDiff(back));
                    return paths;
                }
                LOG.info("Node {}: its device's configuration changed outside the controller at {}; put back "
                    + "(drift policy restore, transaction {})", node.nodeId(), paths, id);
                logged(id, node, NodeResult.ok(node.nodeId()).withDiff(back));
                return List.<String>of();
            }, executor);
    }

    /** Keep and show the entry of a restore; a failure to keep it is logged, the restore stands. */
    private void logged(final String id, final UniconfigNode node, final NodeResult result) {
        final OperationResult outcome = result.ok() ? OperationResult.of(List.of(result))
            : OperationResult.failed(result.error().orElseThrow().message(), List.of(result));
        final CommitRecord record = new CommitRecord(id, clock.instant(), USER, OPERATION, outcome,
            Map.of(node.nodeId(), node.schema()));
        try {
            registry.store().logOnly(record);
        } catch (OperationErrorsException e) {
            LOG.warn("Node {}: drift restore {} is shown in this instance's transaction log only: {}", node.nodeId(),
                id, e.getMessage());
        }
        try {
            log.record(record);
        } catch (OperationErrorsException | RuntimeException e) {
            LOG.error("Node {}: drift restore {} could not be shown in the transaction log", node.nodeId(), id, e);
        }
    }
}
