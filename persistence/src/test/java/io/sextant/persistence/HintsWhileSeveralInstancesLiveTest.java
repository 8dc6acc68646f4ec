package io.sextant.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.codec.ConfigEntry;
import io.sextant.persistence.codec.EntryChanges;
import io.sextant.persistence.codec.EntryLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * The triggers of migration V6 hint at a write ({@code NOTIFY sextant_config}) only while more
 * than one controller instance is live: a notifying transaction holds a cluster-wide lock until it
 * has committed, which a lone instance would pay on every write for no reader. Notifications come
 * in commit order, so a {@code NOTIFY} of the test's own, sent after the write, marks where the
 * write's hint would have been. An instance registering anew announces itself on
 * {@code sextant_nodes} (the others then check the versions kept elsewhere before a commit).
 */
class HintsWhileSeveralInstancesLiveTest {
    private static final String FENCE = "fence";
    private static PostgresFixture postgres;

    private final ConfigEntryRepository entries = new ConfigEntryRepository(new EntryLayout(2));

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
    void aLoneInstanceWritesWithoutHint() throws Exception {
        register("a", "interval '1 minute'");
        register("b", "interval '-1 minute'");
        assertEquals(List.of(FENCE), payloadsOfAWrite(), "one live instance: no hint before the fence");
    }

    @Test
    void aWriteIsHintedWhileTwoInstancesAreLive() throws Exception {
        register("a", "interval '1 minute'");
        register("b", "interval '1 minute'");
        assertEquals(List.of("", FENCE), payloadsOfAWrite(), "two live instances: the hint, then the fence");
    }

    @Test
    void anInstanceRegisteringAnewIsAnnouncedToTheOthersAndItsRenewalsAreNot() throws Exception {
        final LeaseRepository leases = new LeaseRepository();
        final Incarnation joining = Incarnation.fresh("b");
        final Duration ttl = Duration.ofMinutes(1);
        assertEquals(List.of("", FENCE), payloadsOf(ChangeHints.NODES, "register b",
            tx -> leases.heartbeat(tx, joining, "localhost:2", ttl)),
            "the others check the versions it keeps from now on");
        assertEquals(List.of(FENCE), payloadsOf(ChangeHints.NODES, "renew b",
            tx -> leases.heartbeat(tx, joining, "localhost:2", ttl)), "a renewal is no news");
    }

    /** Runs {@code work} in a transaction, then notifies the fence on {@code channel}; what a listener got up to it. */
    private static List<String> payloadsOf(final String channel, final String what, final Database.Work<?> work)
            throws Exception {
        try (Connection listener = connect()) {
            try (Statement listen = listener.createStatement()) {
                listen.execute("LISTEN " + channel);
            }
            postgres.database.call(what, work);
            return payloadsUpToTheFence(listener, channel);
        }
    }

    private static List<String> payloadsUpToTheFence(final Connection listener, final String channel)
            throws Exception {
        postgres.database.run("fence", tx -> {
            try (Statement notify = tx.connection().createStatement()) {
                notify.execute("NOTIFY " + channel + ", '" + FENCE + "'");
            }
        });
        final List<String> payloads = new ArrayList<>();
        final PGConnection pg = listener.unwrap(PGConnection.class);
        while (!payloads.contains(FENCE)) {
            final PGNotification[] got = pg.getNotifications(60_000);
            if (got == null || got.length == 0) {
                throw new AssertionError("no fence within a minute; got " + payloads);
            }
            for (PGNotification notification : got) {
                payloads.add(notification.getParameter());
            }
        }
        return payloads;
    }

    /** Writes a row, then notifies the fence; what a listener got up to the fence. */
    private List<String> payloadsOfAWrite() throws Exception {
        try (Connection listener = connect()) {
            try (Statement listen = listener.createStatement()) {
                listen.execute("LISTEN " + ChangeHints.CONFIG);
            }
            final ConfigEntry row = entries.layout().split(OpenConfigFixtures.config(1, "x")).get(0);
            postgres.database.run("write", tx -> entries.write(tx, new EntryChanges(false, List.of(), List.of(row))));
            return payloadsUpToTheFence(listener, ChangeHints.CONFIG);
        }
    }

    private static void register(final String id, final String expiresIn) throws PersistenceException {
        postgres.database.run("register " + id, tx -> {
            try (Statement insert = tx.connection().createStatement()) {
                insert.execute("INSERT INTO controller_instance (instance_id, incarnation, address, started_at, "
                    + "heartbeat_at, expires_at) VALUES ('" + id + "', 'test', 'localhost:1', clock_timestamp(), "
                    + "clock_timestamp(), clock_timestamp() + " + expiresIn + ")");
            }
        });
    }

    private static Connection connect() throws Exception {
        final Connection connection = DriverManager.getConnection(postgres.server.jdbcUrl(), postgres.server.user(),
            postgres.server.password());
        connection.setAutoCommit(true);
        return connection;
    }
}
