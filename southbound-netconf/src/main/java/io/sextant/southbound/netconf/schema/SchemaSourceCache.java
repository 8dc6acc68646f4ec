package io.sextant.southbound.netconf.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * YANG sources fetched from devices, kept as files named {@code module@revision.yang} (or
 * {@code module.yang} without revision) in one directory shared by all devices, and the module
 * sets schemas were built for ({@code module-sets/<id>}), so that a schema can be built again
 * without a device. Writes are atomic, so concurrent resolutions never see half a file.
 */
public final class SchemaSourceCache {
    private static final String MODULE_SETS = "module-sets";
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

    public Optional<String> read(final String name, final @Nullable Revision revision) {
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

    /**
     * A module set a schema was built for: the capabilities a device advertised, and those of its
     * modules that did not make it into the schema.
     */
    public record ModuleSet(Set<String> capabilities, Set<String> unavailable) {
        public ModuleSet {
            capabilities = Set.copyOf(capabilities);
            unavailable = Set.copyOf(unavailable);
        }
    }

    /** Keep the module set of schema {@code id}. */
    public void writeModuleSet(final String id, final ModuleSet set) throws IOException {
        final StringBuilder text = new StringBuilder();
        set.capabilities().stream().sorted().forEach(c -> text.append("capability ").append(c).append('\n'));
        set.unavailable().stream().sorted().forEach(c -> text.append("unavailable ").append(c).append('\n'));
        final Path sets = Files.createDirectories(directory.resolve(MODULE_SETS));
        writeAtomically(sets, moduleSetFile(id), text.toString());
    }

    /** The module set of schema {@code id}, if one was kept (and reads as one). */
    public Optional<ModuleSet> readModuleSet(final String id) {
        final Path file = moduleSetFile(id);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        final List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        final Set<String> capabilities = new LinkedHashSet<>();
        final List<String> unavailable = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("capability ")) {
                capabilities.add(line.substring("capability ".length()));
            } else if (line.startsWith("unavailable ")) {
                unavailable.add(line.substring("unavailable ".length()));
            } else if (!line.isEmpty()) {
                return Optional.empty();
            }
        }
        return capabilities.isEmpty() ? Optional.empty()
            : Optional.of(new ModuleSet(capabilities, new LinkedHashSet<>(unavailable)));
    }

    private Path moduleSetFile(final String id) {
        if (!id.matches("[0-9a-f]+")) {
            throw new IllegalArgumentException("Bad schema id " + id);
        }
        return directory.resolve(MODULE_SETS).resolve(id);
    }

    public void write(final String name, final @Nullable Revision revision, final String text) throws IOException {
        writeAtomically(directory, file(name, revision), text);
    }

    private static void writeAtomically(final Path directory, final Path target, final String text)
            throws IOException {
        final Path temp = Files.createTempFile(directory, ".write", ".tmp");
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

    private Path file(final String name, final @Nullable Revision revision) {
        if (name.contains("/") || name.contains("..")) {
            throw new IllegalArgumentException("Bad module name " + name);
        }
        return directory.resolve(SourceResolution.Request.key(name, revision) + ".yang");
    }
}
