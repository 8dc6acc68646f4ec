package io.sextant.southbound.cli;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What the device answered to one {@link CliStep}.
 *
 * @param line the line sent
 * @param output what the device printed, without the echoed line and the line that ended it
 * @param endedBy the line that ended the answer: the prompt, or the expected question
 * @param error the device's error line when it rejected the line (the exchange stopped there),
 *     else null
 */
public record CliStepOutput(String line, String output, String endedBy, @Nullable String error) {
}
