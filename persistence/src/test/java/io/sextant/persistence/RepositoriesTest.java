package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.DiffEntry;
import io.sextant.persistence.codec.EntryLayout;
import io.sextant.persistence.internal.Migrations;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** Each repository against a real PostgreSQL: what is stored is what is loaded, and multi-row writes are atomic. */
class RepositoriesTest {
    private static PostgresFixture postgres;
    private static Database db;

    private final ConfigEntryRepository entries = new ConfigEntryRepository(new EntryLayout(2));
    private final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
    private final CommitRepository commits = new CommitRepository();
    private final TransactionLogRepository log = new TransactionLogRepository();
    private final SnapshotRepository snapshots = new SnapshotRepository();
    private final YangSourceRepository sources = new YangSourceRepository();
    private final HostKeyRepository hostKeys = new HostKeyRepository();

    @BeforeAll
    static void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
        db = postgres.database;
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void clear() throws PersistenceException {
        postgres.clear();
    }

    @Test
    void configurationRowsWrittenPerCommitLoadBackIntoTheSameTree() throws PersistenceException {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        final ContainerNode full = OpenConfigFixtures.config(20, "first");
        final var first = trees.write(Trees.ROOT, full);
        db.run("store", tx -> entries.apply(tx, first));
        final Random random = new Random(3);
        for (int i = 0; i < 60; i++) {
            final var change = trees.randomChange(random, full);
            db.run("store", tx -> entries.apply(tx, change));
        }
        final List<ConfigEntry> loaded = db.call("load", ConfigEntryRepository::loadAll);
        assertEquals(loaded.size(), (int) db.call("count", entries::count));
        final Trees rebuilt = new Trees(OpenConfigFixtures.schema());
        loaded.forEach(row -> rebuilt.write(row.path(), row.data()));
        assertEquals(trees.root(), rebuilt.root());
    }

    @Test
    void aNodeLoadsAsItsBasePlusItsJournal() throws PersistenceException {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(10, "first"));
        final NormalizedNode synced = trees.root();
        db.run("create", tx -> nodes.create(tx, "R1", "schema-a", synced, synced));

        final StoredNode fresh = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
        assertEquals(synced, fresh.intended());
        assertSame(fresh.intended(), fresh.actual(), "equal configurations load as one tree");
        assertEquals("schema-a", fresh.schemaKey());

        trees.write(trees.description("ge-0/0/2"), trees.descriptionLeaf("edited"));
        trees.delete(trees.interfaceEntry("ge-0/0/3"));
        final NormalizedNode edited = trees.root();
        db.run("edit", tx -> nodes.record(tx, "R1", ConfigKind.INTENDED, 0, synced, edited));

        final StoredNode loaded = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
        assertEquals(edited, loaded.intended());
        assertEquals(synced, loaded.actual());
        assertEquals(List.of("R1"), db.call("ids", NodeConfigReads::nodeIds));
        db.run("create another", tx -> nodes.create(tx, "R0", "schema-b", synced, synced));
        final List<StoredNode> all = db.call("load all", NodeConfigReads::loadAll).nodes();
        assertEquals(List.of("R0", "R1"), all.stream().map(StoredNode::nodeId).toList(), "sorted by id");
        assertEquals(List.of("schema-b", "schema-a"), all.stream().map(StoredNode::schemaKey).toList());
        assertEquals(edited, all.get(1).intended(), "base plus journal, as load gives it");
        assertEquals(synced, all.get(1).actual());
        assertSame(all.get(0).intended(), all.get(0).actual());
        assertEquals(true, db.call("delete another", tx -> nodes.delete(tx, "R0")));

