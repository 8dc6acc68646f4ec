package io.sextant.console;

import io.sextant.model.ControllerSchema;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.raw.RawCli;
import io.sextant.southbound.cli.raw.RawCliResult;
import io.sextant.spi.OperationErrorsException;
import io.sextant.uniconfig.UniconfigService;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * {@code sextant:cli-exec [--allow-config-mode] [--timeout s] <node> <command>...}: raw CLI
 * (cli-topology:execute-and-read), each argument one command line.
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
        return QName.create(ControllerSchema.CLI_TOPOLOGY, "execute-and-read");
    }

    @Override
    CompletionStage<Report> perform(final UniconfigService service, final ConsoleUser user) {
        final RawCli raw = services.rawCli();
        if (raw == null) {
            return CompletableFuture.failedFuture(OperationErrorsException.of(ErrorType.APPLICATION,
                ErrorTag.RESOURCE_DENIED, "The CLI southbound is not there yet"));
        }
        return raw.run(user.name(), "cli-topology:execute-and-read", node,
            commands.stream().map(CliStep::command).toList(), allowConfigMode,
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
