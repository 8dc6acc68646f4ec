package io.sextant.uniconfig;

import io.sextant.model.ControllerSchema;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcImplementation;
import io.sextant.spi.RpcRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * uniconfig-manager:commit and checked-commit (with skip-unreachable-nodes) and the options of
 * module sextant-gate (confirm-timeout, checks), and that module's confirm-commit and
 * cancel-commit. A commit without those options is answered exactly as before.
 */
final class GateRpcs implements AutoCloseable {
    private static final QNameModule UCM = ControllerSchema.UNICONFIG_MANAGER;
    private static final QNameModule GATE = ControllerSchema.GATE;

    private final List<Registration> registrations = new ArrayList<>();

    GateRpcs(final CommitService commits, final IntentAccess.Policy access, final RpcRegistry registry) {
        registrations.add(registry.register(QName.create(UCM, "commit"), withOptions(commits::commit)));
        registrations.add(registry.register(QName.create(UCM, "checked-commit"), withOptions(commits::checkedCommit)));
        registrations.add(registry.register(QName.create(GATE, "confirm-commit"), (input, context) ->
            answer(GATE, List.of(), () -> commits.decide(commitId(input), true, context,
                access.forRequest(context)))));
        registrations.add(registry.register(QName.create(GATE, "cancel-commit"), (input, context) ->
            answer(GATE, List.of(), () -> commits.decide(commitId(input), false, context,
                access.forRequest(context)))));
    }

    /** A commit or checked-commit whose input may carry the gate's options. */
    private interface Committing {
        CompletionStage<GatedResult> commit(List<String> targets, RequestContext context, CommitOptions options);
    }

    private static RpcImplementation withOptions(final Committing committing) {
        return (input, context) -> {
            final List<String> targets = UniconfigRpcs.targetNodes(input);
            final GateOptions options;
            try {
                options = options(input);
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            return answer(UCM, targets, () -> committing.commit(targets, context, new CommitOptions(
                UniconfigRpcs.skipUnreachable(input), options)));
        };
    }

    private static CompletionStage<Optional<ContainerNode>> answer(final QNameModule module,
            final List<String> targets, final Supplier<CompletionStage<GatedResult>> operation) {
        final AtomicReference<@Nullable GateOutcome> gate = new AtomicReference<>();
        return UniconfigRpcs.guarded(targets, () -> operation.get().thenApply(result -> {
            gate.set(result.gate());
            return result.result();
        })).thenApply(result -> Optional.of(withGate(UniconfigRpcs.plainOutput(module, result), gate.get())));
    }

    /** The node-results output with the gate's outcome added (in sextant-gate's namespace). */
    static ContainerNode withGate(final ContainerNode output, final @Nullable GateOutcome gate) {
        if (gate == null) {
            return output;
        }
        final var builder = ImmutableNodes.newContainerBuilder().withNodeIdentifier(output.name());
        output.body().forEach(builder::withChild);
        final QName container = QName.create(GATE, "gate");
        final var node = ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(container))
            .withChild(ImmutableNodes.leafNode(QName.create(GATE, "commit-id"), gate.commitId()))
            .withChild(ImmutableNodes.leafNode(QName.create(GATE, "state"), gate.state().yangName()));
        if (gate.deadline() != null) {
            node.withChild(ImmutableNodes.leafNode(QName.create(GATE, "confirm-deadline"),
                String.valueOf(gate.deadline())));
        }
        if (!gate.checks().isEmpty()) {
            final QName result = QName.create(GATE, "check-result");
            final QName name = QName.create(GATE, "name");
            final var list = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(NodeIdentifier.create(result));
            for (GateOutcome.CheckResult check : gate.checks()) {
                list.withChild(ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(result, name, check.name()))
                    .withChild(ImmutableNodes.leafNode(name, check.name()))
                    .withChild(ImmutableNodes.leafNode(QName.create(GATE, "node-id"), check.nodeId()))
                    .withChild(ImmutableNodes.leafNode(QName.create(GATE, "passed"), check.passed()))
                    .withChild(ImmutableNodes.leafNode(QName.create(GATE, "attempts"), Uint32.valueOf(
                        check.attempts())))
                    .withChild(ImmutableNodes.leafNode(QName.create(GATE, "detail"), check.detail()))
                    .build());
            }
            node.withChild(list.build());
        }
        return builder.withChild(node.build()).build();
    }

    /** The gate options of a commit input; none for a plain commit. */
    static GateOptions options(final ContainerNode input) throws OperationErrorsException {
        final Duration confirm = leaf(input, "confirm-timeout").map(v -> Duration.ofSeconds(((Uint32) v).longValue()))
            .orElse(null);
        final Duration checkTimeout = leaf(input, "check-timeout").map(v -> Duration.ofSeconds(((Uint32) v)
            .longValue())).orElse(GateOptions.DEFAULT_CHECK_TIMEOUT);
        final List<GateCheck> checks = new ArrayList<>();
        final DataContainerChild list = input.childByArg(NodeIdentifier.create(QName.create(GATE, "check")));
        if (list instanceof MapNode map) {
            for (MapEntryNode entry : map.body()) {
                checks.add(check(entry));
            }
        }
        return new GateOptions(confirm, checkTimeout, checks);
    }

    private static GateCheck check(final MapEntryNode entry) throws OperationErrorsException {
        final String name = leaf(entry, "name").map(Object::toString).orElse("");
        final String nodeId = leaf(entry, "node-id").map(Object::toString).orElseThrow(() -> invalid(
            ErrorTag.MISSING_ELEMENT, "Check '" + name + "' names no node-id"));
        final DataContainerChild read = entry.childByArg(NodeIdentifier.create(QName.create(GATE, "read")));
        final DataContainerNode holder = read instanceof ChoiceNode choice ? choice : entry;
        final String command = leaf(holder, "command").map(Object::toString).orElse(null);
        final String path = leaf(holder, "path").map(Object::toString).orElse(null);
        if (command == null && path == null) {
            throw invalid(ErrorTag.MISSING_ELEMENT, "Check '" + name + "' reads nothing: give a command (CLI "
                + "nodes) or a path (NETCONF nodes)");
        }
        final String expect = leaf(entry, "expect").map(Object::toString).orElseThrow(() -> invalid(
            ErrorTag.MISSING_ELEMENT, "Check '" + name + "' has no expect (the pattern its output must contain)"));
        try {
            return new GateCheck(name, nodeId, command, path, Pattern.compile(expect));
        } catch (PatternSyntaxException e) {
            throw invalid(ErrorTag.INVALID_VALUE, "Check '" + name + "': expect is not a regular expression: "
                + e.getDescription() + " in '" + expect + "'");
        }
    }

    private static String commitId(final ContainerNode input) {
        return leaf(input, "commit-id").map(Object::toString).orElse("");
    }

    private static Optional<Object> leaf(final DataContainerNode container, final String name) {
        final DataContainerChild child = container.childByArg(NodeIdentifier.create(QName.create(GATE, name)));
        return child instanceof LeafNode<?> leaf ? Optional.of(leaf.body()) : Optional.empty();
    }

    private static OperationErrorsException invalid(final ErrorTag tag, final String message) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, tag, message);
    }

    @Override
    public void close() {
        registrations.forEach(Registration::close);
        registrations.clear();
    }
}
