package io.sextant.southbound.netconf;

import io.sextant.southbound.netconf.client.DefaultDeviceSession;
import io.sextant.southbound.netconf.client.NodeConnector;
import io.sextant.southbound.netconf.client.NodeSettings;
import io.sextant.southbound.netconf.topology.TopologySupport;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The events of one node's connector: its status to the operational datastore, its sessions to
 * the topology's listeners (a listener that fails is logged and the others still hear of it).
 */
final class ConnectorEvents implements NodeConnector.Events {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectorEvents.class);

    private final TopologySupport support;
    private final List<NetconfDeviceListener> listeners;
    private final NodeSettings settings;
    private final BooleanSupplier owner;

    /**
     * @param listeners the topology's listeners, read at each event (those registered later hear
     *     later events)
     * @param owner whether this controller instance holds the node's lease in the term the
     *     connector was made for
     */
    ConnectorEvents(final TopologySupport support, final List<NetconfDeviceListener> listeners,
            final NodeSettings settings, final BooleanSupplier owner) {
        this.support = support;
        this.listeners = listeners;
        this.settings = settings;
        this.owner = owner;
    }

    @Override
    public boolean mayAct() {
        return owner.getAsBoolean();
    }

    @Override
    public void statusChanged(final NodeStatus status) {
        support.writeStatus(status, settings);
    }

    @Override
    public void connected(final DefaultDeviceSession session) {
        listeners.forEach(listener -> notify(() -> listener.onConnected(session)));
    }

    @Override
    public void disconnected(final String nodeId, final boolean removed) {
        listeners.forEach(listener -> notify(() -> listener.onDisconnected(nodeId, removed)));
    }

    /** Run one listener call; its failure is logged and stays its own. */
    static void notify(final Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.error("A NETCONF device listener failed", e);
        }
    }
}
