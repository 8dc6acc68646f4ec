package io.sextant.simulator;

import com.google.gson.stream.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.util.Collection;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * The configuration every simulated device starts with, parsed once and shared by all of them:
 * RFC 7951 JSON documents, one top-level node each (what the perf harness's generator writes).
 */
public final class BaseConfig {
    private BaseConfig() {
    }

    public static ContainerNode empty() {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(SchemaContext.NAME))
            .build();
    }

    /**
     * The root holding the top-level nodes of {@code documents}, checked against the schema.
     *
     * @throws IOException when a document does not parse or the result is not valid configuration
     */
    public static ContainerNode fromJson(final DeviceSchema schema, final Collection<String> documents)
            throws IOException {
        final var root = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(NodeIdentifier.create(SchemaContext.NAME));
        for (String document : documents) {
            final NormalizationResultHolder holder = new NormalizationResultHolder();
            try (JsonParserStream parser = JsonParserStream.create(ImmutableNormalizedNodeStreamWriter.from(holder),
                    JSONCodecFactorySupplier.RFC7951.getShared(schema.context()))) {
                parser.parse(new JsonReader(new StringReader(document)));
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new IOException("Base configuration does not fit the schema: " + e.getMessage(), e);
            }
            root.withChild((DataContainerChild) holder.getResult().data());
        }
        final ContainerNode result = root.build();
        if (result.isEmpty()) {
            return result;
        }
        try {
            new InMemoryDataTreeFactory().create(new DataTreeConfiguration.Builder(
                DataTreeConfiguration.DEFAULT_CONFIGURATION.getTreeType())
                .setMandatoryNodesValidation(schema.enforceMandatory()).build(), schema.context(), result);
        } catch (DataValidationFailedException e) {
            throw new IOException("Base configuration is not valid at " + e.getPath() + ": " + e.getMessage(), e);
        }
        return result;
    }
}
