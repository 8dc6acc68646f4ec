package io.sextant.security.audit;

/**
 * Where audit records go. Implementations are thread-safe. {@link #record} returns once the
 * record is written ({@link JsonLinesAuditLog}: or throws) or handed to a writer of its own that
 * writes it or counts it into a gap record ({@link BackgroundAuditLog}, {@link DatabaseAuditLog}:
 * never throws, never waits for a disk).
 */
public interface AuditLog {
    /** Records nothing (tests, tools). */
    AuditLog NONE = event -> { };

    /**
     * @throws java.io.UncheckedIOException when the record cannot be written
     */
    void record(AuditEvent event);
}
