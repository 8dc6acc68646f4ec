package io.sextant.controller;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.service.ControllerInfo;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RpcRegistry;
import io.sextant.restconf.RestconfService;
import io.sextant.southbound.cli.session.DefaultCliConnector;
import io.sextant.southbound.cli.topology.CliTopology;
import io.sextant.southbound.netconf.NetconfSettings;
import io.sextant.southbound.netconf.NetconfTopology;
import io.sextant.translation.CliDevices;
import io.sextant.translation.ConfigCoverageRpc;
import io.sextant.translation.DefaultTranslationUnitRegistry;
import io.sextant.translation.unified.CliUnifiedDevices;
import io.sextant.uniconfig.UniconfigService;
import io.sextant.unified.UnifiedDeviceRegistry;
import io.sextant.unified.netconf.NetconfUnifiedDevices;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The whole controller assembled with {@code new}, in dependency order, for tests and
 * benchmarks. The Karaf distribution runs the same component classes under OSGi Declarative
 * Services. {@link #close()} stops the components in reverse start order.
 */
public final class Sextant implements AutoCloseable {
    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private final Datastores datastores;
    private final RpcRegistry rpcs;
    private final MountPointRegistry mounts;
    private final UnifiedDeviceRegistry devices;
    private final NetconfTopology netconf;
    private final UniconfigService uniconfig;
    private final CliTopology cli;
    private final RestconfService restconf;
    private final StatusService status;

    private Sextant(final ControllerSettings settings) throws InterruptedException {
        try {
            datastores = started(new Datastores());
            rpcs = new RpcRegistry();
            mounts = new MountPointRegistry();
            devices = new UnifiedDeviceRegistry();
            netconf = started(NetconfTopology.withDefaultParser(datastores, mounts, rpcs,
                NetconfSettings.of(settings.dataDir())));
            started(new NetconfUnifiedDevices(netconf, devices));
            uniconfig = started(new UniconfigService(datastores, rpcs, mounts, devices,
                settings.transactionIdleTimeout()));
            final DefaultTranslationUnitRegistry units = DefaultTranslationUnitRegistry.withServiceLoader();
            final DefaultCliConnector cliConnector = started(new DefaultCliConnector());
            cli = started(new CliTopology(datastores, cliConnector, units));
            final CliDevices cliDevices = new CliDevices(cli, units);
            started(new CliUnifiedDevices(cliDevices, devices));
            started(new ConfigCoverageRpc(rpcs, cliDevices));
            status = started(new StatusService(datastores, List.of(netconf, cli)));
            restconf = started(new RestconfService(datastores, rpcs, mounts, settings));
        } catch (InterruptedException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Start every component; RESTCONF listens per {@code settings} (port 0: a free port). */
    public static Sextant start(final ControllerSettings settings) throws InterruptedException {
        return new Sextant(settings);
    }

    private <T extends AutoCloseable> T started(final T component) {
        started.push(component);
        return component;
    }

    public Datastores datastores() {
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

    /** The NETCONF southbound: mounted devices, their status and sessions. */
    public NetconfTopology netconf() {
        return netconf;
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

    public int restconfPort() {
        return restconf.port();
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
