package io.sextant.southbound.netconf.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.BundledModels;
import io.sextant.southbound.netconf.DeviceCapabilities;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * A schema built for a device can be built again without it (after a restart) from the module
 * set kept in the schema cache, as long as the cache still has every source the device gave.
 */
class KnownSchemaTest {
    private static final String NS = "urn:example:kept";
    private static final String MODULE = """
        module example-kept {
          namespace "urn:example:kept";
          prefix ek;
          revision 2026-01-01;
          container box { leaf size { type uint32; } }
        }
        """;
    private static final DeviceCapabilities HELLO = new DeviceCapabilities(Set.of(DeviceCapabilities.BASE_1_1,
        NS + "?module=example-kept&revision=2026-01-01"));
    private static final Executor DIRECT = Runnable::run;

    @TempDir
    Path cacheDir;

    private SchemaContextCache cache() {
        return new SchemaContextCache(new SchemaResolver(DefaultParsers.factory(), new SchemaSourceCache(cacheDir),
            SchemaArchive.NONE, BundledModels.get(), Duration.ofSeconds(10)), DIRECT);
    }

    private static boolean hasBox(final DeviceSchema schema) {
        return schema.context().findDataTreeChild(QName.create(NS, "2026-01-01", "box")).isPresent();
    }

    /** A device that gives its module through get-schema, counting the requests. */
    private static SchemaFetcher device(final AtomicInteger fetches) {
        return (identifier, revision) -> {
            fetches.incrementAndGet();
            return CompletableFuture.completedFuture(identifier.equals("example-kept") ? Optional.of(MODULE)
                : Optional.empty());
        };
    }

    @Test
    void aSchemaBuiltWithADeviceIsBuiltAgainWithoutItAndSharedWithTheDevicesThatComeBack() throws Exception {
        final AtomicInteger fetches = new AtomicInteger();
        final String id = SchemaContextCache.idOf(HELLO);
        assertTrue(hasBox(cache().acquire(HELLO, device(fetches)).get(30, TimeUnit.SECONDS)));
        assertEquals(1, fetches.get());

        // a restart: a new cache over the same directory, no device
        final SchemaContextCache restarted = cache();
        final DeviceSchema known = restarted.known(id).orElseThrow(() -> new AssertionError("built without a device"));
        assertTrue(hasBox(known));
        assertEquals(Set.of(), Set.copyOf(known.unavailable()));
        // the device that comes back shares it and is not asked for its sources again
        assertSame(known, restarted.acquire(HELLO, device(fetches)).get(30, TimeUnit.SECONDS));
        assertEquals(1, fetches.get());
    }

    @Test
    void aSchemaWhoseSourceIsGoneFromTheCacheWaitsForItsDevice() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        cache().acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        Files.delete(cacheDir.resolve("example-kept@2026-01-01.yang"));

