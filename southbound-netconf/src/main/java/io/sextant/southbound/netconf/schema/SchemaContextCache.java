package io.sextant.southbound.netconf.schema;

import io.sextant.southbound.netconf.DeviceCapabilities;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

/**
 * Schema contexts shared between devices: one per distinct set of advertised modules
 * ({@code name@revision}, sorted), however many devices advertise it. The first device with a new
 * set resolves it (fetching missing sources through its own session); devices with the same set
 * wait for that resolution and share its result. Contexts are reference-counted by the nodes
 * that use them and dropped when the last one lets go. A resolution that fails because the
 * resolving device's session failed, or the database could not keep its sources, is not kept:
 * the next device tries again.
 */
public final class SchemaContextCache {
    private final SchemaResolver resolver;
    private final Executor executor;
    private final Map<String, Entry> entries = new HashMap<>();
    private final AtomicLong built = new AtomicLong();

    private static final class Entry {
        final CompletableFuture<DeviceSchema> future;
        /** Built without a device ({@link #known}): when that fails, a device resolves the set itself. */
        final boolean withoutDevice;
        int users;

        Entry(final CompletableFuture<DeviceSchema> future, final boolean withoutDevice) {
            this.future = future;
            this.withoutDevice = withoutDevice;
        }
    }

    /** A build without a device found it could not build the set: the devices waiting for it resolve it. */
    private static final class NotKnownException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotKnownException(final String id) {
            super("schema " + id + " cannot be built without a device", null, false, false);
        }
    }

    /**
     * @param executor runs resolutions (they parse YANG and wait for get-schema replies)
     */
    public SchemaContextCache(final SchemaResolver resolver, final Executor executor) {
        this.resolver = resolver;
        this.executor = executor;
    }

    /** The identifier of the module set {@code capabilities} advertise. */
    public static String idOf(final DeviceCapabilities capabilities) {
        final List<String> modules = capabilities.modules().stream()
            .map(m -> m.name() + "@" + Objects.toString(m.revision(), ""))
            .distinct().sorted().toList();
        try {
            final byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(String.join("\n", modules).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing", e);
        }
    }

    /**
     * The schema for {@code capabilities}, counted as one more user until {@link #release}.
     *
     * @param fetcher gets missing sources from this device, if this device ends up resolving
     * @return completes with the schema, or fails with a {@link SchemaResolver.ResolutionAbortedException}
     *     cause when a device session or the database failed during resolution (the user is not
     *     counted then)
     */
    public CompletableFuture<DeviceSchema> acquire(final DeviceCapabilities capabilities,
            final SchemaFetcher fetcher) {
        final String id = idOf(capabilities);
        final Entry entry;
        synchronized (this) {
            Entry existing = entries.get(id);
            if (existing == null || existing.future.isCompletedExceptionally()) {
                existing = new Entry(CompletableFuture.supplyAsync(() -> {
                    try {
                        final DeviceSchema schema = resolver.resolve(id, capabilities, fetcher);
                        built.incrementAndGet();
                        return schema;
                    } catch (SchemaResolver.ResolutionAbortedException e) {
                        throw new CompletionException(e);
                    }
                }, executor), false);
                entries.put(id, existing);
                final Entry created = existing;
                created.future.whenComplete((schema, failure) -> {
                    if (failure != null) {
                        synchronized (this) {
                            entries.remove(id, created);
                        }
                    }
                });
            }
            existing.users++;
            entry = existing;
        }
        final BiConsumer<DeviceSchema, Throwable> counted = (schema, failure) -> {
            if (failure != null) {
                synchronized (this) {
                    entry.users--;
                }
            }
        };
        // a device that waits continues on the resolvers: the thread that completes a resolution goes on at
        // once to whoever waits after it (a kept node's known(), the next device) instead of setting up the
        // sessions of every device that waited before
        final CompletableFuture<DeviceSchema> taken = entry.future.isDone() ? entry.future.whenComplete(counted)
            : entry.future.whenCompleteAsync(counted, executor);
        // a kept node's build of the set, under way when this device came, and failed: resolve it with this device
        return entry.withoutDevice ? taken.exceptionallyCompose(failure -> acquire(capabilities, fetcher)) : taken;
    }

    /**
     * Schema {@code id} without a device: the one held now if it is resolved, the result of the
     * resolution of it under way if there is one (at a restart the kept nodes ask for their
     * schemas while their devices connect: one build, not two beside each other), otherwise built
     * again from what {@link SchemaResolver#resolveKnown} finds. Devices that advertise its module
     * set meanwhile wait for that build and share it; if it fails, they resolve the set themselves.
     * A schema returned here is held for good: nodes kept by an earlier run are served in it.
     *
     * @return empty when it is not held and cannot be built again without a device
     */
    public Optional<DeviceSchema> known(final String id) {
        final Entry entry;
        final boolean building;
        synchronized (this) {
            final Entry existing = entries.get(id);
            building = existing == null || existing.future.isCompletedExceptionally();
            if (existing == null || building) {
                // devices that advertise this module set wait for this build instead of making their own beside it
                entry = new Entry(new CompletableFuture<>(), true);
                entries.put(id, entry);
            } else {
                entry = existing;
            }
            entry.users++;
        }
        if (building) {
            return buildWithoutDevice(id, entry);
        }
        try {
            // through a copy: a thread that waits for a future helps run its dependents once it completes,
            // and the held future's are the sessions of every device waiting for this schema
            return Optional.of(entry.future.copy().join());
        } catch (CompletionException | CancellationException e) {
            synchronized (this) {
                entry.users--;
            }
            // a device's resolution failed (its session, or the database): try without it; another build
            // without a device failed: so would this one
            return entry.withoutDevice ? Optional.empty() : known(id);
        }
    }

    private Optional<DeviceSchema> buildWithoutDevice(final String id, final Entry entry) {
        Optional<DeviceSchema> rebuilt = Optional.empty();
        try {
            rebuilt = resolver.resolveKnown(id);
        } finally {
            final Optional<DeviceSchema> outcome = rebuilt;
            if (outcome.isPresent()) {
                built.incrementAndGet();
            } else {
                synchronized (this) {
                    entry.users--;
                    entries.remove(id, entry);
                }
            }
            // on the resolvers, not this thread: the future's dependents are the sessions of the devices
            // that waited for this build (or, when it failed, their own resolutions starting)
            completeElsewhere(() -> {
                if (outcome.isPresent()) {
                    entry.future.complete(outcome.orElseThrow());
                } else {
                    entry.future.completeExceptionally(new NotKnownException(id));
                }
            });
        }
        return rebuilt;
    }

    private void completeElsewhere(final Runnable completion) {
        try {
            executor.execute(completion);
        } catch (RejectedExecutionException e) {
            // the southbound is closing: nothing waits that must not run here
            completion.run();
        }
    }

    /** One user of schema {@code id} no longer needs it. */
    public synchronized void release(final String id) {
        final Entry entry = entries.get(id);
        if (entry != null && --entry.users <= 0) {
            entries.remove(id);
        }
    }

    /** Schema contexts currently held. */
    public synchronized int size() {
        return entries.size();
    }

    /** Schema contexts built since start (successful resolutions). */
    public long built() {
        return built.get();
    }
}
