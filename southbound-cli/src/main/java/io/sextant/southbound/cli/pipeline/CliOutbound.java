package io.sextant.southbound.cli.pipeline;

import java.time.Duration;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/** What travels from the session towards the device through a {@link CliPipeline}. */
public sealed interface CliOutbound {

    /**
     * A command line; the transport adds the line ending. Expects a prompt within {@code timeout},
     * or, when {@code expect} is not null, a last line that {@code expect} finds (an interactive
     * question such as {@code [confirm]}), whichever comes first.
     */
    record Command(String line, Duration timeout, @Nullable Pattern expect) implements CliOutbound {
        /** A command answered by a prompt. */
        public Command(final String line, final Duration timeout) {
            this(line, timeout, null);
        }
    }

    /** Keystrokes sent as they are (a pager's space, a login answer with its own line ending). */
    record Keys(String text) implements CliOutbound {
    }
}
