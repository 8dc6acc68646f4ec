package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.Session;
import org.junit.jupiter.api.Test;

/**
 * Karaf's shell unregisters every command of this bundle, and registers them again, whenever a
 * service any of them references comes, goes or changes; a command typed in between is "not
 * found". So the commands and completers reference only services that never change while the
 * bundle runs: the shell session and {@link ConsoleServices}.
 */
class CommandReferencesTest {
    private static final Set<Class<?>> STABLE = Set.of(Session.class, ConsoleServices.class);

    @Test
    void commandsAndCompletersReferenceOnlyTheConsoleServicesAndTheSession() throws Exception {
        final List<Class<?>> registered = shellServices();
        assertTrue(registered.size() >= 12, "the console's commands and completers: " + registered);
        final List<String> unstable = new ArrayList<>();
        for (Class<?> type : registered) {
            for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (field.isAnnotationPresent(Reference.class) && !STABLE.contains(field.getType())) {
                        unstable.add(type.getSimpleName() + "." + field.getName() + " (" + field.getType().getName()
                            + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), unstable);
    }

    /** Every class of this package Karaf's shell registers (annotated {@code @Service}). */
    private static List<Class<?>> shellServices() throws URISyntaxException, ClassNotFoundException,
            IOException {
        final Path classes = Path.of(ConsoleServices.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve(ConsoleServices.class.getPackageName().replace('.', '/'));
        final List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(classes)) {
            for (Path file : files.sorted().toList()) {
                final String name = file.getFileName().toString();
                if (name.endsWith(".class") && !name.contains("$")) {
                    final Class<?> type = Class.forName(ConsoleServices.class.getPackageName() + "."
                        + name.substring(0, name.length() - ".class".length()));
                    if (type.isAnnotationPresent(Service.class)) {
                        found.add(type);
                    }
                }
            }
        }
        return found;
    }
}
