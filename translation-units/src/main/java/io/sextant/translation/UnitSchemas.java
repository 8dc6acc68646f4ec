package io.sextant.translation;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuildException;
import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;

/**
 * The schemas of sets of bundled YANG modules with everything they import or include, parsed
 * once per module set and shared: every unit serving the same modules gets the same context.
 */
public final class UnitSchemas {
    private static final Pattern DEPENDENCY = Pattern.compile("^\\s*(?:import|include)\\s+([\\w.\\-]+)",
        Pattern.MULTILINE);
    private static final UnitSchemas PLAIN_JAVA = new UnitSchemas(null);

    private final YangParserFactory parser;
    private final Map<Set<String>, EffectiveModelContext> cache = new ConcurrentHashMap<>();

    /** @param parser the YANG parser (in OSGi, the service yangtools publishes); null for yangtools' default */
    public UnitSchemas(final YangParserFactory parser) {
        this.parser = parser;
    }

    /** Schemas parsed with yangtools' default parser, shared by the process (plain Java only). */
    public static UnitSchemas plainJava() {
        return PLAIN_JAVA;
    }

    /**
     * @throws IllegalArgumentException when a module or one of its dependencies is not bundled,
     *     or the modules do not make a schema
     */
    public EffectiveModelContext forModules(final Set<String> modules) {
        return cache.computeIfAbsent(Set.copyOf(new TreeSet<>(modules)), this::build);
    }

    private EffectiveModelContext build(final Set<String> modules) {
        try {
            final var sources = closure(modules).values();
            return parser == null ? SchemaBuilder.build(sources) : SchemaBuilder.build(parser, sources);
        } catch (SchemaBuildException e) {
            throw new IllegalArgumentException("Modules " + modules + " do not make a schema", e);
        }
    }

    /** The sources of {@code modules} and of everything they import or include, by name. */
    static Map<String, YangSource> closure(final Set<String> modules) {
        final Map<String, YangSource> found = new LinkedHashMap<>();
        final Deque<String> pending = new ArrayDeque<>(new TreeSet<>(modules));
        while (!pending.isEmpty()) {
            final String name = pending.pop();
            if (found.containsKey(name)) {
                continue;
            }
            final YangSource source = BundledModels.get().find(name).orElseThrow(() ->
                new IllegalArgumentException("YANG module " + name + " is not bundled"));
            found.put(name, source);
            final Matcher matcher = DEPENDENCY.matcher(text(source));
            while (matcher.find()) {
                pending.push(matcher.group(1));
            }
        }
        return found;
    }

    private static String text(final YangSource source) {
        try (InputStream in = source.open()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + source.fileName(), e);
        }
    }
}
