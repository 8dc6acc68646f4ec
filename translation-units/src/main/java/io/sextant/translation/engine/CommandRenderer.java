package io.sextant.translation.engine;

import io.sextant.translation.spi.CliCommands.Entry;
import io.sextant.translation.spi.CliCommands.Mode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders commands-in-modes as the lines to type: a mode is entered before the first command
 * that needs it and left (with its own exit command) when the next command does not.
 */
public final class CommandRenderer {

    /**
     * Lines with, for each, the index of the group that produced it, the index of the first line
     * after its block (the line after the matching exit for a line entering a mode, the next
     * line otherwise: where to continue when the device rejects the line), and whether it is a
     * writer's command (true) or a mode transition (false).
     */
    public record Rendered(List<String> lines, List<Integer> groups, List<Integer> blockEnds,
            List<Boolean> commands) {
    }

    private CommandRenderer() {
    }

    /** @param groups the entries of each group, rendered in this order */
    public static Rendered render(final List<List<Entry>> groups) {
        final List<String> lines = new ArrayList<>();
        final List<Integer> lineGroups = new ArrayList<>();
        final List<Integer> blockEnds = new ArrayList<>();
        final List<Boolean> commands = new ArrayList<>();
        final ArrayDeque<Integer> openModes = new ArrayDeque<>();
        List<Mode> current = List.of();
        int group = -1;
        for (int g = 0; g < groups.size(); g++) {
            for (Entry entry : groups.get(g)) {
                group = g;
                final List<Mode> target = entry.modes();
                final int common = commonPrefix(current, target);
                for (int i = current.size() - 1; i >= common; i--) {
                    exit(current.get(i), g, lines, lineGroups, blockEnds, openModes);
                    commands.add(false);
                }
                for (int i = common; i < target.size(); i++) {
                    openModes.push(lines.size());
                    add(target.get(i).enter(), g, lines, lineGroups, blockEnds);
                    commands.add(false);
                }
                current = target;
                final String command = entry.command();
                if (command != null) {
                    add(command, g, lines, lineGroups, blockEnds);
                    commands.add(true);
                }
            }
        }
        for (int i = current.size() - 1; i >= 0; i--) {
            exit(current.get(i), group, lines, lineGroups, blockEnds, openModes);
            commands.add(false);
        }
        return new Rendered(List.copyOf(lines), List.copyOf(lineGroups), List.copyOf(blockEnds),
            List.copyOf(commands));
    }

    private static void add(final String line, final int group, final List<String> lines,
            final List<Integer> lineGroups, final List<Integer> blockEnds) {
        lines.add(line);
        lineGroups.add(group);
        blockEnds.add(lines.size());
    }

    private static void exit(final Mode mode, final int group, final List<String> lines, final List<Integer> lineGroups,
            final List<Integer> blockEnds, final ArrayDeque<Integer> openModes) {
        add(mode.exit(), group, lines, lineGroups, blockEnds);
        blockEnds.set(openModes.pop(), lines.size());
    }

    private static int commonPrefix(final List<Mode> a, final List<Mode> b) {
        int i = 0;
        while (i < a.size() && i < b.size() && a.get(i).equals(b.get(i))) {
            i++;
        }
        return i;
    }
}