        assertEquals(true, db.call("delete", tx -> nodes.delete(tx, "R1")));
        assertEquals(Optional.empty(), db.call("load", tx -> NodeConfigReads.load(tx, "R1")));
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM node_config_journal"));
    }

    /**
     * The one-statement record of a request's intent write, run as its own transaction: kept with
     * its deletions; a stale version or a journal that would pass its limits writes nothing, and
     * the transactional record then says why or compacts.
     */
    @Test
    void aChangeWithinTheJournalsLimitsIsRecordedAloneAndAnyOtherWritesNothing() throws PersistenceException {
        final NodeConfigRepository small = new NodeConfigRepository(new Compaction(3, 1L << 20));
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(10, "first"));
        final NormalizedNode synced = trees.root();
        db.run("create", tx -> small.create(tx, "R1", "s", synced, synced));
        trees.write(trees.description("ge-0/0/2"), trees.descriptionLeaf("edited"));
        trees.delete(trees.interfaceEntry("ge-0/0/3"));
        final NormalizedNode edited = trees.root();

        assertEquals(new NodeConfigRepository.Recorded(1, false), db.callAlone("edit",
            tx -> small.recordAlone(tx, "R1", ConfigKind.INTENDED, 0, synced, edited)));
        assertEquals(edited, db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow().intended());
        final long entries = postgres.queryLong("SELECT count(*) FROM node_config_journal");
        assertTrue(entries >= 2, "the change and the deletion, each an entry: " + entries);

        trees.write(trees.description("ge-0/0/4"), trees.descriptionLeaf("again"));
        trees.delete(trees.interfaceEntry("ge-0/0/5"));
        final NormalizedNode again = trees.root();
        assertNull(db.<NodeConfigRepository.@Nullable Recorded>callAlone("stale", tx -> small.recordAlone(tx, "R1",
            ConfigKind.INTENDED, 0, synced, again)), "based on a version moved on");
        assertNull(db.<NodeConfigRepository.@Nullable Recorded>callAlone("past the limits", tx -> small.recordAlone(tx,
            "R1", ConfigKind.INTENDED, 1, edited, again)));
        final StoredNode unchanged = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
        assertEquals(edited, unchanged.intended());
        assertEquals(new NodeVersion(1, 0), unchanged.version());
        assertEquals(entries, postgres.queryLong("SELECT count(*) FROM node_config_journal"));

        assertEquals(new NodeConfigRepository.Recorded(2, true), db.call("compact",
            tx -> small.record(tx, "R1", ConfigKind.INTENDED, 1, edited, again)));
        assertEquals(again, db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow().intended());
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM node_config_journal"));
    }

    @Test
    void aNodesFirstHostKeyStaysUntilItIsReplacedAndIsKeptPerTopology() throws PersistenceException {
        final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        final HostKeyRepository.StoredHostKey first = new HostKeyRepository.StoredHostKey("ssh-ed25519 AAAA1",
            "SHA256:first", now);
        final HostKeyRepository.StoredHostKey second = new HostKeyRepository.StoredHostKey("ssh-ed25519 AAAA2",
            "SHA256:second", now.plusSeconds(1));
        assertEquals(first, db.call("learn", tx -> hostKeys.insertIfAbsent(tx, "topology-netconf", "r1", first)));
        // a second first key (two sessions racing) gets the stored one back
        assertEquals(first, db.call("learn", tx -> hostKeys.insertIfAbsent(tx, "topology-netconf", "r1", second)));
        assertEquals(Optional.empty(), db.call("find", tx -> hostKeys.find(tx, "topology-cli", "r1")));
        db.run("accept", tx -> hostKeys.put(tx, "topology-netconf", "r1", second));
        assertEquals(Optional.of(second), db.call("find", tx -> hostKeys.find(tx, "topology-netconf", "r1")));
        db.run("forget", tx -> hostKeys.remove(tx, "topology-netconf", "r1"));
        assertEquals(Optional.empty(), db.call("find", tx -> hostKeys.find(tx, "topology-netconf", "r1")));
    }

    @Test
    void changingANodeThatIsNotStoredIsBadData() {
        final ContainerNode config = OpenConfigFixtures.config(1, "x");
        final PersistenceException failure = assertThrows(PersistenceException.class, () -> db.run("edit",
            tx -> nodes.record(tx, "ghost", ConfigKind.INTENDED, 0, config, OpenConfigFixtures.config(2, "x"))));
        assertEquals(PersistenceException.Reason.BAD_DATA, failure.reason());
    }

    /**
     * Two controller instances holding the same node: the change of the one that read it before
     * the other's change is refused as a conflict and records nothing, rather than being replayed
     * onto a configuration it was not based on.
     */
    @Test
    void aChangeBasedOnAnOlderVersionIsAConflictAndRecordsNothing() throws PersistenceException {
        final ContainerNode synced = OpenConfigFixtures.config(2, "first");
        final ContainerNode mine = OpenConfigFixtures.config(2, "mine");
        final ContainerNode theirs = OpenConfigFixtures.config(3, "theirs");
        db.run("create", tx -> nodes.create(tx, "R1", "s", synced, synced));
        final StoredNode read = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
        assertEquals(NodeVersion.CREATED, read.version());
        assertEquals(1, db.call("theirs", tx -> nodes.record(tx, "R1", ConfigKind.INTENDED, 0, synced, theirs))
            .version());

        final PersistenceException failure = assertThrows(PersistenceException.class, () -> db.run("mine",
            tx -> nodes.record(tx, "R1", ConfigKind.INTENDED, read.version().intended(), synced, mine)));
        assertEquals(PersistenceException.Reason.CONFLICT, failure.reason());
        assertTrue(failure.getMessage().contains("changed through another controller instance"), failure.getMessage());
        final StoredNode now = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
        assertEquals(theirs, now.intended(), "their change stays, mine was not recorded");
        assertEquals(new NodeVersion(1, 0), now.version());
        assertEquals(new NodeVersion(1, 0), db.call("load all", NodeConfigReads::loadAll).nodes().get(0).version());
    }

    @Test
    void pendingCommitsAreListedUntilTheyFinish() throws PersistenceException {
        db.run("begin", tx -> {
            commits.begin(tx, "c1", "commit", "admin", List.of("R1", "R2"), null);
            commits.begin(tx, "c2", "checked-commit", "admin", List.of("R3"), null);
        });
        final List<PendingCommit> pending = db.call("pending", tx -> commits.pending(tx, null));
        assertEquals(List.of("c1", "c2"), pending.stream().map(PendingCommit::commitId).toList());
        assertEquals(List.of("R1", "R2"), pending.get(0).nodeIds());
        assertEquals("admin", pending.get(0).user());

        db.run("finish", tx -> commits.finish(tx, "c1", CommitRepository.State.DONE, null));
        db.run("finish", tx -> commits.finish(tx, "c2", CommitRepository.State.FAILED, "device refused"));
        assertEquals(List.of(), db.call("pending", tx -> commits.pending(tx, null)));
        assertEquals(Optional.of(CommitRepository.State.FAILED), db.call("state", tx -> commits.state(tx, "c2")));

        final PersistenceException twice = assertThrows(PersistenceException.class,
            () -> db.run("finish", tx -> commits.finish(tx, "c1", CommitRepository.State.DONE, null)));
        assertEquals(PersistenceException.Reason.BAD_DATA, twice.reason());
        assertEquals(2, (int) db.call("housekeeping",
            tx -> commits.deleteFinishedBefore(tx, Instant.now().plus(1, ChronoUnit.MINUTES))));
    }

    @Test
    void theTransactionLogKeepsEachNodesOutcomeAndDiff() throws PersistenceException {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(4, "first"));
        final List<DiffEntry> diff = DiffEntry.of(trees.write(trees.description("ge-0/0/1"),
            trees.descriptionLeaf("logged")));
        final Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        for (int i = 1; i <= 3; i++) {
            final LoggedCommit commit = new LoggedCommit("t" + i, now.plusSeconds(i), "admin", "commit",
                i == 2 ? "fail" : "complete", List.of(
                    new LoggedNode("R1", "complete", null, null, diff),
                    new LoggedNode("R2", i == 2 ? "fail" : "complete", i == 2 ? "application" : null,
                        i == 2 ? "refused" : null, List.of())));
            db.run("log", tx -> log.append(tx, commit));
        }
        final List<LoggedCommit> latest = db.call("read log", tx -> log.latest(tx, 2));
        assertEquals(List.of("t2", "t3"), latest.stream().map(LoggedCommit::commitId).toList());
        final LoggedCommit failed = latest.get(0);
        assertEquals(now.plusSeconds(2), failed.finished());
        assertEquals("fail", failed.status());
        assertEquals(diff, failed.nodes().get(0).diff());
        assertEquals("refused", failed.nodes().get(1).messageOrNull());
        assertEquals("application", failed.nodes().get(1).errorTypeOrNull());

        assertEquals(2, (int) db.call("trim", tx -> log.trim(tx, 1)));
        assertEquals(List.of("t3"), db.call("read log", tx -> log.latest(tx, 10)).stream()
            .map(LoggedCommit::commitId).toList());
        assertEquals(2, postgres.queryLong("SELECT count(*) FROM transaction_log_node"));

        db.run("log without nodes", tx -> log.append(tx, new LoggedCommit("t4", now.plusSeconds(4), "admin",
            "commit", "complete", List.of())));
        final List<LoggedCommit> last = db.call("read log", tx -> log.latest(tx, 1));
        assertEquals(List.of("t4"), last.stream().map(LoggedCommit::commitId).toList());
        assertEquals(List.of(), last.get(0).nodes());
    }

    @Test
    void snapshotsRoundTripAndANameIsTakenOnce() throws PersistenceException {
        final ContainerNode r1 = OpenConfigFixtures.config(3, "r1");
        final ContainerNode r2 = OpenConfigFixtures.config(2, "r2");
        final Instant created = Instant.now().truncatedTo(ChronoUnit.MICROS);
        assertEquals(true, db.call("snapshot", tx -> snapshots.create(tx, "before-upgrade", created,
            List.of(new SnapshotNode("R2", "s", r2), new SnapshotNode("R1", "s", r1)))));
        assertEquals(false, db.call("snapshot", tx -> snapshots.create(tx, "before-upgrade", created, List.of())));

        final StoredSnapshot loaded = db.call("load", tx -> snapshots.load(tx, "before-upgrade")).orElseThrow();
        assertEquals(created, loaded.created());
        assertEquals(List.of(new SnapshotNode("R1", "s", r1), new SnapshotNode("R2", "s", r2)), loaded.nodes());
        assertEquals(List.of("before-upgrade"), db.call("names", snapshots::names));
        assertEquals(true, db.call("delete", tx -> snapshots.delete(tx, "before-upgrade")));
        assertEquals(false, db.call("delete", tx -> snapshots.delete(tx, "before-upgrade")));
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM snapshot_node"));
    }

    @Test
    void yangSourcesAreKeptByModuleAndRevision() throws PersistenceException {
        final YangSourceText dated = new YangSourceText("acme-system", "2024-01-01", "module acme-system { }");
        final YangSourceText undated = new YangSourceText("acme-legacy", "", "module acme-legacy { }");
        db.run("save", tx -> {
            sources.save(tx, dated);
            sources.save(tx, undated);
            sources.save(tx, new YangSourceText("acme-system", "2024-01-01", "a different text is ignored"));
        });
        assertEquals(Optional.of(dated), db.call("find", tx -> sources.find(tx, "acme-system", "2024-01-01")));
        assertEquals(Optional.empty(), db.call("find", tx -> sources.find(tx, "acme-system", "2025-01-01")));
        assertEquals(List.of(undated, dated), db.call("all", sources::all));
    }

    @Test
    void theNewestSourceOfAModuleIsItsNewestDatedRevisionThenTheUndatedOne() throws PersistenceException {
        final YangSourceText undated = new YangSourceText("acme-if", "", "module acme-if { }");
        final YangSourceText older = new YangSourceText("acme-if", "2023-06-30", "module acme-if { revision 2023-06-30; }");
        final YangSourceText newer = new YangSourceText("acme-if", "2024-02-01", "module acme-if { revision 2024-02-01; }");
        assertEquals(2, (int) db.call("save", tx -> sources.saveAll(tx, List.of(undated, older))));
        assertEquals(Optional.of(older), db.call("newest", tx -> sources.newest(tx, "acme-if")));
        // saved again with another: only the new one counts, the stored texts stay
        assertEquals(1, (int) db.call("save", tx -> sources.saveAll(tx, List.of(newer,
            new YangSourceText("acme-if", "", "a different text is ignored")))));
        assertEquals(Optional.of(newer), db.call("newest", tx -> sources.newest(tx, "acme-if")));
        assertEquals(List.of(undated, older, newer), db.call("all", sources::all));
        db.run("save", tx -> sources.save(tx, new YangSourceText("acme-only-undated", "", "module acme-only-undated { }")));
        assertEquals("", db.call("newest", tx -> sources.newest(tx, "acme-only-undated")).orElseThrow().revision());
        assertEquals(Optional.empty(), db.call("newest", tx -> sources.newest(tx, "acme-absent")));
    }

    @Test
    void aModuleSetIsKeptOncePerSchemaAndReplacedWhole() throws PersistenceException {
        final YangModuleSetRepository sets = new YangModuleSetRepository();
        final var first = new YangModuleSetRepository.StoredModuleSet(Set.of("urn:a?module=a", "urn:b?module=b"),
            Set.of("urn:b?module=b"));
        final var second = new YangModuleSetRepository.StoredModuleSet(Set.of("urn:a?module=a", "urn:b?module=b"),
            Set.of());
        db.run("put", tx -> sets.put(tx, "00aa11bb", first));
        assertEquals(Optional.of(first), db.call("find", tx -> sets.find(tx, "00aa11bb")));
        db.run("put", tx -> sets.put(tx, "00aa11bb", second));
        assertEquals(Optional.of(second), db.call("find", tx -> sets.find(tx, "00aa11bb")));
        assertEquals(List.of("00aa11bb"), db.call("ids", sets::ids));
        assertEquals(Optional.empty(), db.call("find", tx -> sets.find(tx, "ffff0000")));
    }

    @Test
    void pendingCommitsOfLiveInstancesAreRunningAndThoseOfInstancesGoneOrStartedAgainAreOrphaned()
            throws PersistenceException {
        db.run("instances", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("""
                    INSERT INTO controller_instance (instance_id, incarnation, address, started_at, heartbeat_at,
                        expires_at)
                    VALUES ('live', 'i1', 'a:1', now(), now(), now() + interval '1 hour'),
                           ('dead', 'i2', 'b:1', now(), now(), now() + interval '1 hour'),
                           ('again', 'i3', 'c:1', now(), now(), now() + interval '1 hour'),
                           ('me', 'i4', 'd:1', now(), now(), now() + interval '1 hour')""");
            }
        });
        db.run("begin", tx -> {
            commits.begin(tx, "of-live", "commit", "admin", List.of("R1"), "live");
            commits.begin(tx, "of-dead", "commit", "admin", List.of("R1", "R2"), "dead");
            commits.begin(tx, "of-again", "commit", "admin", List.of("R2"), "again");
            commits.begin(tx, "of-mine", "commit", "admin", List.of("R1"), "me");
            commits.begin(tx, "of-none", "commit", "admin", List.of("R3"), null);
        });
        db.run("dead expires, again starts again", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                statement.execute("UPDATE controller_instance SET expires_at = clock_timestamp() - interval '1 second'"
                    + " WHERE instance_id = 'dead'");
                statement.execute("UPDATE controller_instance SET started_at = clock_timestamp()"
                    + " WHERE instance_id = 'again'");
            }
        });
        // begun in one transaction: the same start time, in commit id order
        assertEquals(List.of("of-again", "of-dead", "of-mine", "of-none"), db.call("pending", tx -> commits.pending(tx,
            "me")).stream().map(PendingCommit::commitId).toList(), "a start of 'me' finds all but the live one's");
        assertEquals(List.of("of-dead"), db.call("orphaned", tx -> commits.orphaned(tx, "R1", "me")).stream()
            .map(PendingCommit::commitId).toList(), "R1's orphaned commits for another instance taking it");
        assertEquals(List.of("of-again", "of-dead"), db.call("orphaned", tx -> commits.orphaned(tx, "R2", "me"))
            .stream().map(PendingCommit::commitId).toList());
        assertEquals(List.of(), db.call("orphaned", tx -> commits.orphaned(tx, "R1", "dead")).stream()
            .filter(c -> c.commitId().equals("of-dead")).toList(), "an instance's own commits are not orphans to it");
        db.run("finish", tx -> commits.finish(tx, "of-dead", CommitRepository.State.FAILED, "settled"));
        assertEquals(List.of(), db.call("orphaned", tx -> commits.orphaned(tx, "R1", "me")));
    }

    @Test
    void workThatFailsHalfwayLeavesNothingBehind() throws PersistenceException {
        final ContainerNode config = OpenConfigFixtures.config(2, "x");
        final PersistenceException failure = assertThrows(PersistenceException.class, () -> db.run("two writes",
            tx -> {
                snapshots.create(tx, "half", Instant.now(), List.of(new SnapshotNode("R1", "s", config)));
                commits.begin(tx, "c1", "commit", "admin", List.of("R1"), null);
                commits.begin(tx, "c1", "commit", "admin", List.of("R1"), null);
            }));
        assertEquals(PersistenceException.Reason.BAD_DATA, failure.reason());
        assertTrue(failure.getMessage().startsWith("Database refused to two writes"), failure.getMessage());
        assertEquals(List.of(), db.call("names", snapshots::names));
        assertEquals(List.of(), db.call("pending", tx -> commits.pending(tx, null)));
    }

    @Test
    void aValueTheRepositoryRefusesIsBadDataAndRollsBack() throws PersistenceException {
        final PersistenceException failure = assertThrows(PersistenceException.class, () -> db.run("save sources",
            tx -> {
                sources.save(tx, new YangSourceText("kept-back", "", "module kept-back { }"));
                sources.save(tx, new YangSourceText("no-revision", null, "module no-revision { }"));
            }));
        assertEquals(PersistenceException.Reason.BAD_DATA, failure.reason());
        assertTrue(failure.getMessage().startsWith("Cannot save sources: use \"\" for a module without a revision"),
            failure.getMessage());
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM yang_source"));
    }

    @Test
    void statusShowsSizeSchemaAndLastCompaction() throws PersistenceException {
        final DatabaseStatus before = db.status();
        assertTrue(before.sizeBytes() > 0);
        assertEquals(Migrations.bundled().get(Migrations.bundled().size() - 1).version(), before.schemaVersion());
        assertTrue(before.serverVersion().startsWith("1"), before.serverVersion());
        assertEquals(Optional.empty(), before.lastCompaction());
        final ContainerNode config = OpenConfigFixtures.config(2, "x");
        db.run("create", tx -> nodes.create(tx, "R1", "s", config, config));
        assertTrue(db.status().lastCompaction().isPresent());
    }
}
