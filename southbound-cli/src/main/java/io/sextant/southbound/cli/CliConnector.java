package io.sextant.southbound.cli;

import java.util.concurrent.CompletionStage;

/** Opens {@link CliSession}s. */
public interface CliConnector {

    /**
     * Connect, log in, wait for the first prompt and prepare the session (paging off, enable).
     * Fails with an {@link io.sextant.spi.OperationErrorsException} when the device cannot
     * be reached, refuses the login or does not show a prompt within the command timeout.
     */
    CompletionStage<CliSession> connect(CliSessionParameters parameters);
}
