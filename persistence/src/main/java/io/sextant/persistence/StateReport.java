package io.sextant.persistence;

/**
 * What {@code sextant:status} says about where the controller keeps its state, available from
 * the start: also while the controller waits for its database, which is when an operator needs
 * it most.
 */
@FunctionalInterface
public interface StateReport {
    /**
     * One line: "in memory ...", "PostgreSQL 15.8 at URL: ...", or what the controller is waiting for.
     */
    String describe();

    /** The line for a backend that is in use now. */
    static String describe(final StateBackend backend) {
        return backend.database().map(StateReport::describe)
            .orElse("in memory (lost when the controller stops; --in-memory)");
    }

    /** The line for a database that is in use now: its size, schema and last compaction. */
    static String describe(final Database database) {
        try {
            final DatabaseStatus status = database.status();
            return String.format("PostgreSQL %s at %s: %s, schema version %d, %d of %d connections in use, "
                + "last compaction %s", status.serverVersion(), status.url(), bytes(status.sizeBytes()),
                status.schemaVersion(), status.connectionsInUse(), status.poolSize(),
                status.lastCompaction().map(Object::toString).orElse("never"));
        } catch (PersistenceException e) {
            return "PostgreSQL at " + database.settings().url() + ": " + e.getMessage();
        }
    }

    private static String bytes(final long size) {
        if (size < 1024 * 1024) {
            return (size + 1023) / 1024 + " KiB";
        }
        return String.format("%.1f MiB", size / (1024.0 * 1024.0));
    }
}
