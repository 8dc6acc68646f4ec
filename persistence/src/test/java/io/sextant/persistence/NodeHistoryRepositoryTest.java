package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.codec.DiffEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** node_history against a real PostgreSQL: tails, the rows of a replay, a commit's rows, trimming by age. */
class NodeHistoryRepositoryTest {
    private static final QName ROOT = QName.create("urn:test", "data");
    private static final QName VALUE = QName.create(ROOT, "value");
    private static final Instant T0 = Instant.parse("2026-11-25T00:00:00Z");
    private static PostgresFixture postgres;

    private final NodeHistoryRepository history = new NodeHistoryRepository();

    @BeforeAll
    static void start() throws PersistenceException {
        postgres = PostgresFixture.start().migrated();
    }

    @AfterAll
    static void stop() {
        postgres.close();
    }

    @BeforeEach
    void clear() throws PersistenceException {
        postgres.clear();
    }

    private static ContainerNode config(final int value) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(ROOT))
            .withChild(ImmutableNodes.leafNode(VALUE, value)).build();
    }

    /** Ten points of node n, one a minute from T0, a full copy on points 1, 4, 7, 10. */
    private void tenPoints() throws PersistenceException {
        final List<HistoryRow> rows = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            rows.add(new HistoryRow("n", i, "c" + i, T0.plus(Duration.ofMinutes(i)), "key", List.of(new DiffEntry(
                YangInstanceIdentifier.of(VALUE), ImmutableNodes.leafNode(VALUE, i - 1),
                ImmutableNodes.leafNode(VALUE, i))), i % 3 == 1 ? config(i) : null));
        }
        postgres.database.run("append", tx -> history.append(tx, rows));
    }

    @Test
    void aReplayStartsAtTheNewestFullCopyBeforeThePointAndEndsAtIt() throws PersistenceException {
        tenPoints();
        assertEquals(new HistoryTail(10, 10), postgres.database.call("tails", tx -> history.tails(tx,
            List.of("n", "other"))).get("n"));
        final List<HistoryRow> replay = postgres.database.call("replay", tx -> history.replay(tx, "n", 6));
        assertEquals(List.of(4L, 5L, 6L), replay.stream().map(HistoryRow::seq).toList());
        assertEquals(config(4), replay.get(0).fullCopyOrNull());
        assertNull(replay.get(1).fullCopyOrNull());
        assertEquals(ImmutableNodes.leafNode(VALUE, 6), replay.get(2).diff().get(0).afterOrNull());
        assertEquals(6L, postgres.database.call("at", tx -> history.seqAt(tx, "n",
            T0.plus(Duration.ofMinutes(6)).plusSeconds(59))).getAsLong());
        assertTrue(postgres.database.call("at", tx -> history.seqAt(tx, "n", T0)).isEmpty());
        assertEquals(3L, postgres.database.call("of", tx -> history.seqOf(tx, "n", "c3")).getAsLong());
        assertEquals(List.of("n"), postgres.database.call("commit", tx -> history.ofCommit(tx, "c3")).stream()
            .map(HistoryRow::nodeId).toList());
    }

    @Test
    void trimmingKeepsTheNewestFullCopyOlderThanTheCutAndEverythingAfter() throws PersistenceException {
        tenPoints();
        final int removed = postgres.database.call("trim", tx -> history.trim(tx, T0.plus(Duration.ofMinutes(6))));
        assertEquals(3, removed);
        assertEquals(List.of(4L, 5L, 6L, 7L, 8L, 9L, 10L), postgres.database.call("marks", tx -> history.marks(tx,
            "n")).stream().map(HistoryMark::seq).toList());
        assertTrue(postgres.database.call("replay", tx -> history.replay(tx, "n", 3)).isEmpty());
    }

    private static HistoryRow point(final long seq, final int from, final int to) {
        return new HistoryRow("r", seq, "c" + seq, T0.plus(Duration.ofMinutes(seq)), "key", List.of(new DiffEntry(
            YangInstanceIdentifier.of(VALUE), ImmutableNodes.leafNode(VALUE, from), ImmutableNodes.leafNode(VALUE,
            to))), null);
    }

    @Test
    void aPointSharesTheStoredActualConfigurationWithTheJournalUpToItsCommit() throws PersistenceException {
        final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
        postgres.database.run("create", tx -> nodes.create(tx, "r", "key", config(0), config(0)));
        // stored: base at version 0, journal entries 1 and 2 (two syncs, say), then commit 1 kept version 3
        for (int version = 0; version < 3; version++) {
            final int from = version;
            postgres.database.run("record", tx -> nodes.record(tx, "r", ConfigKind.ACTUAL, from, config(from),
                config(from + 1)));
        }
        // a version the stored configuration does not reach (put back since): nothing is added
        assertEquals(Boolean.FALSE, postgres.database.call("share", tx -> history.appendSharingStoredCopy(tx,
            point(1, 2, 3), 9)));
        assertEquals(Boolean.TRUE, postgres.database.call("share", tx -> history.appendSharingStoredCopy(tx,
            point(1, 2, 3), 3)));
        // compacted at version 4: the base is the configuration after commit 2
        postgres.database.run("record", tx -> nodes.record(tx, "r", ConfigKind.ACTUAL, 3, config(3), config(4)));
        postgres.database.run("compact", tx -> nodes.compact(tx, "r", ConfigKind.ACTUAL, config(4)));
        assertEquals(Boolean.TRUE, postgres.database.call("share", tx -> history.appendSharingStoredCopy(tx,
            point(2, 3, 4), 4)));

        final List<HistoryRow> first = postgres.database.call("replay", tx -> history.replay(tx, "r", 1));
        assertEquals(1, first.size());
        assertEquals(config(2), first.get(0).fullCopyOrNull(), "the base with journal entries 1 and 2 replayed");
        assertTrue(first.get(0).copyBefore());
        final List<HistoryRow> second = postgres.database.call("replay", tx -> history.replay(tx, "r", 2));
        assertEquals(config(4), second.get(0).fullCopyOrNull(), "the configuration after commit 2");
        assertFalse(second.get(0).copyBefore());
        assertEquals(List.of(true, true), postgres.database.call("marks", tx -> history.marks(tx, "r")).stream()
            .map(HistoryMark::fullCopy).toList());
        // trimmed, a point takes its copied journal entries with it
        postgres.database.run("trim", tx -> history.trim(tx, T0.plus(Duration.ofDays(1))));
        assertEquals(Long.valueOf(0), postgres.database.call("count", tx -> {
            try (var statement = tx.connection().createStatement();
                 var count = statement.executeQuery("SELECT count(*) FROM node_history_journal")) {
                count.next();
                return count.getLong(1);
            }
        }));
    }
}
