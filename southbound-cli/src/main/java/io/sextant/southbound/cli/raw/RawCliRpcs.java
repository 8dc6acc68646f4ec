package io.sextant.southbound.cli.raw;

import io.sextant.model.ControllerSchema;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.UnkeyedListNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** {@code cli-topology:execute-and-read} and {@code execute-and-expect}: {@link RawCli} over RPCs. */
@Component(service = RawCliRpcs.class, immediate = true)
public final class RawCliRpcs implements AutoCloseable {
    static final QName READ = cli("execute-and-read");
    static final QName EXPECT = cli("execute-and-expect");
    private static final QName NODE_ID = cli("node-id");
    private static final QName ALLOW_CONFIG_MODE = cli("allow-config-mode");
    private static final QName TIMEOUT = cli("timeout-seconds");
    private static final QName COMMAND = cli("command");
    private static final QName STEP = cli("step");
    private static final QName EXPECT_LEAF = cli("expect");
    private static final QName OUTPUT = cli("output");
    private static final QName STEP_OUTPUT = cli("step-output");
    private static final QName ENDED_BY = cli("ended-by");
    private static final QName ERROR = cli("error");
    private static final QName MAY_DIFFER = cli("configuration-may-differ");

    private final RawCli raw;
    private final List<Registration> registrations;

    @Activate
    public RawCliRpcs(@Reference final RpcRegistry rpcs, @Reference final RawCli raw) {
        this.raw = raw;
        this.registrations = List.of(rpcs.register(READ, this::read), rpcs.register(EXPECT, this::expect));
    }

    private CompletionStage<Optional<ContainerNode>> read(final ContainerNode input, final RequestContext context) {
        final List<CliStep> steps = Arrays.stream(text(input, COMMAND).orElse("").split("\\R"))
            .filter(line -> !line.isBlank()).map(CliStep::command).toList();
        return run(input, context, "cli-topology:execute-and-read", steps);
    }

    private CompletionStage<Optional<ContainerNode>> expect(final ContainerNode input, final RequestContext context) {
        final List<CliStep> steps = new ArrayList<>();
        if (input.childByArg(new NodeIdentifier(STEP)) instanceof UnkeyedListNode list) {
            for (UnkeyedListEntryNode entry : list.body()) {
                final Optional<String> expect = text(entry, EXPECT_LEAF).filter(value -> !value.isEmpty());
                try {
                    steps.add(new CliStep(text(entry, COMMAND).orElse(""),
                        expect.isPresent() ? Pattern.compile(expect.orElseThrow()) : null));
                } catch (PatternSyntaxException e) {
                    return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                        ErrorTag.INVALID_VALUE, "expect '" + expect.orElseThrow() + "' is not a regular expression: "
                            + e.getDescription()));
                }
            }
        }
        return run(input, context, "cli-topology:execute-and-expect", steps);
    }

    private CompletionStage<Optional<ContainerNode>> run(final ContainerNode input, final RequestContext context,
            final String rpc, final List<CliStep> steps) {
        final boolean allowConfigMode = input.childByArg(new NodeIdentifier(ALLOW_CONFIG_MODE)) instanceof LeafNode<?> leaf
            && Boolean.TRUE.equals(leaf.body());
        final @Nullable Duration timeout = text(input, TIMEOUT).map(seconds -> Duration.ofSeconds(Long.parseLong(seconds)))
            .orElse(null);
        return raw.run(context.user(), rpc, text(input, NODE_ID).orElse(""), steps, allowConfigMode, timeout)
            .thenApply(result -> Optional.of(output(result)));
    }

    static ContainerNode output(final RawCliResult result) {
        final var steps = ImmutableNodes.newUnkeyedListBuilder().withNodeIdentifier(new NodeIdentifier(STEP_OUTPUT));
        for (CliStepOutput step : result.steps()) {
            final var entry = ImmutableNodes.newUnkeyedListEntryBuilder().withNodeIdentifier(new NodeIdentifier(
                STEP_OUTPUT)).withChild(ImmutableNodes.leafNode(COMMAND, step.line()))
                .withChild(ImmutableNodes.leafNode(OUTPUT, step.output()))
                .withChild(ImmutableNodes.leafNode(ENDED_BY, step.endedBy()));
            final String error = step.error();
            if (error != null) {
                entry.withChild(ImmutableNodes.leafNode(ERROR, error));
            }
            steps.withChild(entry.build());
        }
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(cli("output")))
            .withChild(ImmutableNodes.leafNode(OUTPUT, result.transcript()))
            .withChild(steps.build())
            .withChild(ImmutableNodes.leafNode(MAY_DIFFER, result.configurationMayDiffer()))
            .build();
    }

    private static Optional<String> text(final DataContainerNode node, final QName name) {
        return node.childByArg(new NodeIdentifier(name)) instanceof LeafNode<?> leaf
            ? Optional.of(String.valueOf(leaf.body())) : Optional.empty();
    }

    private static QName cli(final String name) {
        return QName.create(ControllerSchema.CLI_TOPOLOGY, name);
    }

    @Deactivate
    @Override
    public void close() {
        registrations.forEach(Registration::close);
    }
}
