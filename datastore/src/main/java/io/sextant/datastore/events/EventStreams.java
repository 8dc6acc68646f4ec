package io.sextant.datastore.events;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * stuck reader cannot slow the controller down; it is cut off instead ({@link Subscription}). Each stream keeps
 * its last events within {@link ReplayLimits} for readers that ask for a replay (RFC 8040 {@code start-time}):
 * publishing and subscribing to one stream take its lock for as long as it takes to keep the event and offer it,
 * or to copy the kept events, so that a replay and the live events that follow it miss nothing and repeat
 * nothing.
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
    private final Map<String, ReplayBuffer> replay = new HashMap<>();
    private final int maxQueued;
    private final EffectiveModelContext schema;
    private final ReplayLimits replayLimits;
    private final Clock clock;
    private final Instant created;
    /** What every event id of this bus begins with: it tells this run's ids from another's. */
    private final String idPrefix;

    /**
     * Readers cut off after {@code maxQueued} events waiting; no replay.
     *
     * @param schema the controller's schema, in which its own notifications are defined
     */
    public EventStreams(final int maxQueued, final EffectiveModelContext schema) {
        this(maxQueued, schema, ReplayLimits.NONE, Clock.systemUTC());
    }

    /**
     * Readers cut off after {@code maxQueued} events waiting, events kept for replay within {@code replayLimits}.
     *
     * @param schema the controller's schema, in which its own notifications are defined
     * @param clock what ages the kept events
     */
    public EventStreams(final int maxQueued, final EffectiveModelContext schema, final ReplayLimits replayLimits,
            final Clock clock) {
        if (maxQueued < 1) {
            throw new IllegalArgumentException("At least one event must be allowed to wait: " + maxQueued);
        }
        this.maxQueued = maxQueued;
        this.schema = schema;
        this.replayLimits = replayLimits;
        this.clock = clock;
        this.created = clock.instant();
        this.idPrefix = Long.toString(created.toEpochMilli(), Character.MAX_RADIX) + "-";
        for (Stream stream : STREAMS) {
            replay.put(stream.name(), new ReplayBuffer(replayLimits));
        }
    }

    /**
     * The queue limit from {@value #MAX_QUEUED_PROPERTY}, else {@value #DEFAULT_MAX_QUEUED}; the replay limits
     * from {@link ReplayLimits#fromSystemProperties()}.
     */
    public static EventStreams fromSystemProperties(final EffectiveModelContext schema) {
        return new EventStreams(Integer.getInteger(MAX_QUEUED_PROPERTY, DEFAULT_MAX_QUEUED), schema,
            ReplayLimits.fromSystemProperties(), Clock.systemUTC());
    }

    /** Whether the streams keep events for replay. */
    public boolean replaySupported() {
        return replayLimits.enabled();
    }

    /** When the replay buffers were created (RFC 8040 {@code replay-log-creation-time}): when the bus was. */
    public Instant replayLogCreationTime() {
        return created;
    }

    /** The time now, as the bus sees it. */
    public Instant now() {
        return clock.instant();
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
        final ReplayBuffer buffer = buffer(stream);
        synchronized (buffer) {
            final Subscription subscription = new Subscription(this, stream, filter, maxQueued, ready, List.of(),
                null, false);
            subscriptions.add(subscription);
            return subscription;
        }
    }

    /**
     * Start reading {@code stream} with a replay: first the kept events at or after {@code start} that
     * {@code filter} accepts, oldest first, then the events published from now on, none missed and none twice.
     *
     * @param ready as for {@link #subscribe(String, Predicate, Runnable)}
     * @throws IllegalArgumentException when there is no such stream
     */
    public Subscription subscribe(final String stream, final Predicate<Event> filter, final Instant start,
            final Runnable ready) {
        final ReplayBuffer buffer = buffer(stream);
        synchronized (buffer) {
            final Instant dropped = buffer.droppedUpTo();
            final Subscription subscription = new Subscription(this, stream, filter, maxQueued, ready,
                buffer.since(start, filter, clock.instant()),
                dropped != null && !dropped.isBefore(start) ? dropped : null, false);
            subscriptions.add(subscription);
            return subscription;
        }
    }

    /**
     * Start reading {@code stream} where a reader that had the event {@code lastEventId} ({@link #id}) left off:
     * first the kept events after it that {@code filter} accepts, oldest first, then the events published from now
     * on. An id that is not one of this bus (another run of the controller, another instance, or not an id at all)
     * replays every kept event ({@link Subscription#unknownLastEvent()}).
     *
     * @param ready as for {@link #subscribe(String, Predicate, Runnable)}
     * @throws IllegalArgumentException when there is no such stream
     */
    public Subscription subscribeAfter(final String stream, final Predicate<Event> filter, final String lastEventId,
            final Runnable ready) {
        final ReplayBuffer buffer = buffer(stream);
        final long last = sequenceOf(lastEventId);
        synchronized (buffer) {
            final long after = last < 0 ? -1 : last;
            final Subscription subscription = new Subscription(this, stream, filter, maxQueued, ready,
                buffer.after(after, filter, clock.instant()),
                buffer.droppedSequence() > after ? buffer.droppedUpTo() : null, last < 0);
            subscriptions.add(subscription);
            return subscription;
        }
    }

    /** The SSE event id of the event numbered {@code sequence}: this bus's creation time and the number. */
    public String id(final long sequence) {
        return idPrefix + sequence;
    }

    /** The number of the event {@code id} names, or -1 when it is not an id of this bus. */
    private long sequenceOf(final String id) {
        if (!id.startsWith(idPrefix)) {
            return -1;
        }
        try {
            return Long.parseLong(id.substring(idPrefix.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Keep {@code event} for replay and offer it to the readers of its stream; never waits for a reader. */
    public void publish(final Event event) {
        final ReplayBuffer buffer = buffer(event.stream());
        synchronized (buffer) {
            final NumberedEvent numbered = buffer.add(event, clock.instant());
            for (Subscription subscription : subscriptions) {
                if (subscription.stream().equals(event.stream())) {
                    try {
                        subscription.offer(numbered);
                    } catch (RuntimeException e) {
                        LOG.warn("A reader of stream {} failed to take an event; it is closed", event.stream(), e);
                        subscription.close();
                    }
                }
            }
        }
    }

    /** The events {@code stream} keeps for replay now. */
    public int kept(final String stream) {
        final ReplayBuffer buffer = buffer(stream);
        synchronized (buffer) {
            return buffer.size();
        }
    }

    private ReplayBuffer buffer(final String stream) {
        final ReplayBuffer buffer = replay.get(stream);
        if (buffer == null) {
            throw new IllegalArgumentException("No event stream " + stream);
        }
        return buffer;
    }

    /** Readers subscribed now. */
    public int subscribers() {
        return subscriptions.size();
    }

    void remove(final Subscription subscription) {
        subscriptions.remove(subscription);
    }
}
