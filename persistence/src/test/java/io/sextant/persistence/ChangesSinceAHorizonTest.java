package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryChanges;
import io.sextant.persistence.codec.EntryLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What an instance reads after a hint (migration V6): the rows stamped at or after its horizon.
 * A transaction that commits after a later one is still read (its stamp is at or above the
 * horizon of the read that missed it), deleted rows are read as gone, and UniConfig nodes are
 * read as their versions.
 */
class ChangesSinceAHorizonTest {
    private static PostgresFixture postgres;

    private final ConfigEntryRepository entries = new ConfigEntryRepository(new EntryLayout(2));
    private final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);

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

    @Test
    void aTransactionCommittedAfterALaterOneIsReadNextTime() throws Exception {
        final List<ConfigEntry> rows = entries.layout().split(OpenConfigFixtures.config(4, "x"));
        final ConfigEntry early = rows.get(rows.size() - 2);
        final ConfigEntry late = rows.get(rows.size() - 1);
        final long start = postgres.database.call("take a horizon", ChangeHorizon::now);
        try (Connection one = connect(); Connection two = connect()) {
            // one takes its transaction id first, two commits first
            entries.write(new Tx(one), written(early));
            entries.write(new Tx(two), written(late));
            two.commit();
            final ConfigEntryRepository.Changed first = postgres.database.call("read",
                tx -> entries.changedSince(tx, start));
            assertEquals(List.of(late.key()), keys(first.written()));

            one.commit();
            final ConfigEntryRepository.Changed second = postgres.database.call("read",
                tx -> entries.changedSince(tx, first.horizon()));
            assertTrue(keys(second.written()).contains(early.key()), "the row committed last is read: "
                + keys(second.written()));
            final ConfigEntryRepository.Changed third = postgres.database.call("read",
                tx -> entries.changedSince(tx, second.horizon()));
            assertEquals(List.of(), keys(third.written()), "nothing was written since");
        }
    }

    @Test
    void deletedRowsAreReadAsGoneWithTheirPaths() throws Exception {
        final List<ConfigEntry> rows = entries.layout().split(OpenConfigFixtures.config(2, "x"));
        final ConfigEntry row = rows.get(rows.size() - 1);
        postgres.database.run("write", tx -> entries.write(tx, written(row)));
        final long before = postgres.database.call("take a horizon", ChangeHorizon::now);
        postgres.database.run("delete", tx -> entries.write(tx, new EntryChanges(false, List.of(row.key()),
            List.of())));

        final ConfigEntryRepository.Changed changed = postgres.database.call("read",
            tx -> entries.changedSince(tx, before));
        assertEquals(List.of(new ConfigEntryRepository.Gone(row.key(), row.path())), changed.gone());
        assertEquals(List.of(), changed.written());
    }

    @Test
    void nodesChangedSinceAreReadAsTheirVersions() throws Exception {
        final var first = OpenConfigFixtures.config(2, "first");
        final var second = OpenConfigFixtures.config(3, "second");
        postgres.database.run("create", tx -> {
            nodes.create(tx, "changed", "schema", first, first);
            nodes.create(tx, "untouched", "schema", first, first);
        });
        final long before = postgres.database.call("take a horizon", ChangeHorizon::now);
        postgres.database.run("change", tx -> nodes.record(tx, "changed", ConfigKind.INTENDED, 0, first, second));

        final NodeConfigReads.Changed changed = postgres.database.call("read",
            tx -> NodeConfigReads.changedSince(tx, before));
        assertEquals(Map.of("changed", new NodeVersion(1, 0)), changed.versions());
    }

    private static EntryChanges written(final ConfigEntry row) {
        return new EntryChanges(false, List.of(), List.of(row));
    }

    private static List<String> keys(final List<ConfigEntry> rows) {
        return rows.stream().map(ConfigEntry::key).toList();
    }

    private static Connection connect() throws Exception {
        final Connection connection = DriverManager.getConnection(postgres.server.jdbcUrl(), postgres.server.user(),
            postgres.server.password());
        connection.setAutoCommit(false);
        return connection;
    }
}
