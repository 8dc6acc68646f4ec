package io.sextant.southbound.netconf.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.BundledModels;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.YangModuleSetRepository;
import io.sextant.persistence.YangSourceRepository;
import io.sextant.persistence.YangSourceText;
import io.sextant.southbound.netconf.DeviceCapabilities;
import io.sextant.testing.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * With the controller's database as the archive, the sources a device gave with get-schema and
 * the module set of its schema are kept there, once each whatever the number of devices or
 * schemas that share them, so that a controller with an empty schema cache (a new host, a lost
 * disk) builds the schema again without the device; a database that cannot keep them makes the
 * resolution fail rather than keep a schema a restart could not build.
 */
class SchemasKeptInTheDatabaseTest {
    private static final String NS = "urn:example:archived";
    private static final String MODULE = """
        module example-archived {
          namespace "urn:example:archived";
          prefix ea;
          import example-archived-types { prefix eat; }
          revision 2026-02-01;
          container box { leaf size { type eat:size; } }
        }
        """;
    private static final String TYPES = """
        module example-archived-types {
          namespace "urn:example:archived:types";
          prefix eat;
          revision 2026-01-15;
          typedef size { type uint32; }
        }
        """;
    private static final String OTHER = """
        module example-archived-other {
          namespace "urn:example:archived:other";
          prefix eo;
          import example-archived-types { prefix eat; }
          revision 2026-03-01;
          leaf weight { type eat:size; }
        }
        """;
    private static final Map<String, String> DEVICE_SOURCES = Map.of("example-archived", MODULE,
        "example-archived-types", TYPES, "example-archived-other", OTHER);
    private static final String MODULE_CAPABILITY = NS + "?module=example-archived&revision=2026-02-01";
    private static final String TYPES_CAPABILITY = NS + ":types?module=example-archived-types&revision=2026-01-15";
    private static final DeviceCapabilities HELLO = new DeviceCapabilities(Set.of(DeviceCapabilities.BASE_1_1,
        MODULE_CAPABILITY, TYPES_CAPABILITY));
    private static final DeviceCapabilities WIDER_HELLO = new DeviceCapabilities(Set.of(DeviceCapabilities.BASE_1_1,
        MODULE_CAPABILITY, TYPES_CAPABILITY, NS + ":other?module=example-archived-other&revision=2026-03-01"));
    private static final Executor DIRECT = Runnable::run;

    private PostgresServer postgres;
    private Database database;

    @TempDir
    Path dataDirs;

    /** Each test its own database, so that it sees exactly the rows it made. */
    @BeforeEach
    void startDatabase() throws Exception {
        postgres = PostgresServer.start();
        database = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
        database.migrate(Duration.ofSeconds(60));
    }

