package io.sextant.model;

import java.io.IOException;
import java.util.Collection;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.parser.api.YangParser;
import org.opendaylight.yangtools.yang.parser.api.YangParserException;
import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.opendaylight.yangtools.yang.parser.impl.DefaultYangParserFactory;

/** Builds an {@link EffectiveModelContext} from YANG sources. Thread-safe. */
public final class SchemaBuilder {
    private static final YangParserFactory FACTORY = new DefaultYangParserFactory();

    private SchemaBuilder() {
    }

    /**
     * Parse the given sources. Every source is a main source: its data nodes become part of
     * the context.
     *
     * @throws SchemaBuildException when a source does not parse or an import does not resolve
     */
    public static EffectiveModelContext build(final Collection<YangSource> sources) throws SchemaBuildException {
        final YangParser parser = FACTORY.createParser();
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
}
