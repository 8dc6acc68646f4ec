package io.sextant.southbound.netconf.schema;

import org.opendaylight.yangtools.yang.parser.api.YangParserFactory;
import org.opendaylight.yangtools.yang.parser.impl.DefaultYangParserFactory;

/**
 * yangtools' default YANG parser factory, for plain Java. In OSGi the class is private to its
 * bundle (the import is optional in this bundle's manifest): components there take the
 * {@code YangParserFactory} service instead.
 */
public final class DefaultParsers {
    private DefaultParsers() {
    }

    public static YangParserFactory factory() {
        return Holder.FACTORY;
    }

    /** Loaded on first use only, so that OSGi code never touches the bundle-private class. */
    private static final class Holder {
        static final YangParserFactory FACTORY = new DefaultYangParserFactory();
    }
}
