package io.sextant.uniconfig;

import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;

/**
 * apply-template: a stored template, with each node's variable values, becomes one change of
 * the request's transaction (or of the nodes' intent at once, under their locks), all nodes or
 * none.
 */
public final class TemplateService {
    /** One target node and its variable values. */
    public record Target(String nodeId, Map<String, String> values) {
        public Target {
            values = Map.copyOf(values);
        }
    }

    /** How the node results name the operation. */
    private static final String THE_TEMPLATE = "the template";

    private final NodeRegistry registry;
    private final NodeEdits edits;
    private final TemplateStore templates;

    TemplateService(final NodeRegistry registry, final NodeEdits edits, final TemplateStore templates) {
        this.registry = registry;
        this.edits = edits;
        this.templates = templates;
    }

    /** The names of the stored templates. */
    public List<String> templateNames() {
        return templates.names();
    }

    /** The variables a stored template uses, in order of appearance; empty when there is no such template. */
    public List<String> variables(final String name) {
        return templates.find(name).map(t -> {
            final var names = Variables.in(t.configuration());
            t.operations().forEach(op -> names.addAll(Variables.in(op.path())));
            return List.copyOf(names);
        }).orElse(List.of());
    }

    /**
     * Apply template {@code name} to {@code targets}: all nodes or none. A change {@code access}
     * does not permit fails the whole request ({@code access-denied}) with nothing applied.
     */
    public CompletionStage<OperationResult> applyTemplate(final String name, final List<Target> targets,
            final RequestContext context, final IntentAccess access) {
        final Optional<Template> template = templates.find(name);
        if (template.isEmpty()) {
            return done(OperationResult.failed("Template " + name + " does not exist", List.of()));
        }
        if (targets.isEmpty()) {
            return done(OperationResult.failed("apply-template needs at least one target node", List.of()));
        }
        final Map<UniconfigNode, Target> nodes = new LinkedHashMap<>();
        final List<NodeResult> unknown = new ArrayList<>();
        for (Target target : targets) {
            registry.node(target.nodeId()).ifPresentOrElse(node -> nodes.put(node, target),
                () -> unknown.add(NodeResults.unknown(target.nodeId())));
        }
        final List<String> ids = targets.stream().map(Target::nodeId).toList();
        if (!unknown.isEmpty()) {
            return done(NodeEdits.notApplied(THE_TEMPLATE, ids, unknown));
        }
        return edits.apply(THE_TEMPLATE, ids, nodes.keySet(), context, access, (tx, out) -> render(
            template.orElseThrow(), nodes, tx, out));
    }

    private static List<NodeResult> render(final Template template, final Map<UniconfigNode, Target> nodes,
            final @Nullable IntentTransaction tx, final Map<UniconfigNode, List<Edit>> edits) {
        final List<NodeResult> failures = new ArrayList<>();
        for (Map.Entry<UniconfigNode, Target> entry : nodes.entrySet()) {
            final UniconfigNode node = entry.getKey();
            try {
                edits.put(node, TemplateEdits.of(template, entry.getValue().values(), node.schema(),
                    tx != null ? tx.intended(node) : node.intendedRoot()));
            } catch (TemplateFailure e) {
                failures.add(NodeResult.failed(node.nodeId(), ErrorKind.PROCESSING_ERROR, String.valueOf(
                    e.getMessage())));
            }
        }
        return failures;
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
