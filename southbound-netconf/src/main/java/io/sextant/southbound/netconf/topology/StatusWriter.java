package io.sextant.southbound.netconf.topology;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes node status entries to the operational datastore. Updates are coalesced per node and
 * written in batches, one transaction per batch, by one thread: when thousands of devices
 * connect at once, each node's latest status is written, in few transactions.
 */
final class StatusWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);

    private final DataStore operational;
    private final String topologyId;
    private final Map<String, Optional<MapEntryNode>> pending = new ConcurrentHashMap<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-netconf-status");
        thread.setDaemon(true);
        return thread;
    });

    StatusWriter(final DataStore operational, final String topologyId) {
        this.operational = operational;
        this.topologyId = topologyId;
    }

    void put(final String nodeId, final MapEntryNode entry) {
        pending.put(nodeId, Optional.of(entry));
        schedule();
    }

    void remove(final String nodeId) {
        pending.put(nodeId, Optional.empty());
        schedule();
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) {
            executor.execute(this::flush);
        }
    }

    private void flush() {
        scheduled.set(false);
        final List<Map.Entry<String, Optional<MapEntryNode>>> batch = new ArrayList<>();
        for (var entry : pending.entrySet()) {
            if (pending.remove(entry.getKey(), entry.getValue())) {
                batch.add(entry);
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            operational.update(tx -> {
                for (var entry : batch) {
                    final YangInstanceIdentifier path = TopologyModel.node(topologyId, entry.getKey());
                    if (entry.getValue().isPresent()) {
                        tx.put(path, entry.getValue().get());
                    } else {
                        tx.remove(path);
                    }
                }
            });
        } catch (OperationErrorsException e) {
            // an update cannot conflict with other writers: the entries do not fit the schema
            LOG.error("Cannot write the status of {} NETCONF nodes", batch.size(), e);
        }
    }

    /** Wait until everything submitted so far is written. */
    void sync() {
        try {
            executor.submit(this::flush).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("Status writer did not drain", e);
        }
    }

    @Override
    public void close() {
        sync();
        executor.shutdown();
    }
}
