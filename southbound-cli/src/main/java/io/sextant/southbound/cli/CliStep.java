package io.sextant.southbound.cli;

import static java.util.Objects.requireNonNull;

import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One line of a raw exchange with a device ({@link CliSession#exchange}), typed as a user would.
 *
 * @param line what is typed (the line ending is added); empty for a bare Enter
 * @param expect what ends the device's answer besides its prompt: a pattern found in the last
 *     line it shows, for an interactive question such as {@code [confirm]}; null when only the
 *     prompt ends it
 */
public record CliStep(String line, @Nullable Pattern expect) {

    public CliStep {
        requireNonNull(line);
    }

    /** A line answered by the device's prompt. */
    public static CliStep command(final String line) {
        return new CliStep(line, null);
    }
}
