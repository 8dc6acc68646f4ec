package io.sextant.southbound.cli.topology;

import io.sextant.datastore.Candidates;
import io.sextant.datastore.ChangeListener;
import io.sextant.datastore.CommitValidator;
import io.sextant.datastore.DataStore;
import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountedNode;
import io.sextant.spi.MountedNodes;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.cli.CliConnector;
import io.sextant.southbound.cli.CliTransportType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mounts and unmounts CLI devices as nodes of {@code topology=topology-cli} appear, change and
 * disappear in the configuration datastore. Mount requests are validated before they are
 * stored (required leaves, a translation unit for the device type and version). The state of
 * each node (connection-status, connected-message, translation-unit) is written to the
 * operational datastore at the same path.
 */
@Component(service = { CliConnections.class, MountedNodes.class })
public final class CliTopology implements CliConnections, MountedNodes, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CliTopology.class);

    private final DataStore config;
    private final DataStore operational;
    private final DeviceOwnership ownership;
    private final CliConnector connector;
    private final CliDeviceTypes deviceTypes;
    private final DeviceSecrets secrets;
    private final ScheduledExecutorService executor;
    private final Map<String, CliNodeConnector> mounts = new ConcurrentHashMap<>();
    private final Map<String, CliConnection> connected = new ConcurrentHashMap<>();
    /** The fence of each mount: whether this instance still owns the node in the term it was mounted in. */
    private final Map<String, BooleanSupplier> fences = new ConcurrentHashMap<>();
    /** The last status of every mounted node, as written to the operational datastore. */
    private final Map<String, MountedNode> states = new ConcurrentHashMap<>();
    private final List<CliConnectionListener> listeners = new CopyOnWriteArrayList<>();
    private final Registration validatorRegistration;
    private final Registration listenerRegistration;
    private final Registration hostKeyRegistration;
    private final DeviceOwnership.Watch ownershipWatch;
    private final HostKeys hostKeys;
    private final HostKeyVerifier hostKeyVerifier;

    @Activate
    public CliTopology(@Reference final ControllerStores datastores, @Reference final CliConnector connector,
            @Reference final CliDeviceTypes deviceTypes, @Reference final DeviceSecrets secrets,
            @Reference final HostKeys hostKeys, @Reference final DeviceOwnership ownership) {
        this(datastores.config(), datastores.operational(), connector, deviceTypes, secrets, hostKeys, ownership);
    }

    /**
     * @param config where mount requests are read from
     * @param operational where node state is written
     * @param connector opens the sessions
     * @param deviceTypes which device types and versions can be mounted
     * @param secrets opens the stored passwords when a node connects
     * @param hostKeys checks devices' SSH host keys (known keys of topology-cli) and serves
     *     accept-host-key for this topology's nodes
     * @param ownership which nodes this controller instance connects ({@link DeviceOwnership#SOLE}: all)
     */
    public CliTopology(final DataStore config, final DataStore operational, final CliConnector connector,
            final CliDeviceTypes deviceTypes, final DeviceSecrets secrets, final HostKeys hostKeys,
            final DeviceOwnership ownership) {
        this.config = config;
        this.ownership = ownership;
        this.secrets = secrets;
        this.operational = operational;
        this.hostKeys = hostKeys;
        this.hostKeyVerifier = hostKeys.verifier(CliTopologyModel.TOPOLOGY_ID);
        this.connector = connector;
        this.deviceTypes = deviceTypes;
        this.executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
            final Thread thread = new Thread(runnable, "cli-topology");
            thread.setDaemon(true);
            return thread;
        });
        this.validatorRegistration = config.registerValidator(CliTopologyModel.topologyPath(),
            new MountValidator());
        this.listenerRegistration = config.registerListener(CliTopologyModel.topologyPath(), new ConfigListener());
        this.hostKeyRegistration = hostKeys.register(CliTopologyModel.TOPOLOGY_ID, new HostKeyNodes());
        // watched before the nodes are read: a node gained meanwhile is then told, not missed
        this.ownershipWatch = ownership.watch(CliTopologyModel.TOPOLOGY_ID,
            DeviceOwnership.Listener.of(this::connectGained, this::closeLost));
        // read on the topology thread: read here, a node unmounted before that thread mounts it came back
        executor.execute(() -> config.snapshot().read(CliTopologyModel.nodesPath()).ifPresent(nodes -> {
            for (MapEntryNode node : ((MapNode) nodes).body()) {
                mount(node);
            }
        }));
    }

    @Override
    public Optional<CliConnection> find(final String nodeId) {
        return Optional.ofNullable(connected.get(nodeId));
    }

    @Override
    public Optional<LeaseHolder> connectedElsewhere(final String nodeId) {
        if (ownership.sole() || connected.containsKey(nodeId)
                || ownership.epoch(CliTopologyModel.TOPOLOGY_ID, nodeId).isPresent()) {
            return Optional.empty();
        }
        return ownership.heldElsewhere(CliTopologyModel.TOPOLOGY_ID, nodeId);
    }

    @Override
    public Collection<CliConnection> connected() {
        return List.copyOf(connected.values());
    }

    @Override
    public void configurationTouched(final String nodeId) {
        executor.execute(() -> listeners.forEach(listener -> listener.configurationTouched(nodeId)));
    }

    @Override
    public Registration registerListener(final CliConnectionListener listener) {
        executor.execute(() -> {
            listeners.add(listener);
            connected.values().forEach(listener::connected);
        });
        return () -> listeners.remove(listener);
    }

    @Override
    public String protocol() {
        return "cli";
    }

    @Override
    public int mountedNodes() {
        return mounts.size();
    }

    @Override
    public int connectedNodes() {
        return connected.size();
    }

    @Override
    public List<MountedNode> nodes() {
        return List.copyOf(states.values());
    }

    @Deactivate
    @Override
    public void close() {
        validatorRegistration.close();
        listenerRegistration.close();
        hostKeyRegistration.close();
        ownershipWatch.close();
        try {
            executor.submit(() -> {
                new ArrayList<>(mounts.keySet()).forEach(this::unmount);
            }).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("CLI mounts did not close", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            executor.shutdownNow();
        }
    }

    // on the topology thread

    private void mount(final MapEntryNode node) {
        final String nodeId = nodeId(node.name());
        final CliNodeConfig config;
        final CliDeviceType deviceType;
        try {
            config = CliNodeConfig.of(nodeId, node);
            deviceType = resolve(config);
        } catch (OperationErrorsException e) {
            // stored before this component validated it (e.g. restored from disk): report, do not mount
            writeStatus(nodeId, "unable-to-connect", Objects.requireNonNullElse(e.getMessage(), "Invalid node"), null);
            return;
        }
        final CliNodeConnector existing = mounts.get(nodeId);
        if (existing != null) {
            if (existing.config().equals(config) && existing.deviceType().unit().equals(deviceType.unit())) {
                return;
            }
            unmount(nodeId);
        }
        final Optional<BooleanSupplier> fence = ownership.fence(CliTopologyModel.TOPOLOGY_ID, nodeId);
        if (fence.isEmpty()) {
            // another controller instance owns it, or none yet: this one mounts it once it claims it
            ownership.claimSoon();
            return;
        }
        fences.put(nodeId, fence.orElseThrow());
        LOG.info("Mounting CLI device {}", config);
        final CliNodeConnector mount = new CliNodeConnector(config, deviceType, connector, secrets, hostKeyVerifier, executor,
            new StatusReporter());
        mounts.put(nodeId, mount);
        mount.start();
    }

    /** A node this instance owns now: mount it if it is configured (on any thread). */
    private void connectGained(final String nodeId) {
        executor.execute(() -> config.snapshot().read(CliTopologyModel.nodePath(nodeId))
            .ifPresent(node -> mount((MapEntryNode) node)));
    }

    /** A node another instance owns now: close its session (on any thread). */
    private void closeLost(final String nodeId) {
        executor.execute(() -> unmount(nodeId));
    }

    private void unmount(final String nodeId) {
        final CliNodeConnector mount = mounts.remove(nodeId);
        if (mount == null) {
            return;
        }
        LOG.info("Unmounting CLI device {}", nodeId);
        mount.close();
        fences.remove(nodeId);
        states.remove(nodeId);
        if (connected.remove(nodeId) != null) {
            listeners.forEach(listener -> listener.disconnected(nodeId));
        }
        try {
            operational.update(tx -> tx.remove(CliTopologyModel.nodePath(nodeId)));
        } catch (OperationErrorsException e) {
            LOG.error("Cannot remove the operational state of {}", nodeId, e);
        }
    }

    private CliDeviceType resolve(final CliNodeConfig config) throws OperationErrorsException {
        return deviceTypes.resolve(config.deviceType(), config.deviceVersion()).orElseThrow(() ->
            CliNodeConfig.invalid(config.nodeId(), CliTopologyModel.DEVICE_TYPE, ErrorTag.INVALID_VALUE,
                "No translation unit serves device-type '" + config.deviceType() + "' version '"
                    + config.deviceVersion() + "'"));
    }

    private boolean isCurrent(final CliNodeConnector mount) {
        return mounts.get(mount.config().nodeId()) == mount;
    }

    /** A mounted node's new status: kept for {@link #nodes()} and written to the operational datastore. */
    private void report(final CliNodeConnector mount, final String status, final String message) {
        final CliNodeConfig config = mount.config();
        states.put(config.nodeId(), new MountedNode(config.nodeId(), "cli", config.transport().yangName(),
            config.host(), config.port(), status, message));
        writeStatus(config.nodeId(), status, message, mount.deviceType().unit());
        ownership.reportState(CliTopologyModel.TOPOLOGY_ID, config.nodeId(), status, message);
    }

    private void writeStatus(final String nodeId, final String status, final String message,
            final @Nullable String unit) {
        final var entry = ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(CliTopologyModel.nodeKey(nodeId))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.CONNECTION_STATUS, status))
            .withChild(ImmutableNodes.leafNode(CliTopologyModel.CONNECTED_MESSAGE, message));
        if (unit != null) {
            entry.withChild(ImmutableNodes.leafNode(CliTopologyModel.TRANSLATION_UNIT, unit));
        }
        final var built = entry.build();
        try {
            operational.update(tx -> tx.put(CliTopologyModel.nodePath(nodeId), built));
        } catch (OperationErrorsException e) {
            LOG.error("Cannot write the connection status of {}", nodeId, e);
        }
    }

    private static String nodeId(final YangInstanceIdentifier.PathArgument arg) {
        return ((NodeIdentifierWithPredicates) arg).getValue(CliTopologyModel.NODE_ID).toString();
    }

    /** This topology's nodes for accept-host-key. */
    private final class HostKeyNodes implements HostKeys.Nodes {
        @Override
        public Optional<HostKeyPolicy> policy(final String nodeId) {
            return Optional.ofNullable(mounts.get(nodeId)).map(CliNodeConnector::config)
                .filter(config -> config.transport() == CliTransportType.SSH).map(CliNodeConfig::hostKeys);
        }

        @Override
        public boolean connected(final String nodeId) {
            return connected.containsKey(nodeId);
        }

        @Override
        public void connectNow(final String nodeId) {
            executor.execute(() -> {
                final CliNodeConnector mount = mounts.get(nodeId);
                if (mount != null) {
                    mount.connectNow();
                }
            });
        }
    }

    /** Reports a mount's state to the operational datastore and the listeners. */
    private final class StatusReporter implements CliNodeConnector.Observer {
        @Override
        public void connecting(final CliNodeConnector mount, final long attempt, final String lastError) {
            if (isCurrent(mount)) {
                report(mount, "connecting", lastError.isEmpty() ? "Connecting, attempt " + attempt
                    : "Connecting, attempt " + attempt + "; last error: " + lastError);
            }
        }

        @Override
        public boolean mayConnect(final CliNodeConnector mount) {
            return fences.getOrDefault(mount.config().nodeId(), () -> false).getAsBoolean();
        }

        @Override
        public void connected(final CliNodeConnector mount, final CliConnection opened) {
            if (!isCurrent(mount)) {
                return;
            }
            // no fence (none taken, or let go): the session may change nothing, as in mayConnect
            final CliConnection device = ownership.sole() ? opened
                : FencedCliSession.fenced(opened, fences.getOrDefault(opened.nodeId(), () -> false));
            connected.put(device.nodeId(), device);
            report(mount, MountedNode.CONNECTED, "Connected, prompt " + device.session().prompt());
            listeners.forEach(listener -> listener.connected(device));
        }

        @Override
        public void lost(final CliNodeConnector mount) {
            if (isCurrent(mount) && connected.remove(mount.config().nodeId()) != null) {
                listeners.forEach(listener -> listener.disconnected(mount.config().nodeId()));
            }
        }

        @Override
        public void unableToConnect(final CliNodeConnector mount, final String lastError) {
            if (isCurrent(mount)) {
                report(mount, "unable-to-connect", lastError);
            }
        }
    }

    /** Refuses mount requests that cannot be mounted, before they are stored. */
    private final class MountValidator implements CommitValidator {
        @Override
        public void validate(final DataTreeCandidate candidate) throws OperationErrorsException {
            final Optional<DataTreeCandidateNode> nodes = Candidates.find(candidate, CliTopologyModel.nodesPath());
            if (nodes.isEmpty()) {
                return;
            }
            for (DataTreeCandidateNode node : nodes.orElseThrow().childNodes()) {
                final Optional<NormalizedNode> after = node.findDataAfter();
                if (node.modificationType() != ModificationType.UNMODIFIED && after.isPresent()) {
                    resolve(CliNodeConfig.of(nodeId(node.name()), (MapEntryNode) after.orElseThrow()));
                }
            }
        }
    }

    /** Mounts, remounts and unmounts as the configuration changes. */
    private final class ConfigListener implements ChangeListener {
        @Override
        public void onChange(final DataTreeCandidate candidate) {
            final Optional<DataTreeCandidateNode> nodes = Candidates.find(candidate, CliTopologyModel.nodesPath());
            if (nodes.isEmpty()) {
                return;
            }
            final List<Runnable> actions = new ArrayList<>();
            for (DataTreeCandidateNode node : nodes.orElseThrow().childNodes()) {
                if (node.modificationType() == ModificationType.UNMODIFIED) {
                    continue;
                }
                final Optional<NormalizedNode> after = node.findDataAfter();
                final String nodeId = nodeId(node.name());
                if (after.isPresent()) {
                    actions.add(() -> mount((MapEntryNode) after.orElseThrow()));
                } else {
                    actions.add(() -> {
                        unmount(nodeId);
                        // removed, not stopped: a node mounted again under this id learns its key anew
                        hostKeys.forget(CliTopologyModel.TOPOLOGY_ID, nodeId);
                    });
                }
            }
            executor.execute(() -> actions.forEach(Runnable::run));
        }
    }
}
