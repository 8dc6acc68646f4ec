package io.sextant.controller;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.ControllerInfo;
import io.sextant.spi.MountedNode;
import io.sextant.spi.MountedNodes;
import io.sextant.metrics.DeviceFigures;
import io.sextant.metrics.SextantMetrics;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.ClusterView;
import io.sextant.persistence.ControllerInstance;
import io.sextant.spi.ClusterMember;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import io.sextant.persistence.StateReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.api.schema.builder.CollectionNodeBuilder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's status: uptime, datastore sizes, mounted devices and schema contexts of every
 * southbound, and the controller instances sharing the database ({@link ClusterView}, read every
 * {@link #REFRESH}). The console asks it directly; for RESTCONF clients it publishes the same
 * figures as {@code sextant:status} in the operational datastore, refreshed every {@link #REFRESH}
 * ({@code GET /rests/data/sextant:status}).
 */
@Component(service = ControllerInfo.class)
public final class StatusService implements ControllerInfo, AutoCloseable {
    static final Duration REFRESH = Duration.ofSeconds(2);
    private static final Duration STATE_REFRESH = Duration.ofSeconds(30);
    private static final Logger LOG = LoggerFactory.getLogger(StatusService.class);
    private static final QName STATUS = QName.create(ControllerSchema.SEXTANT, "status");
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(STATUS);
    private static final QName INSTANCE = QName.create(ControllerSchema.SEXTANT, "instance");
    private static final QName INSTANCE_ID = QName.create(ControllerSchema.SEXTANT, "id");

    private final Instant startedAt = Instant.now();
    private final ControllerStores datastores;
    private final List<MountedNodes> southbounds;
    private final ScheduledExecutorService publisher;
    private final StateBackend backend;
    private final SextantMetrics.Registration deviceMetrics;
    private final ClusterView cluster;
    /** The instances as last read from the database; empty until then and in memory. */
    private volatile List<ClusterMember> instances = List.of();
    /** The last failure reading them, so that an outage is logged once. */
    private volatile String instancesFailure = "";
    /** The state line, asked of the database at most every {@link #STATE_REFRESH}; null before the first. */
    private volatile @Nullable String state;
    private volatile long stateAt;

    @Activate
    public StatusService(@Reference final ControllerStores datastores,
            @Reference(cardinality = ReferenceCardinality.MULTIPLE, policyOption = ReferencePolicyOption.GREEDY)
            final List<MountedNodes> southbounds, @Reference final StateBackend backend,
            @Reference final SextantMetrics metrics, @Reference final DeviceOwnership ownership) {
        this.datastores = datastores;
        this.backend = backend;
        this.cluster = new ClusterView(backend, ownership.instanceId());
        this.southbounds = List.copyOf(southbounds);
        publisher = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread thread = new Thread(r, "sextant-status");
            thread.setDaemon(true);
            return thread;
        });
        publisher.scheduleWithFixedDelay(this::publish, 0, REFRESH.toMillis(), TimeUnit.MILLISECONDS);
        deviceMetrics = metrics.devices(this::deviceFigures);
    }

    /** The devices of each southbound, for the metrics. */
    private List<DeviceFigures> deviceFigures() {
        return southbounds.stream().map(southbound -> new DeviceFigures(southbound.protocol(),
            southbound.mountedNodes(), southbound.connectedNodes(), southbound.setupsWaiting(),
            southbound.schemaContexts())).toList();
    }

    @Override
    public Instant startedAt() {
        return startedAt;
    }

    @Override
    public long configDatastoreNodes() {
        return datastores.config().size();
    }

    @Override
    public long operationalDatastoreNodes() {
        return datastores.operational().size();
    }

    @Override
    public int mountedNodes() {
        return southbounds.stream().mapToInt(MountedNodes::mountedNodes).sum();
    }

    @Override
    public int connectedNodes() {
        return southbounds.stream().mapToInt(MountedNodes::connectedNodes).sum();
    }

    @Override
    public List<MountedNode> nodes() {
        return southbounds.stream().flatMap(southbound -> southbound.nodes().stream())
            .sorted(Comparator.comparing(MountedNode::nodeId).thenComparing(MountedNode::protocol)).toList();
    }

    @Override
    public int schemaContexts() {
        return southbounds.stream().mapToInt(MountedNodes::schemaContexts).sum();
    }

    @Override
    public long schemaContextsBuilt() {
        return southbounds.stream().mapToLong(MountedNodes::schemaContextsBuilt).sum();
    }

    @Override
    public int setupsWaiting() {
        return southbounds.stream().mapToInt(MountedNodes::setupsWaiting).sum();
    }

    @Override
    public String version() {
        final String version = StatusService.class.getPackage().getImplementationVersion();
        return version != null ? version : "0.1.0-SNAPSHOT";
    }

    @Override
    public String instanceId() {
        return cluster.shared() ? cluster.instanceId() : LOCAL;
    }

    /** With the state in memory, this instance alone, owning every mounted node. */
    @Override
    public List<ClusterMember> instances() {
        if (!cluster.shared()) {
            final Instant now = Instant.now();
            return List.of(new ClusterMember(LOCAL, "", startedAt, now, now, true, mountedNodes()));
        }
        return instances;
    }

    /** Read the instances from the database; on failure keep the last ones read. */
    private void readInstances() {
        if (!cluster.shared()) {
            return;
        }
        try {
            instances = cluster.instances().stream().map(StatusService::member).toList();
            instancesFailure = "";
        } catch (PersistenceException e) {
            final String failure = String.valueOf(e.getMessage());
            if (!failure.equals(instancesFailure)) {
                LOG.warn("sextant:status shows the controller instances as last read: {}", failure);
                instancesFailure = failure;
            }
        }
    }

    private static ClusterMember member(final ControllerInstance instance) {
        return new ClusterMember(instance.instanceId(), instance.address(), instance.startedAt(),
            instance.heartbeatAt(), instance.expiresAt(), instance.live(), instance.ownedNodes());
    }

    /** The {@code sextant:status} container with the current figures. */
    ContainerNode toContainer(final Instant now) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(STATUS))
            .withChild(leaf("version", version()))
            .withChild(leaf("uptime-seconds", Uint64.valueOf(Math.max(0, Duration.between(startedAt, now).toSeconds()))))
            .withChild(leaf("config-datastore-nodes", Uint64.valueOf(configDatastoreNodes())))
            .withChild(leaf("operational-datastore-nodes", Uint64.valueOf(operationalDatastoreNodes())))
            .withChild(leaf("mounted-nodes", Uint32.valueOf(mountedNodes())))
            .withChild(leaf("connected-nodes", Uint32.valueOf(connectedNodes())))
            .withChild(leaf("schema-contexts", Uint32.valueOf(schemaContexts())))
            .withChild(leaf("schema-contexts-built", Uint64.valueOf(schemaContextsBuilt())))
            .withChild(leaf("setups-waiting", Uint32.valueOf(setupsWaiting())))
            .withChild(leaf("state", state()))
            .withChild(leaf("instance-id", instanceId()))
            .withChild(instanceList())
            .build();
    }

    private SystemMapNode instanceList() {
        final CollectionNodeBuilder<MapEntryNode, SystemMapNode> list =
            ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(INSTANCE));
        final String self = instanceId();
        for (ClusterMember instance : instances()) {
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(INSTANCE, INSTANCE_ID, instance.instanceId()))
                .withChild(leaf("id", instance.instanceId()));
            if (!instance.address().isEmpty()) {
                entry.withChild(leaf("address", instance.address()));
            }
            entry.withChild(leaf("started", instance.startedAt().toString()))
                .withChild(leaf("last-heartbeat", instance.heartbeatAt().toString()));
            if (cluster.shared()) {
                entry.withChild(leaf("expires", instance.expiresAt().toString()));
            }
            list.withChild(entry.withChild(leaf("alive", instance.live()))
                .withChild(leaf("owned-nodes", Uint32.valueOf(instance.ownedNodes())))
                .withChild(leaf("this-instance", instance.instanceId().equals(self)))
                .build());
        }
        return list.build();
    }

    /** Where state is kept ({@link StateReport}), refreshed every {@link #STATE_REFRESH}. */
    String state() {
        final long now = System.nanoTime();
        String current = state;
        if (current == null || now - stateAt > STATE_REFRESH.toNanos()) {
            current = StateReport.describe(backend);
            state = current;
            stateAt = now;
        }
        return current;
    }

    private static LeafNode<Object> leaf(final String name, final Object value) {
        return ImmutableNodes.leafNode(QName.create(ControllerSchema.SEXTANT, name), value);
    }

    private void publish() {
        try {
            readInstances();
            final ContainerNode status = toContainer(Instant.now());
            datastores.operational().update(tx -> tx.put(PATH, status));
        } catch (OperationErrorsException e) {
            // an update cannot conflict with other writers: the container does not fit the schema
            LOG.error("Cannot publish sextant:status", e);
        } catch (RuntimeException e) {
            LOG.error("Publishing sextant:status failed", e);
        }
    }

    @Deactivate
    @Override
    public void close() {
        deviceMetrics.close();
        publisher.shutdownNow();
    }
}
