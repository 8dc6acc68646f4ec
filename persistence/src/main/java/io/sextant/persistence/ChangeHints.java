package io.sextant.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.jdt.annotation.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells this controller instance when another instance may have changed kept state it caches.
 * One thread listens ({@code LISTEN}) on a connection of its own, outside the pool, for the
 * notifications the database's triggers send when a write of those tables commits (migration
 * V6), and runs the catch-ups subscribed to the channel notified. A notification is only a hint:
 * it carries nothing, and each catch-up reads from the tables what changed since what it last
 * read. Notifications sent while the connection is down are lost, so every catch-up also runs
 * when the connection is (re)opened, and every {@code fallback} whatever was heard.
 *
 * <p>Nothing runs until the first {@link #subscribe}; {@link Database#close()} stops it.
 */
public final class ChangeHints implements AutoCloseable {
    /** Writes of the configuration datastore's rows ({@code config_entry}). */
    public static final String CONFIG = "sextant_config";
    /** Writes of UniConfig nodes' configurations ({@code node_config}). */
    public static final String NODES = "sextant_nodes";
    /** How often every catch-up runs when nothing was heard. */
    static final Duration FALLBACK = Duration.ofSeconds(3);
    /** How long a connection that failed is left before the next try. */
    private static final Duration RECONNECT = Duration.ofSeconds(1);
    private static final List<String> CHANNELS = List.of(CONFIG, NODES);
    private static final Logger LOG = LoggerFactory.getLogger(ChangeHints.class);

    /** What reads the changes of one channel from the tables. */
    private record Subscriber(String channel, Runnable catchUp) {
    }

    /** Ends a subscription. */
    @FunctionalInterface
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private final Database database;
    private final Duration fallback;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
    private @Nullable Thread thread;
    private volatile boolean closed;
    private volatile @Nullable Connection listening;

    ChangeHints(final Database database, final Duration fallback) {
        this.database = database;
        this.fallback = fallback;
    }

    /**
     * Run {@code catchUp} whenever {@code channel} is notified, when the listening connection is
     * (re)opened, and every few seconds. It runs on the listening thread, one catch-up at a time, and
     * must handle its own failures.
     */
    public Subscription subscribe(final String channel, final Runnable catchUp) {
        if (!CHANNELS.contains(channel)) {
            throw new IllegalArgumentException("No hints are sent on channel " + channel);
        }
        final Subscriber subscriber = new Subscriber(channel, catchUp);
        subscribers.add(subscriber);
        start();
        return () -> subscribers.remove(subscriber);
    }

    private synchronized void start() {
        if (thread != null || closed) {
            return;
        }
        final Thread listener = new Thread(this::listen, "sextant-change-hints");
        listener.setDaemon(true);
        thread = listener;
        listener.start();
    }

    private void listen() {
        boolean reported = false;
        while (!closed) {
            try (Connection connection = database.openDedicated("sextant-change-hints")) {
                listening = connection;
                try (Statement statement = connection.createStatement()) {
                    for (String channel : CHANNELS) {
                        statement.execute("LISTEN " + channel);
                    }
                }
                if (reported) {
                    LOG.info("Listening for changes made through other controller instances again");
                    reported = false;
                }
                // what was sent while nobody listened is read now
                catchUp(Set.copyOf(CHANNELS));
                hear(connection);
            } catch (PersistenceException | SQLException e) {
                if (!closed && !reported) {
                    LOG.warn("Cannot listen for changes made through other controller instances (until then, "
                        + "they are read every {} s at most once the database answers): {}", fallback.toSeconds(),
                        e.getMessage());
                    reported = true;
                }
            } finally {
                listening = null;
            }
            if (!closed) {
                // the catch-ups run meanwhile too, so a connection that cannot listen delays nothing for long
                catchUp(Set.copyOf(CHANNELS));
                pause(RECONNECT);
            }
        }
    }

    /**
     * Waits for notifications until the connection fails or this closes. A connection whose server
     * went away silently delivers nothing and fails nothing, so it is tried with a query at each
     * fallback round.
     */
    private void hear(final Connection connection) throws SQLException {
        final PGConnection listener = connection.unwrap(PGConnection.class);
        final int wait = (int) Math.min(fallback.toMillis(),
            Math.max(100, database.settings().socketTimeout().toMillis() / 2));
        long nextFallback = System.nanoTime() + fallback.toNanos();
        while (!closed) {
            final PGNotification[] heard = listener.getNotifications(wait);
            final Set<String> channels = new HashSet<>();
            if (heard != null) {
                for (PGNotification notification : heard) {
                    channels.add(notification.getName());
                }
            }
            if (System.nanoTime() - nextFallback >= 0) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SELECT 1");
                }
                channels.addAll(CHANNELS);
                nextFallback = System.nanoTime() + fallback.toNanos();
            }
            catchUp(channels);
        }
    }

    private void catchUp(final Set<String> channels) {
        for (Subscriber subscriber : subscribers) {
            if (!closed && channels.contains(subscriber.channel())) {
                try {
                    subscriber.catchUp().run();
                } catch (RuntimeException e) {
                    LOG.error("Reading the changes made through other controller instances ({}) failed",
                        subscriber.channel(), e);
                }
            }
        }
    }

    private static void pause(final Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops listening (waits for a catch-up under way). */
    @Override
    public void close() {
        final Thread listener;
        synchronized (this) {
            closed = true;
            listener = thread;
        }
        if (listener == null) {
            return;
        }
        final Connection connection = listening;
        if (connection != null) {
            try {
                // ends a wait for notifications at once
                connection.close();
            } catch (SQLException e) {
                LOG.debug("Closing the listening connection failed", e);
            }
        }
        listener.interrupt();
        try {
            listener.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
