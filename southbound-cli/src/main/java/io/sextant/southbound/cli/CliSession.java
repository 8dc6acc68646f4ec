package io.sextant.southbound.cli;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.IntUnaryOperator;

/**
 * An interactive CLI session with one device, ready at its exec prompt. Commands run one at a
 * time in submission order; a {@link #configure(List)} batch is never interleaved with other
 * commands.
 *
 * <p>Failures complete the returned stages with an
 * {@link io.sextant.spi.OperationErrorsException}: a {@link CliCommandException} when
 * the device rejected a command (its error text is the message), error-tag
 * {@code operation-failed} when the device did not answer in time or the session broke.
 */
public interface CliSession extends AutoCloseable {

    /**
     * Run {@code command} in exec mode.
     *
     * @return the device's output, without the echoed command line and the trailing prompt
     */
    CompletionStage<String> execute(String command);

    /**
     * Run several exec commands as one job: no other caller's command runs between them (a
     * consistent read of several show commands).
     *
     * @return the outputs, in the order of {@code commands}
     */
    CompletionStage<List<String>> execute(List<String> commands);

    /**
     * Enter configuration mode, send {@code lines} one at a time, then leave configuration
     * mode (also after a failure). Stops at the first line the device rejects and fails with a
     * {@link CliCommandException} naming that line; the lines before it were applied.
     */
    CompletionStage<Void> configure(List<String> lines);

    /**
     * Like {@link #configure(List)}, but goes on after rejections (best effort, for rollbacks):
     * after the device rejects line {@code i}, sending continues at line
     * {@code continueAfterRejection.applyAsInt(i)} (the next line, or the line after the block a
     * rejected mode command would have opened). The rejections are the result, an empty list
     * when the device took every line. The stage fails only when the session breaks.
     */
    CompletionStage<List<CliCommandException>> configureAll(List<String> lines,
        IntUnaryOperator continueAfterRejection);

    /**
     * Type {@code steps} as a user would, as one job: each step's answer ends at the device's
     * prompt or at the step's expected question, within {@code timeout} (else the session closes,
     * as for any command that gets no answer). Stops after a step the device rejected (its
     * {@link CliStepOutput#error()}). Unless {@code configModeAllowed}, a step that leaves the
     * device at a configuration prompt is followed by the dialect's exit command and the stage
     * fails with error-tag {@code invalid-value} naming the step; nothing after it is sent. The
     * exchange always ends in exec mode: a device left in configuration mode by allowed steps is
     * sent the exit command.
     *
     * @return the answer to each step sent, in order
     */
    CompletionStage<List<CliStepOutput>> exchange(List<CliStep> steps, Duration timeout, boolean configModeAllowed);

    /** The last prompt the device showed, for example {@code frr1#}. */
    String prompt();

    boolean isOpen();

    /** Completes once the session is closed: normally after {@link #close()}, exceptionally when it broke. */
    CompletionStage<Void> closeFuture();

    /** Close the session; pending commands fail. Idempotent. */
    @Override
    void close();
}
