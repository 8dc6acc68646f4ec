package io.sextant.translation;

import io.sextant.translation.engine.CommandRenderer;
import io.sextant.translation.spi.CliCommands.Entry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The exact CLI lines that turn one configuration into another, as dry-run shows and commit
 * sends them, with the reverse commands of every change: each group of lines comes from one
 * changed container or list entry, and its reverse undoes that change.
 */
public final class CommandPlan {
    private static final CommandPlan EMPTY = new CommandPlan(List.of(), List.of());

    private final List<List<Entry>> forward;
    private final List<List<Entry>> reverse;
    private final List<String> lines;
    private final List<Integer> lineGroups;
    private final List<Integer> blockEnds;
    private final List<Boolean> commands;

    /**
     * @param forward the commands of each change, in the order they are sent
     * @param reverse for each change, the commands that undo it
     */
    public CommandPlan(final List<List<Entry>> forward, final List<List<Entry>> reverse) {
        if (forward.size() != reverse.size()) {
            throw new IllegalArgumentException("Every change needs its reverse");
        }
        this.forward = List.copyOf(forward);
        this.reverse = List.copyOf(reverse);
        final CommandRenderer.Rendered rendered = CommandRenderer.render(this.forward);
        this.lines = rendered.lines();
        this.lineGroups = rendered.groups();
        this.blockEnds = rendered.blockEnds();
        this.commands = rendered.commands();
    }

    public static CommandPlan empty() {
        return EMPTY;
    }

    /** The lines to send in configuration mode, in order. */
    public List<String> lines() {
        return lines;
    }

    public boolean isEmpty() {
        return lines.isEmpty();
    }

    /**
     * Where to continue when the device rejects line {@code line} while a best-effort rollback
     * is sent: after the block the line opens (a rejected {@code interface X} must not let the
     * lines meant for interface X run one level up), else at the next line.
     */
    public int continueAfterRejection(final int line) {
        return blockEnds.get(line);
    }

    /** The plan that undoes this one completely (after it was applied in full). */
    public CommandPlan rollback() {
        return rollbackUpTo(forward.size() - 1);
    }

    /**
     * The plan that undoes what was applied when the device rejected line {@code failedLine}:
     * every change with a command sent before it (a partly applied change included), in reverse
     * order. Entering and leaving modes changes nothing, so a change whose first command was
     * the rejected one is not undone.
     */
    public CommandPlan rollbackAfterFailure(final int failedLine) {
        if (failedLine < 0 || failedLine >= lines.size()) {
            throw new IndexOutOfBoundsException("Line " + failedLine + " of " + lines.size());
        }
        for (int line = failedLine - 1; line >= 0; line--) {
            if (commands.get(line)) {
                return rollbackUpTo(lineGroups.get(line));
            }
        }
        return empty();
    }

    private CommandPlan rollbackUpTo(final int lastGroup) {
        final List<List<Entry>> undo = new ArrayList<>();
        final List<List<Entry>> redo = new ArrayList<>();
        for (int g = lastGroup; g >= 0; g--) {
            undo.add(reverse.get(g));
            redo.add(forward.get(g));
        }
        return new CommandPlan(undo, redo);
    }

    @Override
    public String toString() {
        return String.join("\n", Collections.unmodifiableList(lines));
    }
}
