package io.sextant.security.audit;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The audit log as JSON lines in a file ({@code <data-dir>/audit/audit.log}, mode 0600), one
 * record a line, written with Jackson and flushed before {@link #record} returns (on the calling
 * thread: the controller writes it from {@link BackgroundAuditLog}'s thread). When the file
 * passes {@code maxBytes} it is rotated: {@code audit.log} → {@code audit.log.1} → ... up to
 * {@code keep} old files.
 *
 * <pre>{"time":"2026-11-23T20:00:00.123Z","event":"write","user":"admin","source":"127.0.0.1",
 * "request-id":"42","outcome":"success","paths":["/rests/data/..."],"message":"","details":{"method":"PUT"}}</pre>
 */
public final class JsonLinesAuditLog implements AuditLog, AutoCloseable {
    public static final String DIRECTORY = "audit";
    public static final String FILE = "audit.log";
    public static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;
    public static final int DEFAULT_KEEP = 10;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path file;
    private final long maxBytes;
    private final int keep;
    /** Null once closed, and after a rotation failed half-way (the next record opens the file again). */
    private @Nullable OutputStream out;
    private long size;
    private boolean closed;

    public JsonLinesAuditLog(final Path file, final long maxBytes, final int keep) throws IOException {
        this.file = requireNonNull(file);
        if (maxBytes < 1 || keep < 1) {
            throw new IllegalArgumentException("The audit log needs a positive size limit and at least one old file");
        }
        this.maxBytes = maxBytes;
        this.keep = keep;
        open();
    }

    /** The log in {@code <data-dir>/audit/audit.log} with the default rotation (50 MiB, 10 files). */
    public static JsonLinesAuditLog inDataDir(final Path dataDir) throws IOException {
        return new JsonLinesAuditLog(dataDir.resolve(DIRECTORY).resolve(FILE), DEFAULT_MAX_BYTES, DEFAULT_KEEP);
    }

    public Path file() {
        return file;
    }

    /** One JSON line for an event, secrets redacted. */
    public static String toJson(final AuditEvent event) {
        final ObjectNode node = MAPPER.createObjectNode();
        node.put("time", event.time().toString());
        node.put("event", event.type().jsonName());
        if (event.user() != null) {
            node.put("user", event.user());
        }
        if (event.source() != null) {
            node.put("source", event.source());
        }
        if (event.requestId() != null) {
            node.put("request-id", event.requestId());
        }
        node.put("outcome", event.outcome().jsonName());
        final ArrayNode paths = node.putArray("paths");
        event.paths().forEach(path -> paths.add(Redactor.redactString(path)));
        node.put("message", Redactor.redactString(event.message()));
        node.set("details", MAPPER.valueToTree(Redactor.redact(event.details())));
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("An audit record cannot be written as JSON", e);
        }
    }

    @Override
    public synchronized void record(final AuditEvent event) {
        final byte[] line = (toJson(event) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (closed) {
                throw new IOException("the audit log is closed");
            }
            OutputStream stream = out;
            if (stream == null) {
                // a rotation failed half-way: the next record tries the file again
                stream = open();
            }
            if (size > 0 && size + line.length > maxBytes) {
                stream = rotate(stream);
            }
            stream.write(line);
            stream.flush();
            size += line.length;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the audit log " + file + ": " + e.getMessage(), e);
        }
    }

    private OutputStream rotate(final OutputStream current) throws IOException {
        current.close();
        out = null;
        for (int i = keep - 1; i >= 1; i--) {
            final Path older = sibling(i);
            if (Files.exists(older)) {
                Files.move(older, sibling(i + 1), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.move(file, sibling(1), StandardCopyOption.REPLACE_EXISTING);
        return open();
    }

    private Path sibling(final int index) {
        return file.resolveSibling(file.getFileName() + "." + index);
    }

    private OutputStream open() throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        if (Files.notExists(file)) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        final OutputStream opened = Files.newOutputStream(file, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        out = opened;
        size = Files.size(file);
        return opened;
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        final OutputStream open = out;
        if (open != null) {
            open.close();
            out = null;
        }
    }
}
