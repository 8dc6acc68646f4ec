package io.sextant.restconf.server;

import java.util.Map;
import java.util.WeakHashMap;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactory;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.xml.XmlCodecFactory;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * The codecs and schema lookup tree of one schema context, built once per context and shared
 * (devices with the same module set share a context, hence their codecs).
 */
record SchemaCodecs(EffectiveModelContext schema, JSONCodecFactory json, XmlCodecFactory xml,
        DataSchemaContextTree tree) {

    private static final Map<EffectiveModelContext, SchemaCodecs> CACHE = new WeakHashMap<>();

    static SchemaCodecs of(final EffectiveModelContext schema) {
        synchronized (CACHE) {
            return CACHE.computeIfAbsent(schema, ctx -> new SchemaCodecs(ctx,
                JSONCodecFactorySupplier.RFC7951.getShared(ctx), XmlCodecFactory.create(ctx),
                DataSchemaContextTree.from(ctx)));
        }
    }
}
