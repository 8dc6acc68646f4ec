package io.sextant.southbound.netconf;

import io.sextant.datastore.events.Event;
import io.sextant.datastore.events.EventStreams;
import io.sextant.southbound.netconf.xml.NetconfXml;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Subscribes to the notifications of every connected device that offers them (RFC 5277 capability) on the
 * session the controller uses, when the device also interleaves operations with notifications, and
 * publishes each one on the {@code device-notifications} stream, in the device's schema and with its node id.
 * A session that comes back is subscribed again. Publishing never blocks the session.
 */
final class DeviceNotifications implements NetconfDeviceListener {
    private static final Logger LOG = LoggerFactory.getLogger(DeviceNotifications.class);

    private final EventStreams bus;

    DeviceNotifications(final EventStreams bus) {
        this.bus = bus;
    }

    @Override
    public void onConnected(final NetconfDeviceSession session) {
        if (!session.capabilities().has(NetconfXml.NOTIFICATION_CAPABILITY)
                || !session.capabilities().has(NetconfXml.INTERLEAVE_CAPABILITY)) {
            // without :interleave a device may refuse every other operation on a subscribed session
            return;
        }
        final String nodeId = session.nodeId();
        session.subscribeNotifications((time, body) -> bus.publish(new Event(EventStreams.DEVICE_NOTIFICATIONS,
            time, List.of(nodeId), session.schema(), body)))
            .whenComplete((ok, failure) -> {
                if (failure != null) {
                    LOG.info("Node {}: no device notifications: create-subscription failed: {}", nodeId,
                        failure.getMessage());
                } else {
                    LOG.debug("Node {}: subscribed to the device's notifications", nodeId);
                }
            });
    }

    @Override
    public void onDisconnected(final String nodeId, final boolean removed) {
        // the subscription ends with the session
    }
}
