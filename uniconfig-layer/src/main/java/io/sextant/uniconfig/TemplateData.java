package io.sextant.uniconfig;

import com.google.gson.JsonObject;
import io.sextant.datastore.codec.UserTerms;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.UnresolvedQName.Unqualified;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizationException;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A template's JSON, its variables put in, parsed in a node's schema with yangtools' RFC 7951
 * codec: type, range, pattern and structure are checked here. A value the schema refuses is
 * named by its path and the template text it came from.
 */
final class TemplateData {
    private static final NodeIdentifier ROOT = NodeIdentifier.create(EffectiveModelContext.NAME);
    private static final Pattern LEXICAL = Pattern.compile("Incorrect lexical representation of \\w+ value: (.*?)\\.\\s");
    private static final Pattern RANGE = Pattern.compile("Invalid range: (\\S+), expected");
    private static final Pattern QUOTED_VALUE = Pattern.compile("[Vv]alue '([^']*)'");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");

    private TemplateData() {
    }

    /** The data of {@code json} (an object of top-level nodes) under the datastore root. */
    static ContainerNode parse(final JsonObject json, final EffectiveModelContext schema,
            final List<TemplateJson.Substituted> substituted) throws TemplateFailure {
        final JsonObject wrapped = new JsonObject();
        wrapped.add(TemplateStore.MODULE_NAME + ":" + TemplateStore.CONFIGURATION.getLocalName(), json);
        try {
            final ContainerNode parsed = JSONCodecFactorySupplier.RFC7951.getShared(schema).parseDatastore(
                NodeIdentifier.create(TemplateStore.CONFIGURATION), Unqualified.of(TemplateStore.MODULE_NAME),
                new ByteArrayInputStream(wrapped.toString().getBytes(StandardCharsets.UTF_8))).data();
            return ImmutableNodes.newContainerBuilder().withNodeIdentifier(ROOT).withValue(parsed.body()).build();
        } catch (NormalizationException | IllegalArgumentException | IllegalStateException e) {
            throw explain(e, schema, substituted);
        }
    }

    private static TemplateFailure explain(final Exception failure, final EffectiveModelContext schema,
            final List<TemplateJson.Substituted> substituted) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        final String raw = cause.getMessage() != null ? cause.getMessage() : String.valueOf(failure.getMessage());
        final String message = UserTerms.of(raw, schema);
        for (Pattern pattern : List.of(LEXICAL, RANGE, QUOTED_VALUE, QUOTED)) {
            final Matcher m = pattern.matcher(raw);
            if (m.find()) {
                final String value = m.group(1);
                for (TemplateJson.Substituted s : substituted) {
                    if (s.value().equals(value)) {
                        return new TemplateFailure("Invalid value '" + value + "' at " + s.path() + " (from '"
                            + s.template() + "'): " + message);
                    }
                }
            }
        }
        return new TemplateFailure("The template does not fit the node's schema: " + message);
    }
}
