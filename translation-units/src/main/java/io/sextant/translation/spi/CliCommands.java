package io.sextant.translation.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Commands a writer emits, each in the configuration sub-mode it belongs to. Rendering (by the
 * framework) enters and leaves modes only where consecutive commands need it, so several
 * writers' commands for one interface share one {@code interface eth0} ... {@code exit} block.
 */
public final class CliCommands {
    private final List<Entry> entries = new ArrayList<>();

    /**
     * A configuration sub-mode.
     *
     * @param enter the command that enters it, for example {@code router bgp 65001}
     * @param exit the command that leaves it, for example {@code exit} or {@code exit-address-family}
     */
    public record Mode(String enter, String exit) {
        public static Mode of(final String enter, final String exit) {
            return new Mode(enter, exit);
        }
    }

    /**
     * One command in its modes, or a bare mode visit (no command) that enters the modes anyway
     * (creating, for example, an empty VRF).
     */
    public record Entry(List<Mode> modes, @Nullable String command) {
        public Entry {
            modes = List.copyOf(modes);
        }
    }

    /** A command at the top configuration level. */
    public CliCommands line(final String command) {
        entries.add(new Entry(List.of(), command));
        return this;
    }

    /** Commands inside {@code modes}, outermost first. */
    public CliCommands in(final List<Mode> modes, final String... commands) {
        for (String command : commands) {
            entries.add(new Entry(modes, command));
        }
        return this;
    }

    public CliCommands in(final Mode mode, final String... commands) {
        return in(List.of(mode), commands);
    }

    /** Enter {@code modes} even though no command follows inside them. */
    public CliCommands visit(final Mode... modes) {
        entries.add(new Entry(List.of(modes), null));
        return this;
    }

    public List<Entry> entries() {
        return Collections.unmodifiableList(entries);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }
}
