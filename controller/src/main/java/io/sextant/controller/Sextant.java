package io.sextant.controller;

import io.sextant.datastore.Datastores;
import io.sextant.datastore.service.ControllerInfo;
import io.sextant.datastore.service.ControllerSettings;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.RpcRegistry;
import io.sextant.restconf.RestconfService;
import io.sextant.uniconfig.UniconfigService;
import io.sextant.unified.UnifiedDeviceRegistry;
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
    private final UniconfigService uniconfig;
    private final RestconfService restconf;
    private final StatusService status;

    private Sextant(final ControllerSettings settings) throws InterruptedException {
        try {
            datastores = started(new Datastores());
            rpcs = new RpcRegistry();
            mounts = new MountPointRegistry();
            devices = new UnifiedDeviceRegistry();
            uniconfig = started(new UniconfigService(datastores, rpcs, mounts, devices,
                settings.transactionIdleTimeout()));
            status = new StatusService(datastores, List.of());
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

    public UniconfigService uniconfig() {
        return uniconfig;
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
