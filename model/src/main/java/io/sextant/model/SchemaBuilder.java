package io.sextant.model;

import java.io.IOException;
import java.util.Collection;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParser;
import org.opendaylight.yangtools.yang.parser.api.YangParserException;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.opendaylight.yangtools.yang.parser.impl.DefaultYangParserFactory;

/**
 * Builds an {@link EffectiveModelContext} from YANG sources. Thread-safe.
 *
 * <p>Outside OSGi the parser is yangtools' {@link DefaultYangParserFactory}. Inside OSGi that
 * class is private to its bundle (the import is optional), so callers there pass the
 * {@link YangParserFactory} service yangtools publishes.
 */
public final class SchemaBuilder {
    private SchemaBuilder() {
    }

    /**
     * Parse the given sources with yangtools' default parser (plain Java only). Every source
     * is a main source: its data nodes become part of the context.
     *
     * @throws SchemaBuildException when a source does not parse or an import does not resolve
     */
    public static EffectiveModelContext build(final Collection<YangSource> sources) throws SchemaBuildException {
        return build(DefaultParser.FACTORY, sources);
    }

    /**
     * Parse the given sources with {@code factory}. Every source is a main source.
     *
     * @throws SchemaBuildException when a source does not parse or an import does not resolve
     */
    public static EffectiveModelContext build(final YangParserFactory factory, final Collection<YangSource> sources)
            throws SchemaBuildException {
        final YangParser parser = factory.createParser();
        try {
            for (YangSource source : sources) {
                parser.addSource(source.toTextSource());
            }
            return parser.buildEffectiveModel();
        } catch (IOException | YangParserException e) {
            throw new SchemaBuildException("Cannot build a schema from " + sources.size() + " sources: "
                + e.getMessage(), e);
        }
    }

    /** Loaded on first use only, so that OSGi callers never touch the bundle-private class. */
    static final class DefaultParser {
        static final YangParserFactory FACTORY = create();

        private DefaultParser() {
        }

        private static YangParserFactory create() {
            try {
                return new DefaultYangParserFactory();
            } catch (NoClassDefFoundError e) {
                throw new IllegalStateException("yangtools' default YANG parser is not visible here (OSGi): pass the "
                    + "YangParserFactory service to SchemaBuilder.build(factory, sources)", e);
            }
        }
    }
}
