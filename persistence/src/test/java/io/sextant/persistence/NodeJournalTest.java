package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** A UniConfig node's journal: what one change costs in bytes, and compaction. */
class NodeJournalTest {
    private static final long KIB = 1024;
    private static PostgresFixture postgres;
    private static Database db;

    @BeforeAll
    static void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
        db = postgres.database;
        // no background vacuum writing WAL while a test measures its own
        db.run("quiet", tx -> {
            try (Statement statement = tx.connection().createStatement()) {
                for (String table : new String[] {"uniconfig_node", "node_config", "node_config_base",
                        "node_config_journal"}) {
                    statement.execute("ALTER TABLE " + table + " SET (autovacuum_enabled = false)");
                }
            }
        });
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
    void aOneLeafChangeOnANodeOfAHundredThousandLinesWritesAFewKiB() throws PersistenceException {
        final String json = OpenConfigFixtures.json(1_250, "first");
        final int lines = OpenConfigFixtures.lines(json);
        assertTrue(lines >= 100_000, "a large node: " + lines + " lines");
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.parse(json));
        final NormalizedNode synced = trees.root();
        final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
        db.run("create", tx -> nodes.create(tx, "R1", "s", synced, synced));
        final long base = postgres.queryLong("SELECT octet_length(data) FROM node_config_base WHERE kind = 'intended'");

        NormalizedNode before = synced;
        long largest = 0;
        for (int i = 0; i < 10; i++) {
            trees.write(trees.description("ge-0/0/" + (100 * i + 7)), trees.descriptionLeaf("edited " + i));
            final NormalizedNode after = trees.root();
            final NormalizedNode from = before;
            final String start = walPosition();
            final long version = i;
            db.run("edit", tx -> nodes.record(tx, "R1", ConfigKind.INTENDED, version, from, after));
            final long written = walSince(start);
            largest = Math.max(largest, written);
            before = after;
        }
        final long journal = postgres.queryLong("""
            SELECT sum(octet_length(path) + coalesce(octet_length(data), 0)) FROM node_config_journal""");
        System.out.printf("node of %,d lines: base %,d bytes; one-leaf change: at most %,d bytes of WAL, "
            + "journal payload %,d bytes for 10 changes%n", lines, base, largest, journal);
        assertTrue(largest < 64 * KIB, "WAL per one-leaf change: " + largest + " bytes");
        assertTrue(journal < 4 * KIB, "journal payload of 10 one-leaf changes: " + journal + " bytes");
        assertTrue(base > 100 * KIB, "the whole node would be " + base + " bytes");

