package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import io.sextant.persistence.Database;
import io.sextant.persistence.DatabaseSettings;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.PostgresServer;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Writes whose SQL {@code COMMIT} reached PostgreSQL and was kept, but whose answer never came
 * back (a proxy between the store and the database cuts the connection once the server has
 * answered the COMMIT, before the store reads that answer). The store reports such a write as
 * failed (the request answers 503 and the controller goes on without it), so it must put back
 * what the database kept: a node change, a commit recorded as started, a commit's kept result, a
 * snapshot. Otherwise the next start would find a change the user was told failed, a commit
 * pending forever, or a snapshot name that can never be used again.
 */
class LostCommitAnswersTest {
    private static final Duration NEVER = Duration.ofHours(1);
    private static EffectiveModelContext schema;
    private static PostgresServer postgres;

    private FaultProxy proxy;
    private Database database;
    private Database direct;
    private final TestDevice device = new TestDevice("d1", schema);

    @BeforeAll
    static void start() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
        postgres = PostgresServer.start();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void connect() throws Exception {
        proxy = FaultProxy.start("127.0.0.1", postgres.port());
        database = new Database(DatabaseSettings.of("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/"
            // every COMMIT sent as text (pgjdbc names a statement it has run five times, and then sends only the name)
            + PostgresServer.DATABASE + "?prepareThreshold=0", postgres.user(), postgres.password()));
        direct = new Database(DatabaseSettings.of(postgres.jdbcUrl(), postgres.user(), postgres.password()));
        direct.migrate(Duration.ofSeconds(60));
        try (Connection connection = DriverManager.getConnection(postgres.jdbcUrl(), postgres.user(),
                postgres.password());
             Statement statement = connection.createStatement()) {
            statement.execute("TRUNCATE uniconfig_node, commit_record, transaction_log, snapshot CASCADE");
        }
    }

    @AfterEach
    void disconnect() {
        database.close();
        direct.close();
        proxy.close();
    }

    /** The next SQL COMMIT through the proxy is kept by the server, and its answer lost. */
    private FaultProxy.Armed loseTheNextCommitAnswer() {
        return proxy.arm(FaultProxy.Trigger.of("COMMIT", FaultProxy.Moment.REPLY_LOST, "COMMIT",
            FaultProxy.Effect.CUT));
    }

    /**
     * The next statement through the proxy that starts with {@code statement}, run as its own
     * transaction (no COMMIT follows it), is kept by the server, and its answer ({@code tag}) lost.
     */
    private FaultProxy.Armed loseTheNextAnswerTo(final String statement, final String tag) {
        return proxy.arm(FaultProxy.Trigger.of(statement, FaultProxy.Moment.REPLY_LOST, tag, FaultProxy.Effect.CUT));
    }

    private NormalizedNode configWith(final String... interfaces) throws OperationErrorsException {
        final TestDevice scratch = new TestDevice("scratch", schema);
        for (String name : interfaces) {
            final MapEntryNode entry = iface(name, 1500, name);
            scratch.outOfBand(interfacePath(name), entry);
        }
        return scratch.config();
    }

    private static Set<String> interfaces(final NormalizedNode config) {
        final Set<String> names = new TreeSet<>();
        for (String candidate : List.of("eth0", "lost", "later")) {
            if (NormalizedNodes.findNode(config,
                    interfacePath(candidate).getPathArguments()).isPresent()) {
                names.add(candidate);
            }
        }
        return names;
    }

    /** What the database holds for d1, read through a connection of its own. */
    private UniconfigStore.KeptNode kept() throws OperationErrorsException {
        try (DurableUniconfigStore reader = new DurableUniconfigStore(direct, NEVER)) {
            return reader.load().stream().filter(n -> n.nodeId().equals("d1")).findFirst().orElseThrow();
        }
    }

    private UniconfigNode storedNode(final DurableUniconfigStore store, final NormalizedNode config)
            throws OperationErrorsException {
        final UniconfigNode node = new UniconfigNode("d1", schema, device.schemaKey(), config);
        store.created(node, config);
        return node;
    }

