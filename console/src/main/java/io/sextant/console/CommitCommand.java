package io.sextant.console;

import io.sextant.uniconfig.CommitOptions;
import io.sextant.uniconfig.OperationResult;
import io.sextant.uniconfig.UniconfigService;
import io.sextant.uniconfig.GateCheck;
import io.sextant.uniconfig.GateOptions;
import io.sextant.uniconfig.GateOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;

/**
 * {@code sextant:commit [--checked] [--skip-unreachable] [--confirm-timeout S] [--check-timeout S] [--check NODE|READ|PATTERN]...
 * [node...]}: with a confirm timeout or checks, a gated commit (module sextant-gate).
 */
@Service
@Command(scope = "sextant", name = "commit",
    description = "Commits the intended configuration to the devices: all of them change, or none does")
public final class CommitCommand extends UniconfigCommand {
    @Option(name = "--checked", description = "Refuse when a device changed outside the controller since the last sync")
    boolean checked;

    @Option(name = "--skip-unreachable", description = "Leave out nodes whose devices are not connected: the others "
        + "commit, the skipped ones keep their pending intent")
    boolean skipUnreachable;

    @Option(name = "--confirm-timeout", description = "Gate the commit: put every device back unless "
        + "sextant:confirm-commit comes within this many seconds (after every check held)")
    int confirmTimeout;

    @Option(name = "--check-timeout", description = "Seconds each check is retried before it fails the commit "
        + "(default 60)")
    int checkTimeout;

    @Option(name = "--check", multiValued = true, description = "A check of the gate: NODE|show command|pattern "
        + "(CLI nodes) or NODE|api-path|pattern (NETCONF nodes); the pattern must be found in what is read")
    @Nullable List<String> checks;

    private final AtomicReference<@Nullable GateOutcome> gate = new AtomicReference<>();

    @Argument(name = "nodes", description = "Node ids (default: every node with changes)", multiValued = true)
    @Completion(UniconfigNodeCompleter.class)
    @Nullable List<String> nodes;

    @Override
    QName rpc() {
        return checked ? uniconfigManager("checked-commit") : uniconfigManager("commit");
    }

    @Override
    CompletionStage<OperationResult> run(final UniconfigService uniconfig, final ConsoleUser user) {
        final GateOptions options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        final CommitOptions commitOptions = new CommitOptions(skipUnreachable, options);
        return (checked ? uniconfig.commits().checkedCommit(orEmpty(nodes), user.context(), commitOptions)
            : uniconfig.commits().commit(orEmpty(nodes), user.context(), commitOptions))
            .thenApply(result -> {
                gate.set(result.gate());
                return result.result();
            });
    }

    private GateOptions options() {
        final List<GateCheck> parsed = new ArrayList<>();
        for (String check : orEmpty(checks)) {
            final String[] parts = check.split("\\|", 3);
            if (parts.length != 3) {
                throw new IllegalArgumentException("A check is NODE|show command|pattern or NODE|api-path|pattern, "
                    + "not " + check);
            }
            final String read = parts[1].strip();
            final boolean command = read.startsWith("show ");
            try {
                parsed.add(new GateCheck("check-" + (parsed.size() + 1), parts[0].strip(), command ? read : null,
                    command ? null : read, Pattern.compile(parts[2])));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("Not a regular expression: " + parts[2] + " (" + e.getDescription()
                    + ")", e);
            }
        }
        return new GateOptions(confirmTimeout > 0 ? Duration.ofSeconds(confirmTimeout) : null, checkTimeout > 0
            ? Duration.ofSeconds(checkTimeout) : GateOptions.DEFAULT_CHECK_TIMEOUT, parsed);
    }

    @Override
    String afterReport() {
        return GateReport.render(gate.get());
    }
}
