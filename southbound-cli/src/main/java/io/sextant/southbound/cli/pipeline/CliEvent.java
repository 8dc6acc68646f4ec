package io.sextant.southbound.cli.pipeline;

import java.time.Duration;
import org.eclipse.jdt.annotation.Nullable;

/** What travels from the device towards the session through a {@link CliPipeline}. */
public sealed interface CliEvent {

    /** Raw text as the device sent it: echo, output, pager markers, control sequences. */
    record Text(String text) implements CliEvent {
    }

    /**
     * The device finished and shows a prompt again.
     *
     * @param output what came before the prompt, rendered as a terminal would show it
     * @param prompt the prompt line, for example {@code frr1(config-if)#}
     */
    record Reply(String output, String prompt) implements CliEvent {
    }

    /**
     * The device rejected the last command.
     *
     * @param output everything it printed
     * @param error the error line, for example {@code % Unknown command: foo}
     * @param prompt the prompt shown afterwards
     */
    record DeviceError(String output, String error, String prompt) implements CliEvent {
    }

    /** The device did not show a prompt within the command's timeout. */
    record TimedOut(String command, Duration timeout) implements CliEvent {
    }

    /** The device refused the credentials. */
    record LoginFailed(String message) implements CliEvent {
    }

    /** The transport closed; {@code cause} is null when the close was asked for. */
    record Closed(@Nullable Throwable cause) implements CliEvent {
    }
}
