package io.sextant.controller;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.ControllerInfo;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcRegistry;
import io.sextant.metrics.SextantMetrics;
import io.sextant.metrics.prometheus.PrometheusMetrics;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.StateBackend;
import io.sextant.restconf.RestconfService;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.audit.AuditSettings;
import io.sextant.security.auth.PasswordHasher;
import io.sextant.security.secrets.SecretException;
import io.sextant.security.service.AccessControl;
import io.sextant.security.service.AuditService;
import io.sextant.security.service.DeviceSecretsService;
import io.sextant.security.service.HostKeys;
import io.sextant.security.service.SecuritySettings;
import io.sextant.security.tls.TlsMaterialException;
import io.sextant.southbound.cli.session.DefaultCliConnector;
import io.sextant.southbound.cli.raw.RawCli;
import io.sextant.southbound.cli.raw.RawCliRpcs;
import io.sextant.southbound.cli.topology.CliConnectionAudit;
import io.sextant.southbound.cli.topology.CliStateOwner;
import io.sextant.southbound.cli.topology.CliTopology;
import io.sextant.southbound.netconf.NetconfConnectionAudit;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.translation.CliDevices;
import io.sextant.translation.ConfigCoverageRpc;
import io.sextant.translation.DefaultTranslationUnitRegistry;
import io.sextant.translation.unified.CliUnifiedDevices;
import io.sextant.uniconfig.UniconfigService;
import io.sextant.unified.UnifiedDeviceRegistry;
import io.sextant.unified.netconf.NetconfUnifiedDevices;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The whole controller assembled with {@code new}, in dependency order, for tests and
 * benchmarks. The Karaf distribution runs the same component classes under OSGi Declarative
 * Services. {@link #close()} stops the components in reverse start order.
 */
public final class Sextant implements AutoCloseable {
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private final ControllerStores datastores;
    private final RpcRegistry rpcs;
    private final MountPointRegistry mounts;
    private final UnifiedDeviceRegistry devices;
    private final DeviceOwnershipService ownership;
    private final NetconfTopology netconf;
    private final UniconfigService uniconfig;
    private final CliTopology cli;
    private final AuditLog audit;
    private final AccessControl access;
    private final RestconfService restconf;
    private final StatusService status;
    private final SextantMetrics metrics;
    private final String bindHost;
    private final Path dataDir;

    private Sextant(final ControllerSettings settings, final NetconfSettings netconfSettings,
            final SecuritySettings security, final StateBackend backend, final boolean audited)
            throws InterruptedException {
        bindHost = settings.bindHost();
        dataDir = settings.dataDir();
        // built beside the schema: Apache sshd's class initialization takes seconds and needs nothing else
        final CompletableFuture<DefaultCliConnector> cliConnectorAhead = CompletableFuture.supplyAsync(
            DefaultCliConnector::new, Sextant::onStartThread);
        try {
            // the kept state is read while the schema is built; what no component took is dropped at close
            backend.database().ifPresent(database -> started(database.startReads().begin()));
            metrics = new PrometheusMetrics();
            datastores = started(new ControllerStores(ControllerSchema.get(), backend));
            rpcs = new RpcRegistry();
            audit = audited ? started(new AuditService(settings.dataDir(), backend, AuditSettings.fromSystemProperties()))
                : AuditLog.NONE;
            access = started(new AccessControl(datastores.config(), rpcs, settings, security, new PasswordHasher(),
                System.out::println, audit));
            final DeviceSecretsService secrets = started(new DeviceSecretsService(datastores.config(),
                DeviceSecretsService.keyRing(settings.dataDir(), System.getenv())));
            final HostKeys hostKeys = started(new HostKeys(backend, rpcs, audit, HostKeys.ACCEPT_TIMEOUT));
            mounts = new MountPointRegistry();
            devices = new UnifiedDeviceRegistry();
            // its first claim before the southbounds start: kept nodes are owned and connect at once
            ownership = started(new DeviceOwnershipService(backend, settings, System.getProperties()));
            // and the connection status changes of the devices the other instances connect are told here too
            started(new NodeStatusElsewhereEvents(ownership, datastores));
            // kept nodes' sessions wait until RESTCONF serves: 10,000 set-ups would take the cores of the start
            netconf = started(NetconfTopology.withSessionsHeld(datastores, mounts, rpcs, secrets,
                netconfSettings, hostKeys, backend, ownership));
            started(new NetconfConnectionAudit(netconf, audit));
            started(new DeviceReconnects(netconf, metrics));
            started(new NetconfUnifiedDevices(netconf, devices));
            final DefaultTranslationUnitRegistry units = DefaultTranslationUnitRegistry.withServiceLoader();
            final DefaultCliConnector cliConnector = started(cliConnectorAhead.join());
            cli = started(new CliTopology(datastores, cliConnector, units, secrets, hostKeys, ownership));
            started(new CliConnectionAudit(cli, audit));
            started(new CliStateOwner(mounts, cli, ownership));
            final CliDevices cliDevices = new CliDevices(cli, units);
            started(new CliUnifiedDevices(cliDevices, devices));
            started(new ConfigCoverageRpc(rpcs, cliDevices));
            started(new RawCliRpcs(rpcs, new RawCli(cli, datastores, audit)));
            // after both adapters: kept nodes in their schemas are served from the start
            uniconfig = started(new UniconfigService(datastores, rpcs, mounts, devices,
                settings.transactionIdleTimeout(), backend, metrics, ownership.instanceId(), access));
            status = started(new StatusService(datastores, List.of(netconf, cli), backend, metrics, ownership));
            restconf = started(new RestconfService(datastores, rpcs, mounts, access, settings, security, metrics,
                new ReadinessService(backend, ownership)));
            netconf.startSessions();
        } catch (TlsMaterialException e) {
            closeUnstarted(cliConnectorAhead);
            close();
            throw new IllegalArgumentException(e.getMessage(), e);
        } catch (SecretException e) {
            closeUnstarted(cliConnectorAhead);
            close();
            throw new IllegalStateException("Device secrets: " + e.getMessage(), e);
        } catch (InterruptedException | RuntimeException e) {
            closeUnstarted(cliConnectorAhead);
            close();
            throw e;
        }
    }

    /** Runs {@code task} on a daemon thread of its own, beside the starting thread. */
    private static void onStartThread(final Runnable task) {
        final Thread thread = new Thread(task, "sextant-start");
        thread.setDaemon(true);
        thread.start();
    }

    /** Closes the connector built beside a start that failed before it took the connector. */
    private void closeUnstarted(final CompletableFuture<DefaultCliConnector> connector) {
        if (connector.isDone() && !connector.isCompletedExceptionally() && started.contains(connector.join())) {
            return;
        }
        connector.thenAccept(DefaultCliConnector::close);
    }

    /** Start every component, state in memory; RESTCONF listens per {@code settings} (port 0: a free port). */
    public static Sextant start(final ControllerSettings settings) throws InterruptedException {
        return start(settings, netconfSettings(settings));
    }

    /** As {@link #start(ControllerSettings)}, the NETCONF southbound per {@code netconf}. */
    public static Sextant start(final ControllerSettings settings, final NetconfSettings netconf)
            throws InterruptedException {
        return new Sextant(settings, netconf, SecuritySettings.DEFAULTS, StateBackend.inMemory(), true);
    }

    /** The NETCONF settings as the Karaf distribution takes them: {@code sextant.netconf.*} system properties. */
    private static NetconfSettings netconfSettings(final ControllerSettings settings) {
        return NetconfSettings.fromSystemProperties(settings.dataDir());
    }

    /**
     * Start every component with the state kept in {@code backend} (what it kept before is
     * loaded first). The caller owns the backend's database and closes it after this.
     */
    public static Sextant start(final ControllerSettings settings, final StateBackend backend)
            throws InterruptedException {
        return new Sextant(settings, netconfSettings(settings), SecuritySettings.DEFAULTS, backend, true);
    }

    /** Every component with the state kept in {@code backend}, authenticating and listening per {@code security}. */
    public static Sextant start(final ControllerSettings settings, final SecuritySettings security,
            final StateBackend backend) throws InterruptedException {
        return new Sextant(settings, netconfSettings(settings), security, backend, true);
    }

    /**
     * As {@link #start(ControllerSettings, SecuritySettings, StateBackend)} but recording no audit
     * records at all: only for the benchmark that measures what auditing costs
     * ({@code put-get --compare-security}); nothing else may start a controller without its audit log.
     */
    static Sextant startUnauditedForBenchmark(final ControllerSettings settings, final SecuritySettings security,
            final StateBackend backend) throws InterruptedException {
        return new Sextant(settings, netconfSettings(settings), security, backend, false);
    }

    private <T extends AutoCloseable> T started(final T component) {
        started.push(component);
        return component;
    }

    public ControllerStores datastores() {
        return datastores;
    }

    public RpcRegistry rpcs() {
        return rpcs;
    }

    public MountPointRegistry mounts() {
        return mounts;
    }

    public UnifiedDeviceRegistry devices() {
        return devices;
    }

    /** Which nodes' devices this instance connects: all of them in memory, its leases with PostgreSQL. */
    public DeviceOwnershipService ownership() {
        return ownership;
    }

    /** The NETCONF southbound: mounted devices, their status and sessions. */
    public NetconfTopology netconf() {
        return netconf;
    }

    /** Users, their authentication and the NACM rules in force. */
    public AccessControl access() {
        return access;
    }

    /** The audit log every component records to. */
    public AuditLog audit() {
        return audit;
    }

    public UniconfigService uniconfig() {
        return uniconfig;
    }

    public CliTopology cli() {
        return cli;
    }

    public ControllerInfo status() {
        return status;
    }

    /** What the controller counts and times, served at {@code GET /metrics} (off with {@code -Dsextant.metrics=off}). */
    public SextantMetrics metrics() {
        return metrics;
    }

    public int restconfPort() {
        return restconf.port();
    }

    /** Where the controller keeps its files (password, certificate, keys, logs). */
    public Path dataDir() {
        return dataDir;
    }

    /** Where RESTCONF is reached: {@code https://host:port} (or {@code http://} with plain HTTP). */
    public URI restconfUri() {
        return URI.create((restconf.certificate().isPresent() ? "https" : "http") + "://" + bindHost + ":"
            + restconf.port());
    }

    /** Stops every component, newest first; a component that fails to stop does not keep the others up. */
    @Override
    public void close() {
        IllegalStateException failure = null;
        while (!started.isEmpty()) {
            final AutoCloseable component = started.pop();
            try {
                component.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = new IllegalStateException("Failed to stop " + component, e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
