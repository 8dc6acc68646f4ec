package io.sextant.security.audit;

/**
 * Where audit records go. Implementations are thread-safe; {@link #record} returns once the
 * record is written (or throws: the caller decides whether a request that cannot be audited
 * may go on).
 */
public interface AuditLog {
    /** Records nothing (tests, tools). */
    AuditLog NONE = event -> { };

    /**
     * @throws java.io.UncheckedIOException when the record cannot be written
     */
    void record(AuditEvent event);
}
