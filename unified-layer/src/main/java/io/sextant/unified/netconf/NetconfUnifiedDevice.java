package io.sextant.unified.netconf;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.netconf.NetconfDatastore;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.unified.DeviceChange;
import io.sextant.unified.UnifiedDevice;
import io.sextant.southbound.netconf.DeviceCapabilities;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** A connected NETCONF device in its own models, as the UniConfig layer sees it. */
final class NetconfUnifiedDevice implements UnifiedDevice {
    private final NetconfDeviceSession session;
    private final Duration confirmTimeout;
    private final NextSession nextSession;
    private final Duration reconnectWait;

    NetconfUnifiedDevice(final NetconfDeviceSession session, final Duration confirmTimeout,
            final NextSession nextSession, final Duration reconnectWait) {
        this.session = session;
        this.confirmTimeout = confirmTimeout;
        this.nextSession = nextSession;
        this.reconnectWait = reconnectWait;
    }

    NetconfDeviceSession session() {
        return session;
    }

    @Override
    public String nodeId() {
        return session.nodeId();
    }

    @Override
    public Protocol protocol() {
        return Protocol.NETCONF;
    }

    @Override
    public EffectiveModelContext schema() {
        return session.schema();
    }

    @Override
    public String schemaKey() {
        return NetconfUnifiedDevices.SCHEMA_KEY_PREFIX + session.schemaContextId();
    }

    @Override
    public CompletionStage<ContainerNode> readConfiguration() {
        return session.getConfig(NetconfDatastore.RUNNING, YangInstanceIdentifier.of())
            .thenApply(root -> (ContainerNode) root.orElseThrow());
    }

    @Override
    public DeviceChange prepare(final DataTreeCandidate change) throws OperationErrorsException {
        return new NetconfDeviceChange(session, CandidateEdits.of(change), confirmTimeout, nextSession,
            reconnectWait, null);
    }

    @Override
    public DeviceChange prepare(final DataTreeCandidate change, final String commitId)
            throws OperationErrorsException {
        return new NetconfDeviceChange(session, CandidateEdits.of(change), confirmTimeout, nextSession,
            reconnectWait, persistId(commitId));
    }

    @Override
    public DeviceChange prepare(final DataTreeCandidate change, final String commitId, final Duration hold)
            throws OperationErrorsException {
        final Duration timeout = hold.compareTo(confirmTimeout) > 0 ? hold : confirmTimeout;
        return new NetconfDeviceChange(session, CandidateEdits.of(change), timeout, nextSession,
            reconnectWait, persistId(commitId));
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> readState(final YangInstanceIdentifier path) {
        return session.get(path);
    }

    @Override
    public CompletionStage<Void> settle(final String commitId) {
        final DeviceCapabilities capabilities = session.capabilities();
        if (!capabilities.hasCandidate()) {
            return CompletableFuture.completedFuture(null);
        }
        // an error here means there was nothing to settle (no such confirmed commit, nothing staged)
        final CompletionStage<Void> cancelled = capabilities.hasPersistentConfirmedCommit()
            ? session.cancelCommit(persistId(commitId)).handle((ok, error) -> null)
            : CompletableFuture.completedFuture(null);
        return cancelled.thenCompose(ignored -> session.discardChanges().handle((ok, error) -> null));
    }

    /** The persist-id of a commit's confirmed commit on a device: derived from the commit, found again after a crash. */
    static String persistId(final String commitId) {
        return "sextant-" + commitId;
    }
}