    @Test
    void aNodeChangeKeptThoughReportedFailedIsTakenBackBeforeTheNodesNextChange() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, NEVER)) {
            final UniconfigNode node = storedNode(store, configWith("eth0"));
            final FaultProxy.Armed lost = loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.changed(node.synced(configWith("eth0", "lost"))),
                "the change is reported failed");
            assertTrue(lost.hasFired());
            assertEquals(Set.of("eth0", "lost"), interfaces(kept().intended()),
                "the server kept it (else this test shows nothing)");
            assertEquals(1, store.owedRepairs());

            final NodeUpdate later = node.synced(configWith("eth0", "later"));
            store.changed(later);
            later.apply();
            assertEquals(Set.of("eth0", "later"), interfaces(kept().intended()), "the next change lands on what "
                + "the controller holds, not on the change reported failed");
            assertEquals(Set.of("eth0", "later"), interfaces(kept().actual()));
            assertEquals(0, store.owedRepairs());
        }
    }

    @Test
    void aNodeChangeKeptThoughReportedFailedIsTakenBackWithoutAnotherChange() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, Duration.ofMillis(200))) {
            final UniconfigNode node = storedNode(store, configWith("eth0"));
            loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.changed(node.synced(configWith("eth0",
                "lost"))));
            await("the repair is written").atMost(30, TimeUnit.SECONDS).until(() -> store.owedRepairs() == 0);
            assertEquals(Set.of("eth0"), interfaces(kept().intended()));
            assertEquals(Set.of("eth0"), interfaces(kept().actual()));
        }
    }

    /** An intent write is one statement of its own: its lost answer is taken back as a transaction's is. */
    @Test
    void anIntentWriteKeptThoughReportedFailedIsTakenBackBeforeTheNodesNextChange() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, NEVER)) {
            final UniconfigNode node = storedNode(store, configWith("eth0"));
            final FaultProxy.Armed lost = loseTheNextAnswerTo("WITH header", "INSERT 0 ");
            assertThrows(OperationErrorsException.class, () -> store.changed(node.replaceIntent(configWith("eth0",
                "lost"))), "the write is reported failed");
            assertTrue(lost.hasFired());
            assertEquals(Set.of("eth0", "lost"), interfaces(kept().intended()),
                "the server kept it (else this test shows nothing)");
            assertEquals(1, store.owedRepairs());

            final NodeUpdate later = node.replaceIntent(configWith("eth0", "later"));
            store.changed(later);
            later.apply();
            assertEquals(Set.of("eth0", "later"), interfaces(kept().intended()), "the next write lands on what "
                + "the controller holds, not on the write reported failed");
            assertEquals(0, store.owedRepairs());
        }
    }

    @Test
    void aRepairStillOwedWhenTheControllerStopsIsWrittenAsItStops() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, NEVER)) {
            final UniconfigNode node = storedNode(store, configWith("eth0"));
            loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.changed(node.synced(configWith("eth0",
                "lost"))));
            assertEquals(1, store.owedRepairs(), "owed, and not retried before the stop");
        }
        assertEquals(Set.of("eth0"), interfaces(kept().intended()), "the next start finds what the controller held, "
            + "not the change it answered as failed");
        assertEquals(Set.of("eth0"), interfaces(kept().actual()));
    }

    @Test
    void aCommitRecordedAsStartedThoughReportedFailedDoesNotStayPending() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, Duration.ofMillis(200))) {
            // recorded in one statement of its own: its answer, not a COMMIT's, is lost
            final FaultProxy.Armed lost = loseTheNextAnswerTo("INSERT INTO commit_record", "INSERT 0 1");
            assertThrows(OperationErrorsException.class, () -> store.commitStarted("c1", "commit", "alice",
                List.of("d1")));
            assertTrue(lost.hasFired());
            await("the commit is ended").atMost(30, TimeUnit.SECONDS).until(() -> store.owedRepairs() == 0);
            assertEquals(List.of(), store.interrupted(), "no commit is left pending: no node is in doubt at a restart");
        }
    }

    @Test
    void aCommitResultKeptThoughReportedFailedIsTakenBackWhenTheCommitEnds() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, Duration.ofMillis(200))) {
            final UniconfigNode node = storedNode(store, configWith("eth0"));
            store.commitStarted("c1", "commit", "alice", List.of("d1"));
            final NodeUpdate update = node.synced(configWith("eth0", "lost"));
            final CommitRecord success = record("c1", OperationResult.of(List.of(NodeResult.ok("d1"))));
            loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.commitApplied("c1", List.of(update), success));
            // the layer rolls the devices back and records the commit failed (CommitEnds)
            store.commitFinished("c1", false, record("c1", OperationResult.failed("Rolled back", List.of(
                NodeResult.failed("d1", ErrorKind.PROCESSING_ERROR, "Rolled back")))));
            await("the node is put back").atMost(30, TimeUnit.SECONDS).until(() -> store.owedRepairs() == 0);

            assertEquals(Set.of("eth0"), interfaces(kept().intended()), "the node as the controller holds it");
            assertEquals(Set.of("eth0"), interfaces(kept().actual()));
            assertEquals(List.of(), store.interrupted());
            final List<CommitRecord> log = store.loadLog(10);
            assertEquals(List.of("c1"), log.stream().map(CommitRecord::id).toList(), "logged once");
            assertFalse(log.get(0).result().ok(), "logged as failed, as it was answered");
        }
    }

    @Test
    void aSnapshotKeptThoughReportedFailedIsTakenBackAndItsNameCanBeUsed() throws Exception {
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, NEVER)) {
            final Map<String, SnapshotStore.Captured> lost = Map.of("d1", new SnapshotStore.Captured(
                device.schemaKey(), configWith("eth0", "lost")));
            loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.snapshotCreated("s1", Instant.now(), lost));

            store.snapshotCreated("s1", Instant.now(), Map.of("d1", new SnapshotStore.Captured(device.schemaKey(),
                configWith("eth0", "later"))));
            final List<UniconfigStore.KeptSnapshot> snapshots = store.loadSnapshots();
            assertEquals(1, snapshots.size());
            assertEquals(Set.of("eth0", "later"), interfaces(snapshots.get(0).nodes().get("d1").configuration()),
                "the snapshot created after the failed one");
        }
        try (DurableUniconfigStore store = new DurableUniconfigStore(database, Duration.ofMillis(200))) {
            loseTheNextCommitAnswer();
            assertThrows(OperationErrorsException.class, () -> store.snapshotCreated("s2", Instant.now(), Map.of()));
            await("the snapshot is taken back").atMost(30, TimeUnit.SECONDS).until(() -> store.owedRepairs() == 0);
            assertEquals(List.of("s1"), store.loadSnapshots().stream().map(UniconfigStore.KeptSnapshot::name)
                .toList());
        }
    }

    private static CommitRecord record(final String commitId, final OperationResult result) {
        return new CommitRecord(commitId, Instant.now(), "alice", "commit", result, Map.of());
    }
}
