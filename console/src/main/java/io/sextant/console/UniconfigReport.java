package io.sextant.console;

import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.uniconfig.Change;
import io.sextant.uniconfig.NodeResult;
import io.sextant.uniconfig.OperationResult;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** The text the UniConfig commands print: per node its status, changes or payload, then the outcome. */
public final class UniconfigReport {
    private UniconfigReport() {
    }

    /**
     * @param schemaOf each node's schema, to render its data; null when unknown
     * @param apiPath renders a change's path
     */
    public static String render(final OperationResult result,
            final Function<String, EffectiveModelContext> schemaOf,
            final Function<Change, String> apiPath) {
        final StringBuilder out = new StringBuilder();
        for (NodeResult node : result.nodes()) {
            out.append(node.nodeId()).append(": ").append(node.ok() ? "complete" : "FAILED");
            node.error().ifPresent(error -> out.append(" (").append(error.kind().yangName()).append(") ")
                .append(error.message()));
            out.append('\n');
            node.inSync().ifPresent(inSync -> out.append("  ").append(inSync ? "in sync" : "NOT in sync")
                .append('\n'));
            final EffectiveModelContext schema = schemaOf.apply(node.nodeId());
            for (Change change : node.diff()) {
                final String path = apiPath.apply(change);
                switch (change.kind()) {
                    case CREATED -> out.append("  + ").append(path).append("  ")
                        .append(json(schema, change, change.after().orElseThrow())).append('\n');
                    case DELETED -> out.append("  - ").append(path).append("  ")
                        .append(json(schema, change, change.before().orElseThrow())).append('\n');
                    case UPDATED -> out.append("  ~ ").append(path).append("  ")
                        .append(json(schema, change, change.before().orElseThrow())).append(" -> ")
                        .append(json(schema, change, change.after().orElseThrow())).append('\n');
                    default -> throw new IllegalStateException(change.kind().name());
                }
            }
            node.payload().ifPresent(payload -> {
                out.append("  ").append(node.protocol().map(p -> p.name().toLowerCase(java.util.Locale.ROOT))
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

    private static String json(final EffectiveModelContext schema, final Change change, final NormalizedNode data) {
        return schema == null ? String.valueOf(data) : JsonRenderer.render(schema, change.path(), data);
    }
}
