package io.sextant.translation;

import io.sextant.southbound.cli.CliDialect;
import io.sextant.translation.spi.Handlers;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A translation unit made of its definition, which a unit class hands to the constructor:
 * {@code super(unit("frr-8", "frr", "8(\\..*)?").dialect(...).handlers(...))}. Without
 * more, a unit reads {@code show running-config} only and ignores no line.
 */
public abstract class AbstractTranslationUnit implements TranslationUnit {
    private final String name;
    private final String deviceType;
    private final Pattern versionPattern;
    private final Set<String> yangModules;
    private final CliDialect dialect;
    private final String runningConfigCommand;
    private final List<String> showCommands;
    private final List<Pattern> ignoredLines;
    private final Handlers handlers;

    protected AbstractTranslationUnit(final Definition definition) {
        name = definition.name;
        deviceType = definition.deviceType;
        versionPattern = definition.versionPattern;
        yangModules = Set.copyOf(definition.yangModules);
        dialect = Objects.requireNonNull(definition.dialect, "a unit needs its CLI dialect");
        runningConfigCommand = definition.runningConfigCommand;
        showCommands = List.copyOf(definition.showCommands);
        ignoredLines = List.copyOf(definition.ignoredLines);
        handlers = Objects.requireNonNull(definition.handlers, "a unit needs its handlers");
    }

    /**
     * The start of a unit's definition.
     *
     * @param name the unit's unique name, for example {@code frr-8}
     * @param deviceType the {@code device-type} it serves, for example {@code frr}
     * @param versions the {@code device-version}s it serves, a regular expression
     */
    protected static Definition unit(final String name, final String deviceType, final String versions) {
        return new Definition(name, deviceType, Pattern.compile(versions));
    }

    /** What a unit is; see the {@link TranslationUnit} methods of the same names. */
    protected static final class Definition {
        private final String name;
        private final String deviceType;
        private final Pattern versionPattern;
        private Set<String> yangModules = Set.of();
        private @Nullable CliDialect dialect;
        private String runningConfigCommand = "show running-config";
        private List<String> showCommands = List.of();
        private List<Pattern> ignoredLines = List.of();
        private @Nullable Handlers handlers;

        private Definition(final String name, final String deviceType, final Pattern versionPattern) {
            this.name = name;
            this.deviceType = deviceType;
            this.versionPattern = versionPattern;
        }

        public Definition yangModules(final Set<String> modules) {
            yangModules = modules;
            return this;
        }

        public Definition dialect(final CliDialect cliDialect) {
            dialect = cliDialect;
            return this;
        }

        public Definition runningConfigCommand(final String command) {
            runningConfigCommand = command;
            return this;
        }

        public Definition showCommands(final String... commands) {
            showCommands = List.of(commands);
            return this;
        }

        public Definition ignoredLines(final String... patterns) {
            ignoredLines = List.of(patterns).stream().map(Pattern::compile).toList();
            return this;
        }

        public Definition handlers(final Handlers unitHandlers) {
            handlers = unitHandlers;
            return this;
        }
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String deviceType() {
        return deviceType;
    }

    @Override
    public final Pattern versionPattern() {
        return versionPattern;
    }

    @Override
    public final Set<String> yangModules() {
        return yangModules;
    }

    @Override
    public final CliDialect dialect() {
        return dialect;
    }

    @Override
    public final String runningConfigCommand() {
        return runningConfigCommand;
    }

    @Override
    public final List<String> showCommands() {
        return showCommands;
    }

    @Override
    public final List<Pattern> ignoredLines() {
        return ignoredLines;
    }

    @Override
    public final Handlers handlers() {
        return handlers;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + "]";
    }
}
