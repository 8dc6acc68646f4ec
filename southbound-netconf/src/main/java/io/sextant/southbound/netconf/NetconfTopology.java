package io.sextant.southbound.netconf;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.DeviceSecrets;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.MountedNode;
import io.sextant.spi.MountedNodes;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.BundledModels;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.LeaseHolder;
import io.sextant.persistence.StateBackend;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.security.service.HostKeys;
import io.sextant.southbound.netconf.client.ClientStack;
import io.sextant.southbound.netconf.client.NodeConnector;
import io.sextant.southbound.netconf.client.NodeSettings;
import io.sextant.southbound.netconf.schema.DefaultParsers;
import io.sextant.southbound.netconf.schema.DeviceSchema;
import io.sextant.southbound.netconf.schema.DurableSchemaArchive;
import io.sextant.southbound.netconf.schema.SchemaArchive;
import io.sextant.southbound.netconf.schema.SchemaContextCache;
import io.sextant.southbound.netconf.schema.SchemaResolver;
import io.sextant.southbound.netconf.schema.SchemaSourceCache;
import io.sextant.southbound.netconf.topology.TopologyModel;
import io.sextant.southbound.netconf.topology.TopologySupport;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NETCONF southbound: mounts every node configured under
 * {@code network-topology/topology=topology-netconf} and keeps it connected.
 *
 * <ul>
 *   <li>Mount requests are checked before they are stored (host, port, and a login for SSH).</li>
 *   <li>Creating, changing or deleting a node's configuration mounts, remounts or unmounts it.</li>
 *   <li>Each node's status (connection-status, capabilities, last error, schema-context-id) is
 *       kept in the operational datastore at the same node path.</li>
 *   <li>Connected nodes serve their live data as the mount point {@code .../node=<id>}
 *       ({@code yang-ext:mount} in RESTCONF).</li>
 *   <li>{@code connection-manager:install-multiple-nodes} and {@code uninstall-multiple-nodes}
 *       mount and unmount many nodes in one transaction.</li>
 * </ul>
 *
 * <p>The other layers use it as {@link NetconfDevices}.
 */
