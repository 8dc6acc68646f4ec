package io.sextant.southbound.cli.pipeline;

import java.time.Duration;

/** What travels from the session towards the device through a {@link CliPipeline}. */
public sealed interface CliOutbound {

    /** A command line; the transport adds the line ending. Expects a prompt within {@code timeout}. */
    record Command(String line, Duration timeout) implements CliOutbound {
    }

    /** Keystrokes sent as they are (a pager's space, a login answer with its own line ending). */
    record Keys(String text) implements CliOutbound {
    }
}
