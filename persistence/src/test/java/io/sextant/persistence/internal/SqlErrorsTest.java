package io.sextant.persistence.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.persistence.PersistenceException.Reason;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {

    @Test
    void outagesAreUnavailableAndDataErrorsAreBadData() {
        assertEquals(Reason.UNAVAILABLE, reason("08006"), "connection failure");
        assertEquals(Reason.UNAVAILABLE, reason("57014"), "statement_timeout");
        assertEquals(Reason.UNAVAILABLE, reason("57P01"), "admin shutdown");
        assertEquals(Reason.UNAVAILABLE, reason("28P01"), "wrong password");
        assertEquals(Reason.UNAVAILABLE, reason("53100"), "disk full");
        assertEquals(Reason.UNAVAILABLE, reason("40P01"), "deadlock: try again");
        assertEquals(Reason.BAD_DATA, reason("23505"), "unique violation");
        assertEquals(Reason.BAD_DATA, reason("22001"), "value too long");
        assertEquals(Reason.BAD_DATA, reason("42P01"), "no such table");
    }

    @Test
    void aBrokenSocketWithoutSqlStateIsUnavailable() {
        final SQLException failure = new SQLException("I/O error", null, new SocketTimeoutException("Read timed out"));
        assertEquals(Reason.UNAVAILABLE, SqlErrors.map(failure, "load").reason());
    }

    @Test
    void aPoolTimeoutSaysBusyOrUnreachable() {
        final var busy = SqlErrors.map(new SQLTransientConnectionException(
            "sextant-db - Connection is not available, request timed out after 1000ms"), "load node R1");
        assertEquals(Reason.UNAVAILABLE, busy.reason());
        assertEquals("Database busy: cannot load node R1: no connection became free in time (sextant-db - Connection "
            + "is not available, request timed out after 1000ms)", busy.getMessage());
        final var down = SqlErrors.map(new SQLTransientConnectionException(
            "sextant-db - Connection is not available, request timed out after 1000ms", "08001",
            new SQLException("Connection to 127.0.0.1:5 refused.", "08001")), "load node R1");
        assertEquals("Database unavailable: cannot load node R1: cannot connect (Connection to 127.0.0.1:5 refused.)",
            down.getMessage());
    }

    private static Reason reason(final String sqlState) {
        return SqlErrors.map(new SQLException("failed", sqlState), "do it").reason();
    }
}