    @AfterEach
    void stopDatabase() {
        if (database != null) {
            database.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    /** A controller's schema cache over its own data directory, archiving into the test's database. */
    private SchemaContextCache controller(final String dataDir) {
        return new SchemaContextCache(new SchemaResolver(DefaultParsers.factory(),
            new SchemaSourceCache(dataDirs.resolve(dataDir).resolve("schema-cache")), new DurableSchemaArchive(database),
            BundledModels.get(), Duration.ofSeconds(10)), DIRECT);
    }

    /** A device that gives its modules through get-schema, counting the requests. */
    private static SchemaFetcher device(final AtomicInteger fetches) {
        return (identifier, revision) -> {
            fetches.incrementAndGet();
            return CompletableFuture.completedFuture(Optional.ofNullable(DEVICE_SOURCES.get(identifier)));
        };
    }

    private static boolean hasBox(final DeviceSchema schema) {
        return schema.context().findDataTreeChild(QName.create(NS, "2026-02-01", "box")).isPresent();
    }

    private List<YangSourceText> sources() throws PersistenceException {
        return database.call("read the sources", tx -> new YangSourceRepository().all(tx));
    }

    private List<String> moduleSets() throws PersistenceException {
        return database.call("read the module sets", tx -> new YangModuleSetRepository().ids(tx));
    }

    @Test
    void aSchemaIsBuiltAgainFromTheDatabaseByAControllerWithAnEmptySchemaCache() throws Exception {
        final AtomicInteger fetches = new AtomicInteger();
        final String id = SchemaContextCache.idOf(HELLO);
        assertTrue(hasBox(controller("first").acquire(HELLO, device(fetches)).get(30, TimeUnit.SECONDS)));
        assertEquals(2, fetches.get(), "the module and its import");
        assertEquals(List.of("example-archived", "example-archived-types"),
            sources().stream().map(YangSourceText::module).sorted().toList());
        assertTrue(moduleSets().contains(id));

        // a new host: nothing in its data directory, no device
        final SchemaContextCache restarted = controller("new-host");
        final DeviceSchema known = restarted.known(id).orElseThrow(() -> new AssertionError("built from the database"));
        assertTrue(hasBox(known));
        assertEquals(Set.of(), Set.copyOf(known.unavailable()));
        // and its cache is filled again, so the next start needs no database round trip for it
        final Path cache = dataDirs.resolve("new-host").resolve("schema-cache");
        assertTrue(Files.isRegularFile(cache.resolve("example-archived@2026-02-01.yang")));
        assertTrue(Files.isRegularFile(cache.resolve("module-sets").resolve(id)));
        // the device that comes back shares it and is not asked for its sources
        assertSame(known, restarted.acquire(HELLO, device(fetches)).get(30, TimeUnit.SECONDS));
        assertEquals(2, fetches.get());
    }

    @Test
    void sourcesAreKeptOnceWhateverTheNumberOfControllersDevicesAndSchemasSharingThem() throws Exception {
        controller("a").acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        final List<YangSourceText> afterFirst = sources();
        final List<String> setsAfterFirst = moduleSets();

        // another controller (or the same one restarted without its cache) resolving the same set with a device
        controller("b").acquire(HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        assertEquals(afterFirst, sources(), "no source stored twice");
        assertEquals(setsAfterFirst, moduleSets(), "no module set stored twice");

        // a wider set shares two of its three modules: only the third is added
        controller("c").acquire(WIDER_HELLO, device(new AtomicInteger())).get(30, TimeUnit.SECONDS);
        final List<YangSourceText> afterWider = sources();
        assertEquals(afterFirst.size() + 1, afterWider.size(), afterWider.toString());
        assertTrue(afterWider.containsAll(afterFirst));
        assertTrue(afterWider.stream().anyMatch(source -> source.module().equals("example-archived-other")
            && source.revision().equals("2026-03-01")));
    }

    @Test
    void aSchemaKeptOnlyInTheCacheByAnEarlierRunIsKeptInTheDatabaseWhenItIsBuiltAgain() throws Exception {
        final String id = SchemaContextCache.idOf(HELLO);
        // a run that kept schemas in its data directory only (in memory, or before the database kept them)
        new SchemaContextCache(new SchemaResolver(DefaultParsers.factory(),
            new SchemaSourceCache(dataDirs.resolve("earlier").resolve("schema-cache")), SchemaArchive.NONE,
            BundledModels.get(), Duration.ofSeconds(10)), DIRECT).acquire(HELLO, device(new AtomicInteger()))
            .get(30, TimeUnit.SECONDS);
        assertEquals(List.of(), moduleSets());

        // the same data directory with the database: built from the cache, and kept in the database
        assertTrue(controller("earlier").known(id).isPresent());
        assertEquals(List.of(id), moduleSets());
        assertEquals(2, sources().size(), sources().toString());
        // so that a controller without that directory builds it too
        assertTrue(controller("elsewhere").known(id).isPresent());
    }

    @Test
    void aResolutionTheDatabaseCannotKeepFailsAndTheNextOneKeepsIt() throws Exception {
        final SchemaContextCache controller = controller("down");
        final String id = SchemaContextCache.idOf(WIDER_HELLO);
        postgres.stop();
        final ExecutionException failure = assertThrows(ExecutionException.class,
            () -> controller.acquire(WIDER_HELLO, device(new AtomicInteger())).get(60, TimeUnit.SECONDS));
        assertInstanceOf(SchemaResolver.ResolutionAbortedException.class, failure.getCause(), failure.toString());
        assertEquals(0, controller.size(), "a schema the database could not keep is not held");

        postgres.restart();
        // the pool, refused while the server was down, connects again at its next attempt, which may come
        // seconds after the server is back (HikariCP backs off): a resolution in between is refused like the
        // one above, as the product documents; the test waits for the database to answer, as a device reconnects
        awaitAnswering();
        assertTrue(controller.acquire(WIDER_HELLO, device(new AtomicInteger())).get(60, TimeUnit.SECONDS)
            .context().getModules().size() >= 3);
        assertTrue(moduleSets().contains(id));
        assertTrue(controller("after-outage").known(id).isPresent(), "built again from the database alone");
    }

    private void awaitAnswering() throws InterruptedException {
        final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!database.healthy()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the database did not answer within 60 s of its restart");
            }
            Thread.sleep(100);
        }
    }
}
