package io.sextant.southbound.cli.raw;

import io.sextant.southbound.cli.CliStepOutput;
import java.util.List;

/**
 * What a raw exchange with a CLI node got.
 *
 * @param nodeId the node
 * @param firstPrompt the prompt the device showed before the first command
 * @param steps the answer to each command sent, in order
 * @param configurationMayDiffer whether configuration mode was allowed, so the device's
 *     configuration may now differ from the node's actual configuration
 */
public record RawCliResult(String nodeId, String firstPrompt, List<CliStepOutput> steps, boolean configurationMayDiffer) {

    public RawCliResult {
        steps = List.copyOf(steps);
    }

    /** Everything the device printed, as a terminal shows it: each command after the line before it. */
    public String transcript() {
        final StringBuilder text = new StringBuilder();
        String before = firstPrompt;
        for (CliStepOutput step : steps) {
            text.append(before).append(before.endsWith(" ") ? "" : " ").append(step.line()).append('\n');
            if (!step.output().isEmpty()) {
                text.append(step.output()).append(step.output().endsWith("\n") ? "" : "\n");
            }
            before = step.endedBy();
        }
        return text.append(before).toString();
    }

    /** Whether the device rejected one of the commands (the last one sent). */
    public boolean rejected() {
        return !steps.isEmpty() && steps.get(steps.size() - 1).error() != null;
    }
}
