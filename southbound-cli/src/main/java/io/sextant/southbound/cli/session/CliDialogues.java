package io.sextant.southbound.cli.session;

import static io.sextant.southbound.cli.session.CliFailures.rejected;
import static io.sextant.southbound.cli.session.CliFailures.transport;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliCommandException;
import io.sextant.southbound.cli.CliDialect;
import io.sextant.southbound.cli.CliStep;
import io.sextant.southbound.cli.CliStepOutput;
import io.sextant.southbound.cli.pipeline.CliEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntUnaryOperator;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The command sequences of a CLI session, in one dialect, over a {@link Commands}: the setup
 * after the first prompt (the dialect's setup commands, enable), one command, a list of
 * commands, and a configuration batch in configuration mode, all or nothing or continuing past
 * rejected lines. A device's rejection of a line is a {@link CliCommandException}. Each
 * sequence is one job of its session: it sends one command at a time.
 */
final class CliDialogues {
    /** One command at a time to the device. */
    interface Commands {
        /** Send one command; completes with its {@link CliEvent.Reply} or {@link CliEvent.DeviceError}. */
        CompletableFuture<CliEvent> send(String line);

        /** Send one line whose answer ends at the prompt or at a last line {@code expect} finds, within {@code timeout}. */
        CompletableFuture<CliEvent> send(String line, @Nullable Pattern expect, Duration timeout);

        /** The device's latest prompt. */
        String prompt();
    }

    private final CliDialect dialect;
    private final Commands commands;

    CliDialogues(final CliDialect dialect, final Commands commands) {
        this.dialect = dialect;
        this.commands = commands;
    }

    /** The dialect's setup commands, then enable when the prompt is not privileged and the dialect has one. */
    CompletableFuture<CliEvent> setup() {
        CompletableFuture<CliEvent> chain = CompletableFuture.completedFuture(null);
        for (String command : dialect.sessionSetup()) {
            chain = chain.thenCompose(previous -> accepted(command));
        }
        return chain.thenCompose(previous -> {
            if (commands.prompt().endsWith(">") && dialect.enableCommand().isPresent()) {
                final String enable = dialect.enableCommand().orElseThrow();
                return accepted(enable).thenCompose(reply -> commands.prompt().endsWith(">")
                    ? CompletableFuture.failedFuture(transport(ErrorTag.ACCESS_DENIED,
                        "'" + enable + "' did not reach privileged mode"))
                    : CompletableFuture.completedFuture(reply));
            }
            return CompletableFuture.completedFuture(previous);
        });
    }

    /** One command's output. */
    CompletableFuture<String> command(final String command) {
        return accepted(command).thenApply(event -> ((CliEvent.Reply) event).output());
    }

    /** The outputs of {@code list}, one after another; the first rejection ends the list. */
    CompletableFuture<List<String>> commands(final List<String> list) {
        final List<String> outputs = new ArrayList<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String command : list) {
            chain = chain.thenCompose(ignored -> accepted(command)).thenAccept(event ->
                outputs.add(((CliEvent.Reply) event).output()));
        }
        return chain.thenApply(ignored -> List.copyOf(outputs));
    }

    /** {@code lines} (blank ones left out) in configuration mode; the first rejection leaves it and fails. */
    CompletableFuture<Void> configure(final List<String> lines) {
        final List<String> batch = lines.stream().filter(line -> !line.isBlank()).toList();
        return enterConfig().thenCompose(entered -> {
            final CompletableFuture<Void> done = new CompletableFuture<>();
            sendLines(batch, 0, done);
            return done;
        });
    }

    /**
     * {@code lines} in configuration mode, going on after a rejected line at the index
     * {@code continueAfterRejection} gives; the rejected lines.
     */
    CompletableFuture<List<CliCommandException>> configureAll(final List<String> lines,
            final IntUnaryOperator continueAfterRejection) {
        return enterConfig().thenCompose(entered -> {
            final List<CliCommandException> rejected = new ArrayList<>();
            final CompletableFuture<Void> sent = new CompletableFuture<>();
            sendAll(lines, 0, continueAfterRejection, rejected, sent);
            return sent.thenCompose(ignored -> {
                final CompletableFuture<Void> left = new CompletableFuture<>();
                leaveConfig(left, null);
                return left;
            }).thenApply(ignored -> List.copyOf(rejected));
        });
    }

    /**
     * {@code steps} typed one after another (see {@link io.sextant.southbound.cli.CliSession#exchange}): stops
     * after a rejected step; unless {@code configModeAllowed}, a step that leaves the device at a configuration
     * prompt is followed by the exit command and fails the exchange; ends in exec mode.
     */
    CompletableFuture<List<CliStepOutput>> exchange(final List<CliStep> steps, final Duration timeout,
            final boolean configModeAllowed) {
        final List<CliStepOutput> outputs = new ArrayList<>();
        final CompletableFuture<Void> sent = new CompletableFuture<>();
        sendSteps(steps, 0, timeout, configModeAllowed, outputs, sent);
        return sent.thenCompose(ignored -> {
            if (!dialect.configPrompt().matcher(commands.prompt()).matches()) {
                return CompletableFuture.completedFuture(List.copyOf(outputs));
            }
            final CompletableFuture<Void> left = new CompletableFuture<>();
            leaveConfig(left, null);
            return left.thenApply(none -> List.copyOf(outputs));
        });
    }

    private void sendSteps(final List<CliStep> steps, final int index, final Duration timeout,
            final boolean configModeAllowed, final List<CliStepOutput> outputs, final CompletableFuture<Void> done) {
        if (index >= steps.size()) {
            done.complete(null);
            return;
        }
        final CliStep step = steps.get(index);
        commands.send(step.line(), step.expect(), timeout).whenComplete((event, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError failed) {
                outputs.add(new CliStepOutput(step.line(), failed.output(), failed.prompt(), failed.error()));
                done.complete(null);
            } else if (event instanceof CliEvent.Reply reply) {
                outputs.add(new CliStepOutput(step.line(), reply.output(), reply.prompt(), null));
                if (!configModeAllowed && dialect.configPrompt().matcher(reply.prompt()).matches()) {
                    leaveConfig(done, OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE,
                        "'" + step.line() + "' put the device in configuration mode (prompt " + reply.prompt()
                        + "); it was left with '" + dialect.configExit() + "' and nothing after it was sent"));
                } else {
                    sendSteps(steps, index + 1, timeout, configModeAllowed, outputs, done);
                }
            } else {
                done.completeExceptionally(transport(ErrorTag.OPERATION_FAILED, "Unexpected answer to '"
                    + step.line() + "': " + event));
            }
        });
    }

    private CompletableFuture<CliEvent> enterConfig() {
        return commands.send(dialect.configEnter()).thenCompose(entered -> {
            if (!(entered instanceof CliEvent.Reply reply) || !dialect.configPrompt().matcher(reply.prompt())
                    .matches()) {
                return CompletableFuture.failedFuture(transport(ErrorTag.OPERATION_FAILED,
                    "The device did not enter configuration mode on '" + dialect.configEnter() + "': "
                        + describe(entered)));
            }
            return CompletableFuture.completedFuture(entered);
        });
    }

    private void sendAll(final List<String> lines, final int index, final IntUnaryOperator continueAfterRejection,
            final List<CliCommandException> rejected, final CompletableFuture<Void> done) {
        if (index >= lines.size()) {
            done.complete(null);
            return;
        }
        final String line = lines.get(index);
        if (line.isBlank()) {
            sendAll(lines, index + 1, continueAfterRejection, rejected, done);
            return;
        }
        commands.send(line).whenComplete((event, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError failed) {
                rejected.add(rejected(line, index, failed, List.of()));
                sendAll(lines, Math.max(index + 1, continueAfterRejection.applyAsInt(index)), continueAfterRejection,
                    rejected, done);
            } else {
                sendAll(lines, index + 1, continueAfterRejection, rejected, done);
            }
        });
    }

    /** Sends {@code batch[index..]} one by one; on the first rejection leaves config mode and fails. */
    private void sendLines(final List<String> batch, final int index, final CompletableFuture<Void> done) {
        if (index == batch.size()) {
            leaveConfig(done, null);
            return;
        }
        final String line = batch.get(index);
        commands.send(line).whenComplete((event, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError failed) {
                leaveConfig(done, rejected(line, index, failed, batch.subList(0, index)));
            } else {
                sendLines(batch, index + 1, done);
            }
        });
    }

    private void leaveConfig(final CompletableFuture<Void> done, final @Nullable OperationErrorsException failure) {
        commands.send(dialect.configExit()).whenComplete((event, error) -> {
            if (failure != null) {
                done.completeExceptionally(failure);
            } else if (error != null) {
                done.completeExceptionally(error);
            } else if (event instanceof CliEvent.DeviceError failed) {
                done.completeExceptionally(rejected(dialect.configExit(), -1, failed, List.of()));
            } else {
                done.complete(null);
            }
        });
    }

    /** {@code command}'s reply; its rejection as a failure. */
    private CompletableFuture<CliEvent> accepted(final String command) {
        return commands.send(command).thenCompose(event -> event instanceof CliEvent.DeviceError error
            ? CompletableFuture.failedFuture(rejected(command, -1, error, List.of()))
            : CompletableFuture.completedFuture(event));
    }

    private static String describe(final CliEvent event) {
        if (event instanceof CliEvent.Reply reply) {
            return "prompt " + reply.prompt();
        }
        return event instanceof CliEvent.DeviceError error ? error.error() : String.valueOf(event);
    }
}
