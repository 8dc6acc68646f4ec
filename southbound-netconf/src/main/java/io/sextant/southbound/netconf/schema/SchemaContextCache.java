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
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jdt.annotation.Nullable;

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
        int users;

        Entry(final CompletableFuture<DeviceSchema> future) {
            this.future = future;
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
                }, executor));
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
        return entry.future.whenComplete((schema, failure) -> {
            if (failure != null) {
                synchronized (this) {
                    entry.users--;
                }
            }
        });
    }

    /**
     * Schema {@code id} without a device: the one held now if it is resolved, the result of a
     * device's resolution of it if one is under way (not a second build of the same schema beside
     * it: at a restart the kept nodes ask for their schemas while their devices connect), otherwise
     * built again from what {@link SchemaResolver#resolveKnown} finds (and then shared with the
     * devices that advertise its module set). A schema returned here is held for good: nodes
     * kept by an earlier run are served in it.
     *
     * @return empty when it is not held and cannot be built again without a device
     */
    public Optional<DeviceSchema> known(final String id) {
        final @Nullable Entry held;
        synchronized (this) {
            final Entry existing = entries.get(id);
            held = existing != null && !existing.future.isCompletedExceptionally() ? existing : null;
            if (held != null) {
                held.users++;
            }
        }
        if (held != null) {
            try {
                // through a copy: a thread that waits for a future helps run its dependents once it completes,
                // and the held future's are the sessions of every device waiting for this schema
                return Optional.of(held.future.copy().join());
            } catch (CompletionException | CancellationException e) {
                // the device's resolution failed (its session, or the database): try without it
                synchronized (this) {
                    held.users--;
                }
            }
        }
        final Optional<DeviceSchema> rebuilt = resolver.resolveKnown(id);
        if (rebuilt.isEmpty()) {
            return rebuilt;
        }
        final Entry entry;
        synchronized (this) {
            Entry existing = entries.get(id);
            if (existing == null || existing.future.isCompletedExceptionally()) {
                // devices that advertise this module set share it from now on
                existing = new Entry(CompletableFuture.completedFuture(rebuilt.orElseThrow()));
                entries.put(id, existing);
                built.incrementAndGet();
            }
            existing.users++;
            entry = existing;
        }
        try {
            // a device's resolution of the same set may have started meanwhile: take its result
            return Optional.of(entry.future.copy().join());
        } catch (CompletionException e) {
            synchronized (this) {
                entry.users--;
            }
            return rebuilt;
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
