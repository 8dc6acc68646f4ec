package io.sextant.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Revision;

/**
 * The YANG sources shipped inside this bundle: Sextant's own API modules, OpenDaylight's
 * network-topology and the OpenConfig/IETF modules fetched from PyPI at build time.
 *
 * <p>The build writes {@code META-INF/sextant-yang/index.txt} (path, module, revision per
 * line) so that no class-path scanning is needed, which also works inside OSGi.
 */
public final class BundledModels {
    private static final String ROOT = "META-INF/sextant-yang/";
    private static final BundledModels INSTANCE = load();

    private final List<YangSource> sources;

    private BundledModels(final List<YangSource> sources) {
        this.sources = List.copyOf(sources);
    }

    public static BundledModels get() {
        return INSTANCE;
    }

    public List<YangSource> all() {
        return sources;
    }

    public List<YangSource> matching(final Predicate<YangSource> filter) {
        return sources.stream().filter(filter).toList();
    }

    /** The source of a module by name; the newest one when several revisions ship. */
    public Optional<YangSource> find(final String name) {
        return sources.stream().filter(s -> s.name().equals(name))
            .max((a, b) -> Revision.compare(a.revision(), b.revision()));
    }

    /** The source of a module by name and revision ({@code null}: the one that declares none). */
    public Optional<YangSource> find(final String name, final @Nullable Revision revision) {
        return sources.stream().filter(s -> s.name().equals(name) && Objects.equals(s.revision(), revision))
            .findFirst();
    }

    /**
     * The named modules and everything they import or include, transitively (newest revision
     * of each).
     *
     * @throws IllegalArgumentException when a module or one of its dependencies is not bundled
     */
    public List<YangSource> withDependencies(final Collection<String> moduleNames) {
        final Map<String, YangSource> found = new LinkedHashMap<>();
        final ArrayDeque<String> pending = new ArrayDeque<>(moduleNames);
        while (!pending.isEmpty()) {
            final String name = pending.pop();
            if (found.containsKey(name)) {
                continue;
            }
            final YangSource source = find(name).orElseThrow(
                () -> new IllegalArgumentException("YANG module " + name + " is not bundled"));
            found.put(name, source);
            pending.addAll(dependencies(source));
        }
        return List.copyOf(found.values());
    }

    private static final Pattern DEPENDENCY = Pattern.compile(
        "^\\s*(?:import|include)\\s+\"?([A-Za-z_][\\w.-]*)", Pattern.MULTILINE);

    private static List<String> dependencies(final YangSource source) {
        final String text;
        try (InputStream in = source.open()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?s)/\\*.*?\\*/", "");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + source.location(), e);
        }
        final List<String> names = new ArrayList<>();
        final var matcher = DEPENDENCY.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    private static BundledModels load() {
        final ClassLoader loader = BundledModels.class.getClassLoader();
        final List<YangSource> list = new ArrayList<>();
        final InputStream index = loader.getResourceAsStream(ROOT + "index.txt");
        if (index == null) {
            throw new IllegalStateException(ROOT + "index.txt is missing: the model bundle was not built by Maven");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(index, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                final String[] fields = line.split("\t");
                final URL url = loader.getResource(ROOT + fields[0]);
                if (url == null) {
                    throw new IllegalStateException("Indexed YANG file " + fields[0] + " is missing");
                }
                final Revision revision = "-".equals(fields[2]) ? null : Revision.of(fields[2]);
                list.add(new YangSource(fields[1], revision, url));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the YANG index", e);
        }
        return new BundledModels(list);
    }
}
