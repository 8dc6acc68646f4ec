package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;

/**
 * What readers read from: the device's outputs of one read, fetched before the readers run.
 * Readers are plain functions of these outputs, which makes them testable with captured text.
 */
public interface ReadContext {

    /** The parsed running configuration; readers {@link ConfigLine#claim() claim} the lines they use. */
    ConfigText runningConfig();

    /**
     * The output of {@code command}, one of the unit's {@code showCommands()}.
     *
     * @throws OperationErrorsException when the unit did not declare the command
     */
    String show(String command) throws OperationErrorsException;
}
