package io.sextant.translation.engine;

import io.sextant.translation.spi.CliCommands.Entry;
import io.sextant.translation.spi.CliCommands.Mode;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders commands-in-modes as the lines to type: a mode is entered before the first command
 * that needs it and left (with its own exit command) when the next command does not.
 */
public final class CommandRenderer {

    /** Lines with, for each, the index of the group that produced it. */
    public record Rendered(List<String> lines, List<Integer> groups) {
    }

    private CommandRenderer() {
    }

    /** @param groups the entries of each group, rendered in this order */
    public static Rendered render(final List<List<Entry>> groups) {
        final List<String> lines = new ArrayList<>();
        final List<Integer> lineGroups = new ArrayList<>();
        List<Mode> current = List.of();
        int group = -1;
        for (int g = 0; g < groups.size(); g++) {
            for (Entry entry : groups.get(g)) {
                group = g;
                final List<Mode> target = entry.modes();
                final int common = commonPrefix(current, target);
                for (int i = current.size() - 1; i >= common; i--) {
                    lines.add(current.get(i).exit());
                    lineGroups.add(g);
                }
                for (int i = common; i < target.size(); i++) {
                    lines.add(target.get(i).enter());
                    lineGroups.add(g);
                }
                current = target;
                if (entry.command().isPresent()) {
                    lines.add(entry.command().orElseThrow());
                    lineGroups.add(g);
                }
            }
        }
        for (int i = current.size() - 1; i >= 0; i--) {
            lines.add(current.get(i).exit());
            lineGroups.add(group);
        }
        return new Rendered(List.copyOf(lines), List.copyOf(lineGroups));
    }

    private static int commonPrefix(final List<Mode> a, final List<Mode> b) {
        int i = 0;
        while (i < a.size() && i < b.size() && a.get(i).equals(b.get(i))) {
            i++;
        }
        return i;
    }
}