        final SchemaContextCache restarted = cache();
        assertTrue(restarted.known(id).isEmpty(), "built without the module it had, it would not be the same schema");
        // the device then resolves it in full, fetching the source again
        final AtomicInteger fetches = new AtomicInteger();
        assertTrue(hasBox(restarted.acquire(HELLO, device(fetches)).get(30, TimeUnit.SECONDS)));
        assertEquals(1, fetches.get());
    }

    @Test
    void aSchemaADeviceIsResolvingIsTakenFromThatResolution() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        cache().acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        // without its module set the schema cannot be built again without a device: only the device's
        // resolution under way can give it
        Files.delete(cacheDir.resolve("module-sets").resolve(id));

        final CountDownLatch resolving = new CountDownLatch(1);
        final SchemaContextCache restarted = restartedResolvingOnce(resolving);
        final CompletableFuture<DeviceSchema> device = restarted.acquire(HELLO, device(new AtomicInteger()));
        // the kept node's request waits for the device's resolution (or, wrongly, answers without it)
        final CompletableFuture<Optional<DeviceSchema>> known = knownBlocked(restarted, id);
        resolving.countDown();

        final DeviceSchema resolved = device.get(30, TimeUnit.SECONDS);
        assertSame(resolved, known.get(30, TimeUnit.SECONDS).orElseThrow(
            () -> new AssertionError("answered without the device's resolution under way")));
        assertEquals(1, restarted.built());
    }

    /**
     * An archive that holds what it is given, and answers {@code moduleSet} only once {@code open}
     * counts down: a kept node's build without a device blocked there, to let a device come meanwhile.
     */
    private static SchemaArchive slowArchive(final CountDownLatch open, final Optional<SchemaSourceCache.ModuleSet> set) {
        return new SchemaArchive() {
            @Override
            public Optional<String> source(final String name, final Revision revision) {
                return name.equals("example-kept") ? Optional.of(MODULE) : Optional.empty();
            }

            @Override
            public Optional<SchemaSourceCache.ModuleSet> moduleSet(final String id) {
                awaitUninterruptibly(open);
                return set;
            }

            @Override
            public void keep(final String id, final SchemaSourceCache.ModuleSet kept,
                    final Collection<KeptSource> sources) {
                // the test's device gives its sources again if it resolves
            }
        };
    }

    /** Starts {@code known(id)} on a thread of its own and returns once that thread waits (or is done). */
    private static CompletableFuture<Optional<DeviceSchema>> knownBlocked(final SchemaContextCache cache,
            final String id) throws InterruptedException {
        final CompletableFuture<Optional<DeviceSchema>> known = new CompletableFuture<>();
        final Thread kept = new Thread(() -> {
            try {
                known.complete(cache.known(id));
            } catch (RuntimeException e) {
                known.completeExceptionally(e);
            }
        });
        kept.start();
        while (kept.getState() != Thread.State.WAITING && kept.getState() != Thread.State.TERMINATED) {
            Thread.sleep(10);
        }
        return known;
    }

    /** A cache over the same directory whose resolutions (and continuations) start once {@code resolving} opens. */
    private SchemaContextCache restartedResolvingOnce(final CountDownLatch resolving) {
        return new SchemaContextCache(new SchemaResolver(DefaultParsers.factory(), new SchemaSourceCache(cacheDir),
            SchemaArchive.NONE, BundledModels.get(), Duration.ofSeconds(10)), task -> new Thread(() -> {
                awaitUninterruptibly(resolving);
                task.run();
            }).start());
    }

    private SchemaContextCache restartedWith(final SchemaArchive archive) throws Exception {
        return new SchemaContextCache(new SchemaResolver(DefaultParsers.factory(), new SchemaSourceCache(cacheDir),
            archive, BundledModels.get(), Duration.ofSeconds(10)), task -> new Thread(task).start());
    }

    @Test
    void aDeviceThatComesWhileAKeptNodesSchemaIsBuiltWaitsForThatBuild() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        cache().acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        final SchemaSourceCache.ModuleSet set = new SchemaSourceCache(cacheDir).readModuleSet(id).orElseThrow();
        // the module set only in the (slow) archive: the kept node's build waits there
        Files.delete(cacheDir.resolve("module-sets").resolve(id));
        final CountDownLatch open = new CountDownLatch(1);
        final SchemaContextCache restarted = restartedWith(slowArchive(open, Optional.of(set)));

        final CompletableFuture<Optional<DeviceSchema>> known = knownBlocked(restarted, id);
        final AtomicInteger fetches = new AtomicInteger();
        final CompletableFuture<DeviceSchema> device = restarted.acquire(HELLO, device(fetches));
        Thread.sleep(200);
        assertFalse(device.isDone(), "the device waits for the kept node's build, it does not make its own");
        open.countDown();

        final DeviceSchema schema = known.get(30, TimeUnit.SECONDS).orElseThrow();
        assertSame(schema, device.get(30, TimeUnit.SECONDS));
        assertEquals(1, restarted.built(), "one build, not one for the kept node and one for the device");
        assertEquals(0, fetches.get());
    }

    @Test
    void aDeviceThatWaitedForABuildWithoutDeviceThatFailedResolvesTheSchemaItself() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        cache().acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        Files.delete(cacheDir.resolve("module-sets").resolve(id));
        final CountDownLatch open = new CountDownLatch(1);
        // the archive has no module set either: without a device the schema cannot be built
        final SchemaContextCache restarted = restartedWith(slowArchive(open, Optional.empty()));

        final CompletableFuture<Optional<DeviceSchema>> known = knownBlocked(restarted, id);
        final AtomicInteger fetches = new AtomicInteger();
        final CompletableFuture<DeviceSchema> device = restarted.acquire(HELLO, device(fetches));
        open.countDown();

        assertTrue(known.get(30, TimeUnit.SECONDS).isEmpty());
        assertTrue(hasBox(device.get(30, TimeUnit.SECONDS)), "the device resolved it with its own session");
        assertEquals(1, restarted.built());
        assertEquals(1, restarted.size());
    }

    @Test
    void aKeptNodeWaitingForADevicesResolutionIsAnsweredWithoutWaitingForTheOtherDevicesSessions() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        cache().acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        Files.delete(cacheDir.resolve("module-sets").resolve(id));

        final CountDownLatch resolving = new CountDownLatch(1);
        final SchemaContextCache restarted = restartedResolvingOnce(resolving);
        final CompletableFuture<DeviceSchema> first = restarted.acquire(HELLO, device(new AtomicInteger()));
        final CompletableFuture<Optional<DeviceSchema>> known = knownBlocked(restarted, id);
        // devices that came after the kept node: their session set-ups go on only once it has its answer
        final CountDownLatch answered = new CountDownLatch(1);
        final List<CompletableFuture<Void>> sessions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sessions.add(restarted.acquire(HELLO, device(new AtomicInteger()))
                .thenRun(() -> awaitUninterruptibly(answered)));
        }
        resolving.countDown();

        assertSame(first.get(30, TimeUnit.SECONDS), known.get(30, TimeUnit.SECONDS).orElseThrow());
        answered.countDown();
        CompletableFuture.allOf(sessions.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    }

    private static void awaitUninterruptibly(final CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aSchemaNeverBuiltIsNotKnown() {
        assertTrue(cache().known("0123456789abcdef").isEmpty());
    }
}
