package io.sextant.southbound.netconf.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * YANG sources fetched from devices, kept as files named {@code module@revision.yang} (or
 * {@code module.yang} without revision) in one directory shared by all devices. Writes are atomic,
 * so concurrent resolutions never see half a file.
 */
public final class SchemaSourceCache {
    private final Path directory;

    public SchemaSourceCache(final Path directory) {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the schema cache " + directory, e);
        }
    }

    public Path directory() {
        return directory;
    }

    public Optional<String> read(final String name, final Optional<Revision> revision) {
        final Path file = file(name, revision);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The newest cached revision of {@code name}, if any. */
    public Optional<Revision> newestRevision(final String name) {
        try (var files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString())
                .filter(f -> f.startsWith(name + "@") && f.endsWith(".yang"))
                .map(f -> f.substring(name.length() + 1, f.length() - 5))
                .filter(r -> r.matches("\\d{4}-\\d{2}-\\d{2}"))
                .map(Revision::of)
                .max(Revision::compareTo);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public void write(final String name, final Optional<Revision> revision, final String text) throws IOException {
        final Path target = file(name, revision);
        final Path temp = Files.createTempFile(directory, "." + name, ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private Path file(final String name, final Optional<Revision> revision) {
        if (name.contains("/") || name.contains("..")) {
            throw new IllegalArgumentException("Bad module name " + name);
        }
        return directory.resolve(revision.map(r -> name + "@" + r + ".yang").orElse(name + ".yang"));
    }
}