@Component(service = { NetconfDevices.class, MountedNodes.class }, immediate = true)
public final class NetconfTopology implements NetconfDevices, MountedNodes, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NetconfTopology.class);

    private final ClientStack stack;
    private final SchemaContextCache schemas;
    private final TopologySupport support;
    private final DeviceOwnership ownership;
    private final MountedConnectors connectors;
    private final List<NetconfDeviceListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Registration> registrations = new ArrayList<>();
    /** Releases the hold of a {@link #withSessionsHeld} start on session set-ups; does nothing otherwise. */
    private final Runnable heldSessions;

    /**
     * Under Karaf: the YANG parser service, settings from system properties. Felix SCR picks the
     * constructor by its number of arguments and complains (at ERROR) about every other public
     * constructor of that arity, so this is the only public one with eight.
     */
    @Activate
    public NetconfTopology(@Reference final ControllerStores datastores, @Reference final MountPointRegistry mounts,
            @Reference final RpcRegistry rpcs, @Reference final YangParserFactory parsers,
            @Reference final DeviceSecrets secrets, @Reference final HostKeys hostKeys,
            @Reference final StateBackend backend, @Reference final DeviceOwnership ownership) {
        this(datastores, mounts, rpcs, parsers, secrets, new Options(NetconfSettings.fromSystemProperties(), hostKeys,
            backend, ownership, false));
    }

    /**
     * What the plain-Java factories add to the services: settings, host keys, where schemas are
     * kept, which nodes this controller instance connects, whether sessions wait for {@link #startSessions()}.
     */
    private record Options(NetconfSettings settings, HostKeys hostKeys, StateBackend backend,
            DeviceOwnership ownership, boolean sessionsHeld) {
    }

    /**
     * Plain Java: yangtools' default YANG parser, the fetched YANG sources and the module sets of
     * schemas kept in {@code backend}'s database too when it has one (a restart with an empty
     * schema cache still builds kept nodes' schemas without their devices).
     *
     * @param secrets opens the stored device passwords when a node connects
     * @param hostKeys checks devices' SSH host keys and serves accept-host-key
     * @param ownership which nodes this controller instance connects (all of them when it is alone)
     */
    public static NetconfTopology withDefaultParser(final ControllerStores datastores, final MountPointRegistry mounts,
            final RpcRegistry rpcs, final DeviceSecrets secrets, final NetconfSettings settings,
            final HostKeys hostKeys, final StateBackend backend, final DeviceOwnership ownership) {
        return new NetconfTopology(datastores, mounts, rpcs, DefaultParsers.factory(), secrets,
            new Options(settings, hostKeys, backend, ownership, false));
    }

    /**
     * As {@link #withDefaultParser(ControllerStores, MountPointRegistry, RpcRegistry, DeviceSecrets,
     * NetconfSettings, HostKeys, StateBackend, DeviceOwnership)}, but no device session is set up
     * until {@link #startSessions()}: the nodes are mounted (their status "connecting") and wait.
     * For a start that serves RESTCONF first: at a restart with thousands of kept nodes, their
     * session set-ups would otherwise take the cores the rest of the start needs.
     */
    public static NetconfTopology withSessionsHeld(final ControllerStores datastores, final MountPointRegistry mounts,
            final RpcRegistry rpcs, final DeviceSecrets secrets, final NetconfSettings settings,
            final HostKeys hostKeys, final StateBackend backend, final DeviceOwnership ownership) {
        return new NetconfTopology(datastores, mounts, rpcs, DefaultParsers.factory(), secrets,
            new Options(settings, hostKeys, backend, ownership, true));
    }

    /**
     * Plain Java: yangtools' default YANG parser, schemas kept in the schema cache directory only
     * (state in memory). A factory rather than a constructor: Felix SCR picks the component
     * constructor by its number of parameters alone, so no other public constructor may have as
     * many as the {@link Activate} one.
     *
     * @param secrets opens the stored device passwords when a node connects
     * @param hostKeys checks devices' SSH host keys and serves accept-host-key
     */
    public static NetconfTopology withDefaultParser(final ControllerStores datastores, final MountPointRegistry mounts,
            final RpcRegistry rpcs, final DeviceSecrets secrets, final NetconfSettings settings,
            final HostKeys hostKeys) {
        return withDefaultParser(datastores, mounts, rpcs, secrets, settings, hostKeys, StateBackend.inMemory(),
            DeviceOwnership.SOLE);
    }

    /** Plain Java without the security module (tests): passwords are used as they are stored. */
    public static NetconfTopology withDefaultParser(final ControllerStores datastores, final MountPointRegistry mounts,
            final RpcRegistry rpcs, final NetconfSettings settings, final HostKeys hostKeys) {
        return withDefaultParser(datastores, mounts, rpcs, DeviceSecrets.AS_STORED, settings, hostKeys);
    }

    /**
     * @param secrets opens the stored device passwords when a node connects
     * @param options {@code hostKeys} checks devices' SSH host keys (known keys of
     *     topology-netconf) and serves accept-host-key for this topology's nodes; {@code backend}'s
     *     database, if it has one, keeps the YANG sources and module sets of schemas
     */
    private NetconfTopology(final ControllerStores datastores, final MountPointRegistry mounts, final RpcRegistry rpcs,
            final YangParserFactory parsers, final DeviceSecrets secrets, final Options options) {
        final NetconfSettings settings = options.settings();
        final HostKeys hostKeys = options.hostKeys();
        final DataStore config = datastores.config();
        final HostKeyVerifier hostKeyVerifier = hostKeys.verifier(TopologyModel.TOPOLOGY_NETCONF);
        this.ownership = options.ownership();
        this.stack = new ClientStack(settings.eventLoopThreads(), settings.workerThreads(),
            settings.maxConcurrentSetups(), settings.maxReplyBytes());
        final SchemaArchive archive = options.backend().database().<SchemaArchive>map(DurableSchemaArchive::new)
            .orElse(SchemaArchive.NONE);
        this.schemas = new SchemaContextCache(new SchemaResolver(parsers, new SchemaSourceCache(
            settings.schemaCacheDirectory()), archive, BundledModels.get(), settings.schemaFetchTimeout()),
            stack.schemaResolvers());
        this.support = new TopologySupport(datastores.operational(), this, ownership);
        this.connectors = new MountedConnectors(config, support, hostKeys, ownership,
            (nodeId, nodeSettings, fence) -> new NodeConnector(nodeId, nodeSettings, stack, schemas, secrets,
                hostKeyVerifier, new ConnectorEvents(support, listeners, nodeSettings, fence)));
        // before the first mount: a held start sets up no session until startSessions()
        this.heldSessions = options.sessionsHeld() ? stack.holdSetups() : () -> { };
        registrations.add(config.registerValidator(TopologyModel.NETCONF_TOPOLOGY, TopologySupport::validate));
        registrations.add(config.registerListener(TopologyModel.NETCONF_TOPOLOGY, connectors::onConfigChange));
        registrations.add(mounts.register(support::findMountPoint));
        registrations.add(mounts.registerStateOwner(support));
        registrations.addAll(support.registerRpcs(rpcs, config));
        registrations.add(hostKeys.register(TopologyModel.TOPOLOGY_NETCONF, new HostKeyNodes(connectors::get, this)));
        // watched before the nodes are read: a node gained meanwhile is then told, not missed
        registrations.add(ownership.watch(TopologyModel.TOPOLOGY_NETCONF,
            DeviceOwnership.Listener.of(connectors::connectGained, connectors::closeLost))::close);
        registrations.add(registerListener(new DeviceNotifications(datastores.events())));
        connectors.mountConfigured();
    }

    /**
     * Sets up the sessions a {@link #withSessionsHeld} topology has held since its start, at most
     * {@link NetconfSettings#maxConcurrentSetups()} at a time as always. Only the first call does
     * anything; so does it for a topology that held nothing.
     */
    public void startSessions() {
        heldSessions.run();
    }

    // ---- NetconfDevices

    @Override
    public Set<String> nodeIds() {
        return connectors.ids();
    }

    /** Device session set-ups in progress now ({@link NetconfSettings#maxConcurrentSetups()} at most). */
    public int setupsRunning() {
        return stack.setupsRunning();
    }

    /** Timers waiting (request timeouts, keepalives, reconnects), for checking that faults leave none behind. */
    public int scheduledTasks() {
        return stack.scheduledTasks();
    }

    /** Mounted devices waiting for their turn to set up a session. */
    @Override
    public int setupsWaiting() {
        return stack.setupsWaiting();
    }

    @Override
    public Optional<NodeStatus> status(final String nodeId) {
        return Optional.ofNullable(connectors.get(nodeId)).map(NodeConnector::status);
    }

    @Override
    public Optional<NetconfDeviceSession> session(final String nodeId) {
        final NodeConnector connector = connectors.get(nodeId);
        return connector == null ? Optional.empty()
            : connector.session().filter(s -> s.isOpen()).map(NetconfDeviceSession.class::cast);
    }

    @Override
    public Optional<LeaseHolder> connectedElsewhere(final String nodeId) {
        if (ownership.sole() || ownership.epoch(TopologyModel.TOPOLOGY_NETCONF, nodeId).isPresent()) {
            return Optional.empty();
        }
        return ownership.heldElsewhere(TopologyModel.TOPOLOGY_NETCONF, nodeId);
    }

    @Override
    public CompletionStage<ContainerNode> readConfiguration(final String nodeId) {
        final Optional<NetconfDeviceSession> session = session(nodeId);
        if (session.isEmpty()) {
            return CompletableFuture.failedFuture(notConnected(nodeId));
        }
        return session.get().getConfig(NetconfDatastore.RUNNING, YangInstanceIdentifier.of())
            .thenApply(root -> (ContainerNode) root.orElseThrow());
    }

    @Override
    public Registration registerListener(final NetconfDeviceListener listener) {
        listeners.add(listener);
        for (NodeConnector connector : connectors.all()) {
            connector.session().ifPresent(session -> ConnectorEvents.notify(() -> listener.onConnected(session)));
        }
        return () -> listeners.remove(listener);
    }

    @Override
    public String protocol() {
        return "netconf";
    }

    @Override
    public int mountedNodes() {
        return connectors.size();
    }

    @Override
    public int connectedNodes() {
        return (int) connectors.all().stream().filter(c -> c.status().isConnected()).count();
    }

    @Override
    public List<MountedNode> nodes() {
        return connectors.all().stream().map(connector -> {
            final NodeSettings settings = connector.settings();
            final NodeStatus status = connector.status();
            return new MountedNode(connector.nodeId(), "netconf", settings.tcpOnly() ? "tcp" : "ssh", settings.host(),
                settings.port(), status.status().yangName(), Objects.requireNonNullElse(status.connectedMessage(), ""));
        }).toList();
    }

    /** Wait until every status change so far is in the operational datastore (for tests and tools). */
    public void flushStatus() {
        support.syncStatus();
    }

    /** Schema contexts currently shared by the mounted nodes. */
    @Override
    public int schemaContexts() {
        return schemas.size();
    }

    @Override
    public Optional<EffectiveModelContext> knownSchema(final String schemaContextId) {
        return schemas.known(schemaContextId).map(DeviceSchema::context);
    }

    /** Schema contexts built since start. */
    @Override
    public long schemaContextsBuilt() {
        return schemas.built();
    }

    OperationErrorsException notConnected(final String nodeId) {
        final String state = status(nodeId).map(NodeStatus::describe).orElse("not mounted");
        return new OperationErrorsException(new OperationError(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
            "Node " + nodeId + " is not connected (" + state + ")", null, null,
            "<node-id>" + nodeId + "</node-id>"));
    }

    @Deactivate
    @Override
    public void close() {
        final CompletableFuture<Void> sessions = connectors.close();
        if (sessions == null) {
            return;
        }
        registrations.forEach(Registration::close);
        try {
            sessions.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("Not every NETCONF session closed cleanly", e);
        }
        support.close();
        stack.close();
    }
}
