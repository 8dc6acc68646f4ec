package io.sextant.southbound.netconf.topology;

import io.sextant.datastore.NormalizedTrees;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.MountPoint;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcService;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.southbound.netconf.EditOptions;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live data of one connected device ({@code .../node=<id>/yang-ext:mount}): reads become
 * get-config or get; an edit becomes lock, edit-config to the candidate, commit and unlock when
 * the device has :candidate (discard-changes and unlock when anything fails), or edit-config to
 * running (with rollback-on-error when offered) otherwise.
 */
final class DeviceMountPoint implements MountPoint, DataService {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceMountPoint.class);

    private final NetconfDeviceSession session;
    private final StateFilter stateFilter;

    DeviceMountPoint(final NetconfDeviceSession session, final StateFilter stateFilter) {
        this.session = session;
        this.stateFilter = stateFilter;
    }

    @Override
    public EffectiveModelContext schema() {
        return session.schema();
    }

    @Override
    public DataService data() {
        return this;
    }

    @Override
    public RpcService rpcs() {
        return new RpcService() {
            @Override
            public Set<QName> rpcs() {
                return session.schema().getOperations().stream().map(op -> op.getQName())
                    .collect(Collectors.toSet());
            }

            @Override
            public CompletionStage<Optional<ContainerNode>> invoke(final QName rpc, final ContainerNode input,
                    final RequestContext context) {
                return session.rpc(rpc, input);
            }
        };
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
            final RequestContext context) {
        return switch (scope) {
            case CONFIG -> session.getConfig(NetconfDatastore.RUNNING, path);
            // Like OpenDaylight: configuration from get-config, overlaid with what get returns.
            case ALL -> session.getConfig(NetconfDatastore.RUNNING, path).thenCombine(session.get(path),
                (config, all) -> config.isEmpty() ? all : all.isEmpty() ? config
                    : Optional.of(NormalizedTrees.merge(config.get(), all.get())));
            case NONCONFIG -> session.get(path).thenApply(data -> data.flatMap(d -> stateFilter.state(path, d)));
        };
    }

    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
        final DeviceCapabilities capabilities = session.capabilities();
        if (capabilities.hasCandidate()) {
            return transaction(NetconfDatastore.CANDIDATE, edits, EditOptions.DEFAULT, true);
        }
        if (capabilities.hasWritableRunning()) {
            return transaction(NetconfDatastore.RUNNING, edits, capabilities.hasRollbackOnError()
                ? EditOptions.ROLLBACK_ON_ERROR : EditOptions.DEFAULT, false);
        }
        return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.PROTOCOL,
            ErrorTag.OPERATION_NOT_SUPPORTED, "Node " + session.nodeId()
                + " offers neither :candidate nor :writable-running"));
    }

    /**
     * One edit as a device transaction. A NETCONF server handles one session's requests in the
     * order sent, so the existence read goes out right behind the lock, without waiting for it (it
     * does not depend on the lock's outcome). The edit and the commit wait for the step before
     * them, since neither may run when that step failed; the result waits for the unlock, so that
     * the next request through this session does not queue behind it at the device.
     */
    private CompletionStage<EditResult> transaction(final NetconfDatastore target, final List<Edit> edits,
            final EditOptions options, final boolean commit) {
        final List<Boolean> created = new ArrayList<>();
        final AtomicBoolean locked = new AtomicBoolean();
        final CompletionStage<Void> lock = session.lock(target);
        final CompletionStage<Void> existence = existence(edits, created);
        return lock
            .thenCompose(ok -> {
                locked.set(true);
                return existence;
            })
            .thenCompose(known -> session.editConfig(target, edits, options))
            .thenCompose(edited -> commit ? session.commit() : CompletableFuture.<Void>completedFuture(null))
            .handle((done, failure) -> Optional.ofNullable(failure))
            .thenCompose(failure -> {
                if (failure.isEmpty()) {
                    return session.unlock(target).handle((unlocked, unlockFailure) -> {
                        if (unlockFailure != null) {
                            // The edit is committed either way; the next edit's lock will say if the
                            // device still holds it.
                            LOG.warn("Node {}: unlock of {} after a committed edit failed", session.nodeId(),
                                target, unlockFailure);
                        }
                        return new EditResult(created);
                    });
                }
                if (!locked.get()) {
                    return CompletableFuture.failedFuture(failure.get());
                }
                // Leave the device as it was: drop the candidate edits, release the lock, report the first error.
                final CompletionStage<Void> discard = commit ? session.discardChanges().handle((r, e) -> null)
                    : CompletableFuture.completedFuture(null);
                return discard
                    .thenCompose(r -> session.unlock(target).handle((u, e) -> null))
                    .thenCompose(r -> CompletableFuture.<EditResult>failedFuture(failure.get()));
            });
    }

    /** Whether each edit's target is new, which decides 201 or 204 for a RESTCONF PUT. */
    private CompletionStage<Void> existence(final List<Edit> edits, final List<Boolean> created) {
        CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
        for (Edit edit : edits) {
            chain = chain.thenCompose(ignored -> switch (edit.operation()) {
                case CREATE -> {
                    created.add(true);
                    yield CompletableFuture.completedFuture(null);
                }
                case REPLACE -> session.getConfig(NetconfDatastore.RUNNING, edit.path()).thenAccept(
                    existing -> created.add(existing.isEmpty()));
                default -> {
                    created.add(false);
                    yield CompletableFuture.completedFuture(null);
                }
            });
        }
        return chain;
    }
}