        final NormalizedNode expected = before;
        assertEquals(expected, db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow().intended());
    }

    /**
     * A journal entry recorded against a {@code before} that was not what the node held (a stale
     * node in memory) does not apply: that node is left out with the reason, the others load.
     */
    @Test
    void aNodeWhoseJournalDoesNotApplyIsLeftOutWithItsReasonAndTheOthersLoad() throws PersistenceException {
        final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
        final NormalizedNode empty = new Trees(OpenConfigFixtures.schema()).root();
        final NormalizedNode one = OpenConfigFixtures.config(1, "first");
        final NormalizedNode changed = OpenConfigFixtures.config(1, "second");
        db.run("create", tx -> {
            nodes.create(tx, "good", "s", one, one);
            nodes.create(tx, "broken", "s", empty, empty);
            nodes.record(tx, "good", ConfigKind.INTENDED, 0, one, changed);
            // recorded as if "broken" held the interface: the description's parents are not there
            nodes.record(tx, "broken", ConfigKind.INTENDED, 0, one, changed);
        });

        final NodeConfigReads.LoadedNodes loaded = db.call("load", NodeConfigReads::loadAll);
        assertEquals(1, loaded.nodes().size(), loaded.toString());
        assertEquals("good", loaded.nodes().get(0).nodeId());
        assertEquals(changed, loaded.nodes().get(0).intended());
        assertEquals(Set.of("broken"), loaded.unreadable().keySet());
        assertTrue(loaded.unreadable().get("broken").contains("The journal of the intended configuration of node "
            + "broken does not apply"), loaded.unreadable().get("broken"));
    }

    @Test
    void compactionByCountKeepsWhatANodeLoadsAs() throws PersistenceException {
        final NodeConfigRepository nodes = new NodeConfigRepository(new Compaction(5, Long.MAX_VALUE));
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        final ContainerNode full = OpenConfigFixtures.config(12, "first");
        trees.write(Trees.ROOT, full);
        final NormalizedNode synced = trees.root();
        db.run("create", tx -> nodes.create(tx, "R1", "s", synced, synced));
        final Random random = new Random(5);
        NormalizedNode before = synced;
        int compactions = 0;
        long version = 0;
        for (int i = 0; i < 40; i++) {
            trees.randomChange(random, full);
            final NormalizedNode after = trees.root();
            final NormalizedNode from = before;
            final long base = version;
            final NodeConfigRepository.Recorded recorded = db.call("edit", tx -> nodes.record(tx, "R1",
                ConfigKind.INTENDED, base, from, after));
            version = recorded.version();
            if (recorded.compacted()) {
                compactions++;
                assertEquals(0, postgres.queryLong("SELECT count(*) FROM node_config_journal"));
            }
            assertTrue(postgres.queryLong("SELECT journal_entries FROM node_config WHERE kind = 'intended'") <= 5);
            final StoredNode loaded = db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
            assertEquals(after, loaded.intended(), "after change " + i);
            assertEquals(synced, loaded.actual());
            before = after;
        }
        assertTrue(compactions >= 3, compactions + " compactions");
    }

    @Test
    void compactionBySizeFoldsALargeChangeIntoTheBase() throws PersistenceException {
        final NodeConfigRepository nodes = new NodeConfigRepository(new Compaction(1_000, 4 * KIB));
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        final ContainerNode full = OpenConfigFixtures.config(40, "first");
        trees.write(Trees.ROOT, full);
        final NormalizedNode synced = trees.root();
        db.run("create", tx -> nodes.create(tx, "R1", "s", synced, synced));

        trees.write(trees.description("ge-0/0/1"), trees.descriptionLeaf("small"));
        final NormalizedNode small = trees.root();
        assertEquals(false, db.call("small", tx -> nodes.record(tx, "R1", ConfigKind.ACTUAL, 0, synced, small))
            .compacted());
        trees.delete(trees.interfaceList());
        final NormalizedNode emptied = trees.root();
        trees.write(Trees.ROOT, full);
        final NormalizedNode refilled = trees.root();
        assertEquals(false, db.call("delete", tx -> nodes.record(tx, "R1", ConfigKind.ACTUAL, 1, small, emptied))
            .compacted());
        assertEquals(true, db.call("large", tx -> nodes.record(tx, "R1", ConfigKind.ACTUAL, 2, emptied, refilled))
            .compacted());
        assertEquals(0, postgres.queryLong("SELECT count(*) FROM node_config_journal"));
        assertEquals(refilled, db.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow().actual());
    }

    @Test
    void aNodeLoadsTheSameAfterTheDatabaseRestarts() throws Exception {
        final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(30, "first"));
        final NormalizedNode synced = trees.root();
        db.run("create", tx -> nodes.create(tx, "R1", "s", synced, synced));
        trees.write(trees.description("ge-0/0/9"), trees.descriptionLeaf("kept"));
        final NormalizedNode edited = trees.root();
        db.run("edit", tx -> nodes.record(tx, "R1", ConfigKind.INTENDED, 0, synced, edited));

        postgres.server.kill();
        postgres.server.restart();
        try (Database again = new Database(PostgresFixture.settings(postgres.server))) {
            final StoredNode loaded = again.call("load", tx -> NodeConfigReads.load(tx, "R1")).orElseThrow();
            assertEquals(edited, loaded.intended());
            assertEquals(synced, loaded.actual());
        }
    }

    private static String walPosition() throws PersistenceException {
        return db.call("wal", tx -> {
            try (Statement statement = tx.connection().createStatement();
                 ResultSet row = statement.executeQuery("SELECT pg_current_wal_insert_lsn()::text")) {
                row.next();
                return row.getString(1);
            }
        });
    }

    private static long walSince(final String start) throws PersistenceException {
        return db.call("wal", tx -> {
            try (PreparedStatement statement = tx.connection().prepareStatement(
                    "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ?::pg_lsn)::bigint")) {
                statement.setString(1, start);
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    return row.getLong(1);
                }
            }
        });
    }
}
