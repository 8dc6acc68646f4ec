package io.sextant.console;

import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.uniconfig.ConfigDiff.Change;
import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import java.util.Collection;
import java.util.Locale;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The text the UniConfig commands print: per node its status, changes or payload, then the outcome. */
public final class UniconfigReport {
    private UniconfigReport() {
    }

    /**
     * @param schemaOf each node's schema, to render its paths and data; null when unknown
     */
    public static String render(final OperationResult result,
            final Function<String, @Nullable EffectiveModelContext> schemaOf) {
        final StringBuilder out = new StringBuilder();
        for (NodeResult node : result.nodes()) {
            out.append(node.nodeId()).append(": ").append(node.ok() ? node.status() : "FAILED");
            node.error().ifPresent(error -> out.append(" (").append(error.kind().yangName()).append(") ")
                .append(error.message()));
            out.append('\n');
            node.inSync().ifPresent(inSync -> out.append("  ").append(inSync ? "in sync" : "NOT in sync")
                .append('\n'));
            final @Nullable EffectiveModelContext schema = schemaOf.apply(node.nodeId());
            for (Change change : node.diff().changes()) {
                final String path = schema == null ? change.path().toString()
                    : "/" + InstanceIdentifiers.toApiPath(change.path(), schema);
                final NormalizedNode before = change.node().dataBefore();
                final NormalizedNode after = change.node().dataAfter();
                switch (change.kind()) {
                    case CREATED -> out.append("  + ").append(path).append("  ")
                        .append(json(schema, change, after)).append('\n');
                    case DELETED -> out.append("  - ").append(path).append("  ")
                        .append(json(schema, change, before)).append('\n');
                    case UPDATED -> out.append("  ~ ").append(path).append("  ")
                        .append(json(schema, change, before)).append(" -> ")
                        .append(json(schema, change, after)).append('\n');
                    default -> throw new IllegalStateException(change.kind().name());
                }
            }
            node.payload().ifPresent(payload -> {
                out.append("  ").append(node.protocol().map(p -> p.name().toLowerCase(Locale.ROOT))
                    .orElse("")).append(" payload:\n");
                payload.lines().forEach(line -> out.append("    ").append(line).append('\n'));
            });
        }
        if (result.nodes().isEmpty()) {
            out.append("No node to act on (no changes).\n");
        }
        out.append(result.ok() ? "Overall: complete" : "Overall: FAILED");
        result.error().ifPresent(error -> out.append(" - ").append(error));
        return out.append('\n').toString();
    }

    private static String json(final @Nullable EffectiveModelContext schema, final Change change, final NormalizedNode data) {
        return schema == null ? withoutSchema(data) : JsonRenderer.render(schema, change.path(), data);
    }

    /** Without the node's schema (its device is gone): a value as it is, a subtree by its size. */
    private static String withoutSchema(final NormalizedNode data) {
        if (data.body() instanceof Collection<?> children) {
            return "(" + children.size() + " child node" + (children.size() == 1 ? ")" : "s)");
        }
        return String.valueOf(data.body());
    }
}
