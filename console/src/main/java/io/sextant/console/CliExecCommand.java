package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.raw.RawCli;
import io.sextant.southbound.cli.raw.RawCliResult;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.UniconfigService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * {@code sextant:cli-exec [--allow-config-mode] [--timeout s] [--expect n=regex]... <node> <command>...}:
 * raw CLI, each argument one command line: cli-topology:execute-and-read, or with
 * {@code --expect} execute-and-expect (command n, counted from 1, is answered by text matching the
 * regular expression instead of the prompt: a confirmation question, say).
 */
@Service
@Command(scope = "sextant", name = "cli-exec",
    description = "Sends commands to a CLI node's exec prompt and prints what it answered (execute-and-read)")
public final class CliExecCommand extends RpcCommand {
    @Option(name = "-c", aliases = "--allow-config-mode",
        description = "Also send commands that enter configuration mode (the device may then differ from its intent)")
    boolean allowConfigMode;

    @Option(name = "-t", aliases = "--timeout", description = "Seconds each command may take (default: the node's)")
    long timeoutSeconds;

    @Option(name = "-e", aliases = "--expect", multiValued = true, description = "n=regex: command n (from 1) is "
        + "answered by text matching regex (for example a confirmation question), not by the prompt")
    @Nullable List<String> expects;

    @Argument(index = 0, name = "node", description = "A connected node of topology-cli", required = true)
    @Completion(MountedNodeCompleter.class)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    String node;

    @Argument(index = 1, name = "commands", description = "Command lines, for example \"show version\"",
        required = true, multiValued = true)
    @SuppressWarnings("NullAway.Init") // a required argument: Karaf's shell sets it before execute()
    List<String> commands;

    @Override
    QName rpc() {
        return QName.create(ControllerSchema.CLI_TOPOLOGY, rpcName());
    }

    private String rpcName() {
        return expects == null || expects.isEmpty() ? "execute-and-read" : "execute-and-expect";
    }

    /** The commands, each with what answers it. */
    static List<CliStep> steps(final List<String> commands, final @Nullable List<String> expects) {
        final Map<Integer, Pattern> answers = new HashMap<>();
        for (String expect : expects == null ? List.<String>of() : expects) {
            final int eq = expect.indexOf('=');
            final int index;
            try {
                index = Integer.parseInt(eq <= 0 ? expect : expect.substring(0, eq));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--expect takes n=regex, not '" + expect + "'", e);
            }
            if (eq <= 0) {
                throw new IllegalArgumentException("--expect takes n=regex, not '" + expect + "'");
            }
            if (index < 1 || index > commands.size()) {
                throw new IllegalArgumentException("--expect takes n=regex with n the number of a command (1 to "
                    + commands.size() + "), not '" + expect + "'");
            }
            try {
                answers.put(index, Pattern.compile(expect.substring(eq + 1)));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("--expect " + expect + ": not a regular expression ("
                    + e.getDescription() + ")", e);
            }
        }
        final List<CliStep> steps = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            steps.add(new CliStep(commands.get(i), answers.get(i + 1)));
        }
        return steps;
    }

    @Override
    CompletionStage<Report> perform(final UniconfigService service, final ConsoleUser user) {
        final RawCli raw = services.rawCli();
        if (raw == null) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.RESOURCE_DENIED, "The CLI southbound is not there yet"));
        }
        final List<CliStep> steps;
        try {
            steps = steps(commands, expects);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        return raw.run(user.name(), "cli-topology:" + rpcName(), node, steps, allowConfigMode,
            timeoutSeconds > 0 ? Duration.ofSeconds(timeoutSeconds) : null).thenApply(CliExecCommand::report);
    }

    static Report report(final RawCliResult result) {
        final StringBuilder text = new StringBuilder(result.transcript()).append('\n');
        result.steps().stream().filter(step -> step.error() != null).forEach(step -> text.append("Rejected: '")
            .append(step.line()).append("': ").append(step.error()).append("; nothing after it was sent\n"));
        if (result.configurationMayDiffer()) {
            text.append("Configuration mode was allowed: ").append(result.nodeId()).append("'s configuration may now "
                + "differ from its actual configuration (sextant:sync ").append(result.nodeId()).append(")\n");
        }
        return new Report(!result.rejected(), List.of(result.nodeId()), text.toString());
    }
}
