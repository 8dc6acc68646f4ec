package io.sextant.uniconfig;

import io.sextant.datastore.Failures;
import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * apply-template: a stored template, with each node's variable values, becomes one change of
 * the request's transaction (or of the nodes' intent at once, under their locks), all nodes or
 * none.
 */
public final class TemplateService {
    private static final Logger LOG = LoggerFactory.getLogger(TemplateService.class);

    /** One target node and its variable values. */
    public record Target(String nodeId, Map<String, String> values) {
        public Target {
            values = Map.copyOf(values);
        }
    }

    private final NodeRegistry registry;
    private final NodeLocks locks;
    private final TransactionManager transactions;
    private final TemplateStore templates;

    TemplateService(final NodeRegistry registry, final NodeLocks locks, final TransactionManager transactions,
            final TemplateStore templates) {
        this.registry = registry;
        this.locks = locks;
        this.transactions = transactions;
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
                () -> unknown.add(NodeRegistry.unknown(target.nodeId())));
        }
        if (!unknown.isEmpty()) {
            return done(notApplied(targets, unknown));
        }
        return transactions.run(context, tx -> tx != null ? inTransaction(template.orElseThrow(), nodes, tx,
            targets, access) : locks.acquire(nodes.keySet()).handle((held, failure) -> {
                if (failure != null) {
                    return busy(targets, Failures.unwrap(failure));
                }
                try (held) {
                    return immediately(template.orElseThrow(), nodes, targets, access);
                }
            }));
    }

    /** The nodes could not be locked (one stayed busy, or was replaced): nothing applied. */
    private static OperationResult busy(final List<Target> targets, final Throwable failure) {
        if (!(failure instanceof NodeFailure node)) {
            throw new CompletionException(failure);
        }
        final String message = String.valueOf(node.getMessage());
        return OperationResult.failed("Nothing applied: " + message, targets.stream().map(t -> NodeResult.failed(
            t.nodeId(), node.kind(), message)).toList());
    }

    private CompletionStage<OperationResult> inTransaction(final Template template,
            final Map<UniconfigNode, Target> nodes, final IntentTransaction tx, final List<Target> targets,
            final IntentAccess access) {
        final Map<UniconfigNode, List<Edit>> edits = new LinkedHashMap<>();
        final List<NodeResult> failures = render(template, nodes, tx, edits);
        if (!failures.isEmpty()) {
            return done(notApplied(targets, failures));
        }
        try {
            tx.editAll(edits, access);
        } catch (IntentTransaction.EditsRefused e) {
            if (denied(e.errors())) {
                return CompletableFuture.failedFuture(e.errors());
            }
            return done(notApplied(targets, List.of(refused(e.nodeId(), e.errors(), registry.node(e.nodeId())
                .map(UniconfigNode::schema).orElse(null)))));
        }
        return done(applied(targets));
    }

    /** Under the nodes' locks: every node's change is computed and validated before any is kept and applied. */
    private OperationResult immediately(final Template template, final Map<UniconfigNode, Target> nodes,
            final List<Target> targets, final IntentAccess access) {
        final Map<UniconfigNode, List<Edit>> edits = new LinkedHashMap<>();
        final List<NodeResult> failures = render(template, nodes, null, edits);
        if (!failures.isEmpty()) {
            return notApplied(targets, failures);
        }
        final List<NodeUpdate> updates = new ArrayList<>();
        for (Map.Entry<UniconfigNode, List<Edit>> entry : edits.entrySet()) {
            try {
                updates.add(IntentService.checked(access, entry.getKey().editIntent(entry.getValue())));
            } catch (OperationErrorsException e) {
                if (denied(e)) {
                    throw new CompletionException(e);
                }
                return notApplied(targets, List.of(refused(entry.getKey().nodeId(), e, entry.getKey().schema())));
            }
        }
        final List<NodeUpdate> kept = new ArrayList<>();
        for (NodeUpdate update : updates) {
            try {
                registry.apply(update);
                kept.add(update);
            } catch (OperationErrorsException e) {
                putBack(kept);
                return notApplied(targets, List.of(NodeResult.failedProcessing(update.node().nodeId(), e,
                    update.node().schema())));
            }
        }
        return applied(targets);
    }

    /** The nodes changed before one whose change could not be kept get their intent back. */
    private void putBack(final List<NodeUpdate> kept) {
        for (NodeUpdate update : kept) {
            try {
                registry.apply(update.node().replaceIntent(update.intentBefore()));
            } catch (OperationErrorsException e) {
                LOG.warn("apply-template: the intent of {} could not be put back after another node's change was "
                    + "refused; it holds the template", update.node().nodeId(), e);
            }
        }
    }

    private List<NodeResult> render(final Template template, final Map<UniconfigNode, Target> nodes,
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

    /** Whether the user may not make the change: the whole request answers so. */
    private static boolean denied(final OperationErrorsException errors) {
        return errors.errors().stream().anyMatch(error -> error.tag().equals(ErrorTag.ACCESS_DENIED));
    }

    private static NodeResult refused(final String nodeId, final OperationErrorsException errors,
            final @Nullable EffectiveModelContext schema) {
        return NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "The node's schema refuses the result: "
            + CommitCoordinator.describe(errors, schema));
    }

    private static OperationResult applied(final List<Target> targets) {
        return OperationResult.of(targets.stream().map(t -> NodeResult.ok(t.nodeId())).toList());
    }

    /** Nothing was applied: the failures, and every other node said not to have been changed. */
    private static OperationResult notApplied(final List<Target> targets, final List<NodeResult> failures) {
        final List<String> failed = failures.stream().map(NodeResult::nodeId).toList();
        final List<NodeResult> results = new ArrayList<>(failures);
        for (Target target : targets) {
            if (!failed.contains(target.nodeId())) {
                results.add(NodeResult.failed(target.nodeId(), ErrorKind.PROCESSING_ERROR, "Not applied: the "
                    + "template failed on " + String.join(", ", failed)));
            }
        }
        final NodeResult first = failures.get(0);
        return OperationResult.failed("Nothing applied: " + first.nodeId() + ": " + first.error()
            .map(NodeResult.NodeError::message).orElse("failed"), results);
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
