package io.sextant.translation;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuildException;
import io.sextant.model.SchemaBuilder;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;

/**
 * The schemas of sets of bundled YANG modules with everything they import or include, parsed
 * once per module set and shared: every unit serving the same modules gets the same context.
 */
public final class UnitSchemas {
    private static final UnitSchemas PLAIN_JAVA = new UnitSchemas(null);

    private final @Nullable YangParserFactory parser;
    private final Map<Set<String>, EffectiveModelContext> cache = new ConcurrentHashMap<>();

    /** @param parser the YANG parser (in OSGi, the service yangtools publishes); null for yangtools' default */
    public UnitSchemas(final @Nullable YangParserFactory parser) {
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
            final var sources = BundledModels.get().withDependencies(new TreeSet<>(modules));
            return parser == null ? SchemaBuilder.build(sources) : SchemaBuilder.build(parser, sources);
        } catch (SchemaBuildException e) {
            throw new IllegalArgumentException("Modules " + modules + " do not make a schema", e);
        }
    }
}
