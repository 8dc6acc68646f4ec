package io.sextant.controller;

import io.sextant.datastore.ControllerStores;
import io.sextant.datastore.events.EventStreams;
import io.sextant.datastore.events.NodeStatusEvents;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.NodeStateReport;
import io.sextant.persistence.PersistenceException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code sextant-node-status} stream of this instance tells the connection status changes of
 * the devices other controller instances sharing the database connect, not only of its own: every
 * {@link #INTERVAL} it reads the states they reported since the last round
 * ({@link DeviceOwnership#reportedElsewhereAfter}, a window overlapping the last one, since a
 * report's time is its transaction's start) and publishes a {@code node-status-changed} for each
 * node whose status differs from the one it last told (the first round only learns them). A node's
 * changes in this instance's own state are told by {@link NodeStatusEvents} as before. In memory,
 * or alone, nothing is read.
 */
@Component(service = NodeStatusElsewhereEvents.class, immediate = true)
public final class NodeStatusElsewhereEvents implements AutoCloseable {
    /** How often the other instances' reports are read. */
    static final Duration INTERVAL = Duration.ofSeconds(1);
    /** How far each round reads back before the newest report seen (reports commit out of order). */
    private static final Duration OVERLAP = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(NodeStatusElsewhereEvents.class);

    private record Key(String topologyId, String nodeId) {
    }

    private final DeviceOwnership ownership;
    private final EventStreams bus;
    private final EffectiveModelContext schema;
    /** The status last told (or learnt in the first round) of each node another instance reported. */
    private final Map<Key, String> told = new HashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-node-status-elsewhere");
        thread.setDaemon(true);
        return thread;
    });
    private Instant newest = Instant.EPOCH;
    private boolean learnt;

    @Activate
    public NodeStatusElsewhereEvents(@Reference final DeviceOwnership ownership,
            @Reference final ControllerStores datastores) {
        this(ownership, datastores.events(), datastores.schema());
    }

    NodeStatusElsewhereEvents(final DeviceOwnership ownership, final EventStreams bus,
            final EffectiveModelContext schema) {
        this.ownership = ownership;
        this.bus = bus;
        this.schema = schema;
        if (!ownership.instanceId().isEmpty()) {
            timer.scheduleWithFixedDelay(this::round, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void round() {
        if (learnt && ownership.sole()) {
            return;
        }
        final List<NodeStateReport> reports;
        try {
            reports = ownership.reportedElsewhereAfter(newest.minus(OVERLAP));
        } catch (PersistenceException e) {
            LOG.debug("The other controller instances' node states are not read now: {}", e.getMessage());
            return;
        } catch (RuntimeException e) {
            LOG.warn("The other controller instances' node states could not be read", e);
            return;
        }
        for (NodeStateReport report : reports) {
            final String before = told.put(new Key(report.topologyId(), report.nodeId()), report.status());
            if (learnt && !report.status().equals(before)) {
                bus.publish(NodeStatusEvents.event(report.reported(), report.topologyId(), report.nodeId(), before,
                    report.status(), schema));
            }
            if (report.reported().isAfter(newest)) {
                newest = report.reported();
            }
        }
        learnt = true;
    }

    @Deactivate
    @Override
    public void close() {
        timer.shutdownNow();
    }
}
