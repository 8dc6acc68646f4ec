package io.sextant.uniconfig;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.datastore.UnmountedNodes;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.persistence.ChangeHints;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.StateBackend;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UniConfig layer as a component: nodes appear when their devices connect (first sync), or
 * at start when an earlier run kept them, and go when their devices are unmounted; the
 * configuration mount points and snapshots are served under topology=uniconfig and
 * topology=snapshots, and the uniconfig-manager, snapshot-manager, transaction-manager,
 * sextant-history and sextant-templates RPCs are registered. It assembles the layer's services and
 * hands out the narrow ones the console uses.
 */
@Component(service = UniconfigService.class, immediate = true)
public final class UniconfigService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(UniconfigService.class);
    /** How many commits the in-memory transaction log keeps. */
    private static final int LOG_CAPACITY = 1000;
    /** How long an operation waits for a node busy with another commit or write. */
    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(30);
    /** How long the stop waits for gated commits waiting for confirmation to be put back. */
    private static final Duration STOP_PUT_BACK = Duration.ofSeconds(30);
    /**
     * How often the end of a commit the store could not take, or a repair it owes after a write
     * with an unknown outcome, is offered again.
     */
    private static final Duration COMMIT_END_RETRY = Duration.ofSeconds(2);

    private final ExecutorService executor;
    private final TransactionManager transactions;
    private final NodeRegistry registry;
    private final DiffService diffs;
    private final CommitService commits;
    private final CommitEnds commitEnds;
    private final UniconfigStore store;
    private final SyncService syncs;
    private final SnapshotService snapshots;
    private final UniconfigRpcs rpcs;
    private final GateRpcs gateRpcs;
    private final PendingCommits pendingCommits;
    private final RevertService reverts;
    private final HistoryService history;
    private final HistoryRpcs historyRpcs;
    private final TemplateStore templateStore;
    private final TemplateService templates;
    private final TemplateRpcs templateRpcs;
    private final CopyService copies;
    private final CopyRpcs copyRpcs;
    private final PreProvisioning preProvisioning;
    private final DriftPolicies driftPolicies;
    private final DriftWatch drift;
    private final Registration mount;
    private final Registration mountContainer;
    private final Registration pendingElsewhere;
    private final Registration snapshotContainer;
    private final Registration deviceListener;
    private final Registration unmounts;
    private final @Nullable KeptNodesFollower follower;
    private final @Nullable KeptLogFollower logFollower;
    private final @Nullable KeptFollower snapshotFollower;
    private final @Nullable BackgroundNodeHistory historyWriter;

    @Activate
    public UniconfigService(@Reference final ControllerStores datastores, @Reference final RpcRegistry rpcRegistry,
            @Reference final MountPointRegistry mounts, @Reference final UnifiedDevices devices,
            @Reference final StateBackend backend, @Reference final SextantMetrics metrics,
            @Reference final DeviceOwnership ownership, @Reference final IntentAccess.Policy intentAccess) {
        this(datastores, rpcRegistry, mounts, devices, ControllerSettings.fromSystemProperties()
            .transactionIdleTimeout(), backend, metrics, ownership.instanceId(), intentAccess);
    }

    /**
     * The layer with its nodes, commits, log and snapshots kept in {@code backend} (and those
     * kept earlier loaded now); commits are counted and timed in {@code metrics}.
     *
     * @param instanceId this instance's id among those sharing the database, which begins every
     *     transaction id so that a load balancer keeps a transaction's requests on this instance;
     *     empty for a controller alone
     * @param intentAccess what each request's user may change in nodes' intents, asked by the RPCs
     *     that compute new intents themselves (apply-template, revert-changes,
     *     replace-config-with-snapshot, replace-config-with-operational)
     * @throws IllegalStateException when what was kept cannot be loaded
     */
    public UniconfigService(final ControllerStores datastores, final RpcRegistry rpcRegistry,
            final MountPointRegistry mounts, final UnifiedDevices devices, final Duration transactionIdleTimeout,
            final StateBackend backend, final SextantMetrics metrics, final String instanceId,
            final IntentAccess.Policy intentAccess) {
        executor = Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2),
            runnable -> {
                final Thread thread = new Thread(runnable, "sextant-uniconfig");
                thread.setDaemon(true);
                return thread;
            });
        transactions = new TransactionManager(transactionIdleTimeout, instanceId);
        store = backend.database().<UniconfigStore>map(database -> new DurableUniconfigStore(database,
                COMMIT_END_RETRY, instanceId))
            .orElse(UniconfigStore.inMemory());
        final SnapshotStore snapshotStore;
        try {
            registry = new NodeRegistry(devices, new NodeStatusWriter(datastores.operational()), store, executor);
            snapshotStore = new SnapshotStore(datastores.operational(), store);
        } catch (OperationErrorsException e) {
            executor.shutdown();
            store.close();
            throw new IllegalStateException("Cannot load the kept UniConfig state: " + e.getMessage(), e);
        }
        pendingCommits = new PendingCommits(datastores.operational(), store, executor);
        final NodeLocks locks = new NodeLocks(LOCK_TIMEOUT, pendingCommits::heldBy);
        final IntentService intents = new IntentService(registry, locks);
        diffs = new DiffService(registry, intents, transactions);
        syncs = new SyncService(registry, intents, transactions, executor);
        final OperationalTransactionLog log = new OperationalTransactionLog(datastores.operational(), LOG_CAPACITY);
        final List<CommitRecord> keptLog;
        try {
            keptLog = store.loadLog(LOG_CAPACITY);
            // listed at once; what each changed is shown off the start (a long log of large commits takes a while)
            for (CommitRecord kept : keptLog) {
                log.record(kept);
            }
        } catch (Exception e) {
            executor.shutdown();
            store.close();
            throw new IllegalStateException("Cannot load the kept transaction log: " + e.getMessage(), e);
        }
        executor.execute(() -> log.showChanges(keptLog, registry::servedSchema));
        // entries that are no point in the nodes' history: other instances' commits, drift restores
        final TransactionLog shownAndTold = new CommitEvents(log, datastores.events(), datastores.schema());
        // and the commits they log are shown in this instance's log, and told on its commit stream
        logFollower = backend.database().map(database -> new KeptLogFollower(store, log, shownAndTold,
            registry::servedSchema, database.hints()))
            .orElse(null);
        commitEnds = new CommitEnds(store, COMMIT_END_RETRY);
        // and the snapshots they create and delete are listed here too
        snapshotFollower = backend.database().map(database -> new KeptFollower(database.hints(), ChangeHints.NODES,
            "The snapshots kept through other controller instances", snapshotStore::catchUp)).orElse(null);
        // nodes other instances sharing the database keep from now on are taken here too
        follower = backend.database().map(database -> new KeptNodesFollower(registry, locks, database.hints()))
            .orElse(null);
        final HistorySettings historySettings = HistorySettings.from(System.getProperties());
        // in the database, a commit's points are written after it answers (a full copy of a large
        // router costs about a second); in memory they are only held, at once
        historyWriter = backend.database().map(database -> new BackgroundNodeHistory(new DurableNodeHistory(
            database, historySettings, Clock.systemUTC()))).orElse(null);
        final NodeHistory nodeHistory = historyWriter != null ? historyWriter
            : new InMemoryNodeHistory(historySettings, Clock.systemUTC());
        final CommitPush push = new CommitPush(registry, new CommitEvents(new HistoryLog(log, nodeHistory, registry),
            datastores.events(), datastores.schema()), executor, commitEnds, metrics, pendingCommits);
        commits = new CommitService(registry, locks, intents, transactions, syncs, push, executor, metrics,
            pendingCommits);
        reverts = new RevertService(registry, locks, transactions, nodeHistory, log::shown);
        history = new HistoryService(registry, nodeHistory);
        historyRpcs = new HistoryRpcs(reverts, history, intentAccess, rpcRegistry);
        snapshots = new SnapshotService(registry, intents, transactions, snapshotStore);
        rpcs = new UniconfigRpcs(registry, diffs, syncs, snapshots, transactions, intentAccess,
            rpcRegistry);
        gateRpcs = new GateRpcs(commits, intentAccess, rpcRegistry);
        templateStore = new TemplateStore(datastores.config());
        final NodeEdits nodeEdits = new NodeEdits(registry, locks, transactions);
        templates = new TemplateService(registry, nodeEdits, templateStore);
        templateRpcs = new TemplateRpcs(templates, intentAccess, rpcRegistry);
        copies = new CopyService(registry, nodeEdits);
        preProvisioning = new PreProvisioning(datastores.config(), datastores.operational(),
            new PreProvisioning.Services(registry, templates, commits, transactions), executor, Clock.systemUTC());
        copyRpcs = new CopyRpcs(copies, intentAccess, rpcRegistry);
        driftPolicies = new DriftPolicies(datastores.config(), devices);
        // a restore is logged as a commit is (no intent changed: no point in the nodes' history)
        final DriftRestore restorer = new DriftRestore(registry, shownAndTold, executor, Clock.systemUTC());
        drift = new DriftWatch(datastores.events(), registry, syncs::compare, pendingCommits::heldBy, driftPolicies,
            restorer, executor, DriftWatch.interval(System.getProperties()));
        mountContainer = mounts.registerMountContainer(TopologyPaths.CONFIGURATION);
        // the gated commits waiting in other instances sharing the database are listed here too
        pendingElsewhere = mounts.registerStateOwner(new PendingCommitsElsewhere(store, pendingCommits::waits));
        snapshotContainer = mounts.registerMountContainer(TopologyPaths.SNAPSHOT_CONFIGURATION);
        mount = mounts.register(new UniconfigMount(registry, intents, transactions, snapshotStore));
        // an unmount (made here, or through another instance and applied here) takes the UniConfig node with it
        unmounts = datastores.config().registerListener(YangInstanceIdentifier.of(TopologyPaths.NETWORK_TOPOLOGY),
            candidate -> {
                final Set<String> gone = UnmountedNodes.of(candidate);
                if (!gone.isEmpty()) {
                    executor.execute(() -> gone.forEach(registry::unmounted));
                }
            });
        deviceListener = devices.addListener(new UnifiedDevices.Listener() {
            @Override
            public void connected(final UnifiedDevice device) {
                // on the layer's executor: neither the device's thread nor, for the devices connected
                // before this listener, the starting thread waits for a node's claim and its database read
                try {
                    executor.execute(() -> taken(device));
                } catch (RejectedExecutionException e) {
                    // the layer is closing
                }
            }

            private void taken(final UnifiedDevice device) {
                CompletionStage<Void> taking;
                try {
                    taking = registry.deviceConnected(device);
                } catch (RuntimeException e) {
                    taking = CompletableFuture.failedFuture(e);
                }
                taking.whenComplete((ok, error) -> {
                    if (error != null) {
                        LOG.warn("First sync of {} failed (listed with its sync-error under topology=uniconfig; "
                            + "sync-from-network or its next connection tries again)", device.nodeId(), error);
                    } else {
                        preProvisioning.nodeReady(device.nodeId());
                    }
                });
            }

            @Override
            public void disconnected(final String nodeId) {
                // the node and its intent stay; commits to it fail until the device is back
            }

            @Override
            public void configurationTouched(final String nodeId) {
                // as after a device's netconf-config-change: the drift policies decide what a change means
                drift.check(nodeId);
            }

            @Override
            public void schemasKnown() {
                // an adapter started after this layer: kept nodes in its schemas need not wait for devices
                executor.execute(registry::restoreKnown);
            }
        });
    }

    /** Ids of the nodes in topology=uniconfig. */
    public Set<String> nodeIds() {
        return registry.nodeIds();
    }

    /** The schema of a node's configuration. */
    public Optional<EffectiveModelContext> schemaOf(final String nodeId) {
        return registry.node(nodeId).map(UniconfigNode::schema);
    }

    /** calculate-diff and dry-run. */
    public DiffService diffs() {
        return diffs;
    }

    /** commit and checked-commit. */
    public CommitService commits() {
        return commits;
    }

    /** sync-from-network, compare-config, is-in-sync, replace-config-with-operational. */
    public SyncService syncs() {
        return syncs;
    }

    public SnapshotService snapshots() {
        return snapshots;
    }

    /** revert-changes. */
    public RevertService reverts() {
        return reverts;
    }

    /** The nodes' history: points, comparisons. */
    public HistoryService history() {
        return history;
    }

    /** apply-template, and the stored templates. */
    public TemplateService templates() {
        return templates;
    }

    /** copy-one-to-many. */
    public CopyService copies() {
        return copies;
    }

    /** Open a transaction for {@code user} with the default idle timeout; its id. */
    /** The stored drift policies, by name. */
    public List<DriftPolicy> driftPolicies() {
        return driftPolicies.all();
    }

    /** The pre-provisioning entries waiting to be applied, by node id, with their last failure. */
    public List<PreProvisionedNode> preProvisioned() {
        return preProvisioning.all();
    }

    public String createTransaction(final String user) {
        return transactions.create(user, null);
    }

    public boolean closeTransaction(final String id) {
        return transactions.close(id);
    }

    // test access to the layer's internals
    NodeRegistry registry() {
        return registry;
    }

    TransactionManager transactions() {
        return transactions;
    }

    /** Stop taking what other instances keep (a test of the version check alone). */
    void stopFollowing() {
        if (follower != null) {
            follower.close();
        }
    }

    @Deactivate
    @Override
    public void close() {
        if (follower != null) {
            follower.close();
        }
        if (logFollower != null) {
            logFollower.close();
        }
        if (snapshotFollower != null) {
            snapshotFollower.close();
        }
        drift.close();
        driftPolicies.close();
        unmounts.close();
        deviceListener.close();
        mount.close();
        snapshotContainer.close();
        mountContainer.close();
        pendingElsewhere.close();
        copyRpcs.close();
        templateRpcs.close();
        preProvisioning.close();
        templateStore.close();
        rpcs.close();
        gateRpcs.close();
        historyRpcs.close();
        // a gated commit waiting for confirmation is put back now, not left on the devices until the next start
        pendingCommits.putBackAll(STOP_PUT_BACK);
        transactions.close();
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // after the commits under way: their points in the nodes' history are written
        if (historyWriter != null) {
            historyWriter.close();
        }
        // after the commits under way: their ends are recorded, or owed and tried once more here
        commitEnds.close();
        store.close();
    }
}
