package io.sextant.persistence;

import io.sextant.persistence.codec.ConfigEntry;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kept state a controller's start loads first, read ahead on a thread of its own while the
 * start does work that needs no database (the controller's schema takes seconds to build): the
 * configuration's rows, then the UniConfig nodes' rows undecoded. Each part is read in one SQL
 * transaction with its {@link ChangeHorizon}, so what other controller instances change after the
 * read is found from the horizon, as with a read made later.
 *
 * <p>A start begins the reads ({@link #begin}) before the components that load the state exist;
 * each of those takes its part ({@link #configuration}, {@link #uniconfigNodes}), waiting for it
 * while it is read. A part is taken once: a later load, a load after {@link #begin}'s handle was
 * closed, and a load whose early read failed read the database then. Nothing of this process
 * writes the kept state before it is loaded, which is what makes the early read as good as a late one.
 */
public final class StartReads {
    private static final Logger LOG = LoggerFactory.getLogger(StartReads.class);

    /** Rows read in one SQL transaction, and that transaction's horizon. */
    public record Read<T>(long horizon, T rows) {
    }

    private final Database database;
    private @Nullable CompletableFuture<Read<List<ConfigEntry>>> configuration;
    private @Nullable CompletableFuture<Read<List<UndecodedNode>>> uniconfigNodes;

    StartReads(final Database database) {
        this.database = database;
    }

    /**
     * Begin reading both parts, on a daemon thread of their own, for a start that loads the
     * UniConfig nodes before it serves any request (nothing may write them in between); reads
     * begun earlier and not taken are dropped. Closing the handle drops what was not taken by then.
     */
    public AutoCloseable begin() {
        return begin(true);
    }

    /**
     * As {@link #begin}, the configuration only: for a start whose UniConfig layer may load after
     * requests are served (Karaf starts its components in no fixed order).
     */
    public AutoCloseable beginConfiguration() {
        return begin(false);
    }

    private synchronized AutoCloseable begin(final boolean withNodes) {
        final CompletableFuture<Read<List<ConfigEntry>>> config = new CompletableFuture<>();
        final @Nullable CompletableFuture<Read<List<UndecodedNode>>> nodes = withNodes ? new CompletableFuture<>() : null;
        close();
        configuration = config;
        uniconfigNodes = nodes;
        final Thread reader = new Thread(() -> {
            final long start = System.nanoTime();
            complete(config, this::readConfiguration);
            final long configured = System.nanoTime();
            if (nodes != null) {
                complete(nodes, this::readUniconfigNodes);
            }
            LOG.info("Kept state read ahead of the start's loads: configuration in {} ms{}",
                (configured - start) / 1_000_000,
                nodes == null ? "" : ", UniConfig nodes in " + (System.nanoTime() - configured) / 1_000_000 + " ms");
        }, "sextant-start-reads");
        reader.setDaemon(true);
        reader.start();
        return () -> drop(config, nodes);
    }

    /** The kept configuration's rows, parents first, read ahead if {@link #begin} did, else now. */
    public Read<List<ConfigEntry>> configuration() throws PersistenceException {
        final CompletableFuture<Read<List<ConfigEntry>>> ahead;
        synchronized (this) {
            ahead = configuration;
            configuration = null;
        }
        final Read<List<ConfigEntry>> early = taken(ahead, "configuration");
        return early != null ? early : readConfiguration();
    }

    /** The kept UniConfig nodes, sorted by id, undecoded, read ahead if {@link #begin} did, else now. */
    public Read<List<UndecodedNode>> uniconfigNodes() throws PersistenceException {
        final CompletableFuture<Read<List<UndecodedNode>>> ahead;
        synchronized (this) {
            ahead = uniconfigNodes;
            uniconfigNodes = null;
        }
        final Read<List<UndecodedNode>> early = taken(ahead, "UniConfig nodes");
        return early != null ? early : readUniconfigNodes();
    }

    private Read<List<ConfigEntry>> readConfiguration() throws PersistenceException {
        return database.call("load the configuration",
            tx -> new Read<>(ChangeHorizon.now(tx), ConfigEntryRepository.loadAll(tx)));
    }

    private Read<List<UndecodedNode>> readUniconfigNodes() throws PersistenceException {
        return database.call("load the UniConfig nodes",
            tx -> new Read<>(ChangeHorizon.now(tx), NodeConfigReads.loadUndecoded(tx)));
    }

    /** The early read's result; {@code null} when there was none or it failed (the caller reads again). */
    private static <T> @Nullable Read<T> taken(final @Nullable CompletableFuture<Read<T>> ahead, final String what)
            throws PersistenceException {
        if (ahead == null) {
            return null;
        }
        try {
            return ahead.get();
        } catch (CancellationException e) {
            return null;
        } catch (ExecutionException e) {
            LOG.debug("The early read of the kept {} failed, reading it again: {}", what, String.valueOf(e.getCause()));
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw PersistenceException.unavailable("Interrupted while the kept " + what + " was read", e);
        }
    }

    /** Something read in one SQL transaction. */
    @FunctionalInterface
    private interface Reading<T> {
        Read<T> read() throws PersistenceException;
    }

    private static <T> void complete(final CompletableFuture<Read<T>> future, final Reading<T> reading) {
        if (future.isDone()) {
            return;
        }
        try {
            future.complete(reading.read());
        } catch (PersistenceException | RuntimeException e) {
            future.completeExceptionally(e);
        }
    }

    private synchronized void drop(final CompletableFuture<Read<List<ConfigEntry>>> config,
            final @Nullable CompletableFuture<Read<List<UndecodedNode>>> nodes) {
        if (configuration == config) {
            configuration = null;
        }
        if (nodes != null && uniconfigNodes == nodes) {
            uniconfigNodes = null;
        }
        // a read still running ends its work for nobody; cancelled, it skips what it has not begun
        config.cancel(false);
        if (nodes != null) {
            nodes.cancel(false);
        }
    }

    /** Whether every part begun and not taken has been read (or failed to be). */
    synchronized boolean settled() {
        return (configuration == null || configuration.isDone()) && (uniconfigNodes == null || uniconfigNodes.isDone());
    }

    /** Drops every read not taken (the database closes). */
    synchronized void close() {
        if (configuration != null) {
            configuration.cancel(false);
            configuration = null;
        }
        if (uniconfigNodes != null) {
            uniconfigNodes.cancel(false);
            uniconfigNodes = null;
        }
    }
}
