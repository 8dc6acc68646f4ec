package io.sextant.controller;

import io.sextant.spi.Registration;
import io.sextant.metrics.SextantMetrics;
import io.sextant.southbound.netconf.NetconfDeviceListener;
import io.sextant.southbound.netconf.NetconfDeviceSession;
import io.sextant.southbound.netconf.NetconfDevices;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Counts NETCONF sessions lost while their node stays mounted (the node then reconnects):
 * {@code sextant_device_reconnects_total{protocol="netconf"}}. An unmount is not counted.
 */
@Component(service = DeviceReconnects.class, immediate = true)
public final class DeviceReconnects implements NetconfDeviceListener, AutoCloseable {
    private final SextantMetrics metrics;
    private final Registration registration;

    @Activate
    public DeviceReconnects(@Reference final NetconfDevices devices, @Reference final SextantMetrics metrics) {
        this.metrics = metrics;
        this.registration = devices.registerListener(this);
    }

    @Override
    public void onConnected(final NetconfDeviceSession session) {
        // counted when lost
    }

    @Override
    public void onDisconnected(final String nodeId, final boolean removed) {
        if (!removed) {
            metrics.deviceReconnect("netconf");
        }
    }

    @Deactivate
    @Override
    public void close() {
        registration.close();
    }
}
