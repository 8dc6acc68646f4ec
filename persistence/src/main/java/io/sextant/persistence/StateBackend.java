package io.sextant.persistence;

import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Where the controller keeps its state: nowhere (in memory only, lost when it stops) or in a
 * PostgreSQL {@link Database}. Components that keep durable state take it at construction and
 * load what was kept; in Karaf it is published as a service once it can be used (the database
 * reachable and its schema up to date), so nothing starts on a database it cannot use.
 */
public final class StateBackend {
    private static final StateBackend IN_MEMORY = new StateBackend(null);

    private final @Nullable Database database;

    private StateBackend(final @Nullable Database database) {
        this.database = database;
    }

    /** State kept in memory only. */
    public static StateBackend inMemory() {
        return IN_MEMORY;
    }

    /** State kept in {@code database}, whose schema is up to date. */
    public static StateBackend durable(final Database database) {
        return new StateBackend(database);
    }

    /** The database, unless state is kept in memory. */
    public Optional<Database> database() {
        return Optional.ofNullable(database);
    }

    /** "in-memory" or "postgresql", for status reports. */
    public String kind() {
        return database == null ? "in-memory" : "postgresql";
    }

    @Override
    public String toString() {
        return database == null ? "in memory" : "PostgreSQL at " + database.settings().url();
    }
}
