package io.sextant.persistence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Where a reader of changed rows starts next time (see {@link ChangeHints}): the oldest transaction
 * still running when it read. Every transaction before it had ended, so its rows were read; rows
 * stamped with it or a later one are read again next time (readers apply what they read only when
 * it differs from what they hold).
 */
public final class ChangeHorizon {
    /** Before every transaction: everything is read. */
    public static final long ALL = 0;

    private ChangeHorizon() {
    }

    /** The horizon of a read made now: take it before the rows are read. */
    public static long now(final Tx tx) throws SQLException {
        try (Statement statement = tx.connection().createStatement();
             ResultSet rows = statement.executeQuery("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** SQL for a parameter holding a horizon, as the {@code xid8} the stamps are. */
    static String parameter() {
        return "(?::text)::xid8";
    }
}
