package io.sextant.datastore;

import io.sextant.datastore.events.EventStreams;
import io.sextant.datastore.events.NodeStatusEvents;
import io.sextant.datastore.events.StreamsState;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.Database;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import io.sextant.spi.DataService;
import io.sextant.spi.OperationErrorsException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The controller's two datastores, configuration and operational, on the controller's
 * schema, and the {@link StoreDataService} over them. Change listeners of both stores run on
 * one thread, in commit order. The controller's event streams ({@link EventStreams}) live here too, so that
 * every layer that has the stores can publish to them.
 */
@Component(service = ControllerStores.class)
public final class ControllerStores implements AutoCloseable {
    private final ExecutorService notifications = Executors.newSingleThreadExecutor(runnable -> {
        final Thread thread = new Thread(runnable, "sextant-datastore-listeners");
        thread.setDaemon(true);
        return thread;
    });
    private final InMemoryDataStore config;
    private final InMemoryDataStore operational;
    private final StoreDataService data;
    private final @Nullable DurableConfig durable;
    private final @Nullable KeptConfigFollower follower;
    private final EventStreams events;
    private final EffectiveModelContext schema;

    /** On the controller's own schema (parsed once per process), in memory. */
    public ControllerStores() {
        this(ControllerSchema.get(), StateBackend.inMemory());
    }

    /**
     * On {@code schema}, the configuration kept in {@code backend} (and loaded from it now).
     * Under OSGi, the controller schema the model bundle publishes (its parser is a service
     * there, so the schema must come from that component), and the backend the persistence
     * bundle publishes once it can be used.
     *
     * @throws IllegalStateException when the kept configuration cannot be loaded
     */
    @Activate
    public ControllerStores(@Reference(target = "(sextant.schema=controller)") final EffectiveModelContext schema,
            @Reference final StateBackend backend) {
        this.schema = schema;
        this.events = EventStreams.fromSystemProperties(schema);
        durable = backend.database().map(DurableConfig::new).orElse(null);
        config = new InMemoryDataStore(StoreType.CONFIGURATION, schema, notifications, true,
            durable != null ? durable : CommitJournal.NONE);
        operational = new InMemoryDataStore(StoreType.OPERATIONAL, schema, notifications);
        data = new StoreDataService(config, operational);
        StreamsState.publish(events, operational);
        operational.registerListener(NodeStatusEvents.TOPOLOGIES, new NodeStatusEvents(events, schema));
        final Database database = backend.database().orElse(null);
        if (durable != null && database != null) {
            final long horizon;
            try {
                horizon = durable.load(config);
            } catch (PersistenceException | OperationErrorsException e) {
                notifications.shutdown();
                durable.close();
                throw new IllegalStateException("Cannot load the kept configuration: " + e.getMessage(), e);
            }
            // what other instances sharing the database keep from now on comes here too
            follower = new KeptConfigFollower(database, durable, horizon);
        } else {
            follower = null;
        }
    }

    /** The controller's schema, that of both stores. */
    public EffectiveModelContext schema() {
        return schema;
    }

    public DataStore config() {
        return config;
    }

    public DataStore operational() {
        return operational;
    }

    /** The event streams (RFC 8040 section 6): what the layers publish and RESTCONF readers subscribe to. */
    public EventStreams events() {
        return events;
    }

    /** Configuration and operational data behind one {@link DataService}. */
    public StoreDataService data() {
        return data;
    }

    @Deactivate
    @Override
    public void close() {
        if (follower != null) {
            follower.close();
        }
        if (durable != null) {
            durable.close();
        }
        notifications.shutdown();
        try {
            notifications.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
