package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryChanges;
import io.sextant.persistence.codec.EntryLayout;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The kept state read ahead at a start: taken once, as it was when it was read, with a horizon
 * from which what was written after the read is found; every later load, and a load after the
 * read was dropped, reads the database.
 */
class StartReadsTest {
    private static PostgresFixture postgres;

    private final ConfigEntryRepository entries = new ConfigEntryRepository(new EntryLayout(2));
    private final NodeConfigRepository nodes = new NodeConfigRepository(Compaction.DEFAULT);
    private List<ConfigEntry> rows = List.of();

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
        rows = entries.layout().split(OpenConfigFixtures.config(2, "x"));
    }

    @Test
    void theConfigurationReadAheadIsTakenOnceAndWhatCameAfterItIsFoundFromItsHorizon() throws Exception {
        final ConfigEntry early = rows.get(rows.size() - 2);
        final ConfigEntry late = rows.get(rows.size() - 1);
        write(early);
        final StartReads reads = postgres.database.startReads();
        try (AutoCloseable begun = reads.begin()) {
            awaitRead(reads);
            write(late);

            final StartReads.Read<List<ConfigEntry>> ahead = reads.configuration();
            assertEquals(List.of(early.key()), keys(ahead.rows()), "read before the later write");
            final ConfigEntryRepository.Changed after = postgres.database.call("follow",
                tx -> entries.changedSince(tx, ahead.horizon()));
            assertEquals(List.of(late.key()), keys(after.written()), "found from the read's horizon");

            assertEquals(Set.of(early.key(), late.key()), Set.copyOf(keys(reads.configuration().rows())),
                "a second load reads the database");
        }
    }

    @Test
    void theUniconfigNodesReadAheadAreTakenOnceAndWhatCameAfterItIsFoundFromTheirHorizon() throws Exception {
        final var config = OpenConfigFixtures.config(2, "first");
        postgres.database.run("create", tx -> nodes.create(tx, "R1", "schema", config, config));
        final StartReads reads = postgres.database.startReads();
        try (AutoCloseable begun = reads.begin()) {
            awaitRead(reads);
            postgres.database.run("create", tx -> nodes.create(tx, "R2", "schema", config, config));

            final StartReads.Read<List<UndecodedNode>> ahead = reads.uniconfigNodes();
            assertEquals(List.of("R1"), ahead.rows().stream().map(UndecodedNode::nodeId).toList());
            final NodeConfigReads.Changed after = postgres.database.call("follow",
                tx -> NodeConfigReads.changedSince(tx, ahead.horizon()));
            assertEquals(Map.of("R2", new NodeVersion(0, 0)), after.versions(), "found from the read's horizon");

            assertEquals(List.of("R1", "R2"), reads.uniconfigNodes().rows().stream().map(UndecodedNode::nodeId).toList(),
                "a second load reads the database");
        }
    }

    @Test
    void aDroppedReadIsNotTakenAndTheLoadReadsTheDatabase() throws Exception {
        final ConfigEntry early = rows.get(rows.size() - 2);
        final ConfigEntry late = rows.get(rows.size() - 1);
        write(early);
        final StartReads reads = postgres.database.startReads();
        final AutoCloseable begun = reads.begin();
        awaitRead(reads);
        begun.close();
        write(late);

        assertEquals(Set.of(early.key(), late.key()), Set.copyOf(keys(reads.configuration().rows())));
        assertTrue(reads.uniconfigNodes().rows().isEmpty());
    }

    @Test
    void theConfigurationAloneIsReadAheadWhenTheNodesMayBeWrittenBeforeTheirLoad() throws Exception {
        final var config = OpenConfigFixtures.config(2, "first");
        final StartReads reads = postgres.database.startReads();
        try (AutoCloseable begun = reads.beginConfiguration()) {
            awaitRead(reads);
            postgres.database.run("create", tx -> nodes.create(tx, "R1", "schema", config, config));
            assertEquals(List.of("R1"), reads.uniconfigNodes().rows().stream().map(UndecodedNode::nodeId).toList());
        }
    }

    private void write(final ConfigEntry row) throws PersistenceException {
        postgres.database.run("write", tx -> entries.write(tx, new EntryChanges(false, List.of(), List.of(row))));
    }

    private static void awaitRead(final StartReads reads) throws InterruptedException {
        final long deadline = System.nanoTime() + PostgresFixture.PATIENCE.toNanos();
        while (!reads.settled()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the reads begun did not end within " + PostgresFixture.PATIENCE);
            }
            Thread.sleep(10);
        }
    }

    private static List<String> keys(final List<ConfigEntry> rows) {
        return rows.stream().map(ConfigEntry::key).toList();
    }
}
