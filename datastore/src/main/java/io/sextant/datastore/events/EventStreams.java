package io.sextant.datastore.events;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's event streams and the bus that carries them. Publishers (the commit service, the node
 * status, the NETCONF southbound) call {@link #publish(Event)} on their own thread: it only offers the event
 * to each reader's bounded queue and never blocks, never waits for a reader and never fails, so a slow or
 * stuck reader cannot slow the controller down; it is cut off instead ({@link Subscription}).
 */
public final class EventStreams {
    private static final Logger LOG = LoggerFactory.getLogger(EventStreams.class);

    /** Commits that ended ({@code sextant-events:commit-finished}). */
    public static final String COMMITS = "sextant-commits";
    /** Node status changes ({@code sextant-events:node-status-changed}). */
    public static final String NODE_STATUS = "sextant-node-status";
    /** The notifications devices send, each in its device's schema. */
    public static final String DEVICE_NOTIFICATIONS = "device-notifications";
    /** The system property that sets {@link #DEFAULT_MAX_QUEUED}. */
    public static final String MAX_QUEUED_PROPERTY = "sextant.events.max-queued";
    /** Events that may wait for one reader before it is cut off. */
    public static final int DEFAULT_MAX_QUEUED = 1000;

    /**
     * One stream.
     *
     * @param name its name in {@code restconf-state/streams}
     * @param description what it carries
     * @param notification the one notification it carries; null when it carries any (device notifications)
     */
    public record Stream(String name, String description, @Nullable QName notification) {
    }

    private static final List<Stream> STREAMS = List.of(
        new Stream(COMMITS, "Commits and checked-commits that ended: id, user, nodes, outcome "
            + "(sextant-events:commit-finished)", EventNames.COMMIT_FINISHED),
        new Stream(NODE_STATUS, "Node status changes: device connections and UniConfig sync status "
            + "(sextant-events:node-status-changed)", EventNames.NODE_STATUS_CHANGED),
        new Stream(DEVICE_NOTIFICATIONS, "The NETCONF notifications devices send, with their node id",
            null));

    private final CopyOnWriteArrayList<Subscription> subscriptions = new CopyOnWriteArrayList<>();
    private final int maxQueued;
    private final EffectiveModelContext schema;

    /**
     * Readers cut off after {@code maxQueued} events waiting.
     *
     * @param schema the controller's schema, in which its own notifications are defined
     */
    public EventStreams(final int maxQueued, final EffectiveModelContext schema) {
        if (maxQueued < 1) {
            throw new IllegalArgumentException("At least one event must be allowed to wait: " + maxQueued);
        }
        this.maxQueued = maxQueued;
        this.schema = schema;
    }

    /** The limit from {@value #MAX_QUEUED_PROPERTY}, else {@value #DEFAULT_MAX_QUEUED}. */
    public static EventStreams fromSystemProperties(final EffectiveModelContext schema) {
        return new EventStreams(Integer.getInteger(MAX_QUEUED_PROPERTY, DEFAULT_MAX_QUEUED), schema);
    }

    /** The controller's schema: that of the notifications of its own streams. */
    public EffectiveModelContext schema() {
        return schema;
    }

    /** Every stream, in the order they are listed. */
    public List<Stream> streams() {
        return STREAMS;
    }

    public Optional<Stream> stream(final String name) {
        return STREAMS.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /**
     * Start reading {@code stream}: events {@code filter} accepts wait for the reader in a queue of its own.
     *
     * @param ready run (on the publisher's thread: it must not block) when an event is waiting, and once when
     *     the reader is cut off
     * @throws IllegalArgumentException when there is no such stream
     */
    public Subscription subscribe(final String stream, final Predicate<Event> filter, final Runnable ready) {
        if (stream(stream).isEmpty()) {
            throw new IllegalArgumentException("No event stream " + stream);
        }
        final Subscription subscription = new Subscription(this, stream, filter, maxQueued, ready);
        subscriptions.add(subscription);
        return subscription;
    }

    /** Offer {@code event} to the readers of its stream; never blocks. */
    public void publish(final Event event) {
        for (Subscription subscription : subscriptions) {
            if (subscription.stream().equals(event.stream())) {
                try {
                    subscription.offer(event);
                } catch (RuntimeException e) {
                    LOG.warn("A reader of stream {} failed to take an event; it is closed", event.stream(), e);
                    subscription.close();
                }
            }
        }
    }

    /** Readers subscribed now. */
    public int subscribers() {
        return subscriptions.size();
    }

    void remove(final Subscription subscription) {
        subscriptions.remove(subscription);
    }
}
