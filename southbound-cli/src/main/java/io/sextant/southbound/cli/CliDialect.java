package io.sextant.southbound.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * How a family of devices talks: what its prompts, pager and error messages look like and how
 * a session is prepared. The defaults fit IOS-like CLIs (IOS, FRR's vtysh); a translation unit
 * refines them for its device type.
 */
public final class CliDialect {
    /** {@code name#}, {@code name>}, {@code name(config)#}, {@code name(config-router-af)#} ... */
    public static final Pattern DEFAULT_PROMPT = Pattern.compile("[\\w.\\-@/:]+(\\([\\w.\\-/:]+\\))?[#>]\\s*");
    /** A prompt in a configuration mode. */
    public static final Pattern DEFAULT_CONFIG_PROMPT = Pattern.compile(".*\\(config[^)]*\\)#\\s*");
    /** Pager markers: {@code --More--}, {@code  --More-- }, {@code -- More --}, {@code <--- More --->}. */
    public static final Pattern DEFAULT_MORE = Pattern.compile("(?:<-+ ?|-+ ?)More(?: ?-+>?)?(?:\\s*\\(\\d+%\\))?\\s*");
    /**
     * Errors an IOS-like CLI reports in every mode. FRR's per-daemon vtys put the daemon's name
     * after the percent sign ({@code % [ZEBRA] Unknown command: foo}).
     */
    public static final List<Pattern> DEFAULT_ERRORS = List.of(
        Pattern.compile("%(?: \\[\\w+\\])? ?Unknown command.*"),
        Pattern.compile("%(?: \\[\\w+\\])? ?Invalid input.*"),
        Pattern.compile("%(?: \\[\\w+\\])? ?Incomplete command.*"),
        Pattern.compile("%(?: \\[\\w+\\])? ?Command incomplete.*"),
        Pattern.compile("%(?: \\[\\w+\\])? ?Ambiguous command.*"));
    /** Exec commands that change the running configuration without a configuration mode (IOS's copy into it). */
    public static final List<Pattern> DEFAULT_CONFIG_COMMANDS = List.of(
        Pattern.compile("copy\\s+\\S+\\s+(?:system:)?running-config.*"));
    /** The shortest abbreviation of the configuration command's first word taken as that command. */
    private static final int SHORTEST_ABBREVIATION = 4;

    private final Pattern prompt;
    private final Pattern configPrompt;
    private final Pattern more;
    private final List<Pattern> errors;
    private final List<Pattern> configErrors;
    private final List<Pattern> configCommands;
    private final List<String> sessionSetup;
    private final String configEnter;
    private final String configExit;
    private final Optional<String> enableCommand;

    private CliDialect(final Builder builder) {
        this.prompt = builder.prompt;
        this.configPrompt = builder.configPrompt;
        this.more = builder.more;
        this.errors = List.copyOf(builder.errors);
        this.configErrors = List.copyOf(builder.configErrors);
        this.configCommands = List.copyOf(builder.configCommands);
        this.sessionSetup = List.copyOf(builder.sessionSetup);
        this.configEnter = builder.configEnter;
        this.configExit = builder.configExit;
        this.enableCommand = builder.enableCommand;
    }

    /** IOS-like defaults: {@code terminal length 0}, {@code configure terminal}, {@code end}. */
    public static CliDialect defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        final Builder builder = new Builder();
        builder.prompt = prompt;
        builder.configPrompt = configPrompt;
        builder.more = more;
        builder.errors = new ArrayList<>(errors);
        builder.configErrors = new ArrayList<>(configErrors);
        builder.configCommands = new ArrayList<>(configCommands);
        builder.sessionSetup = new ArrayList<>(sessionSetup);
        builder.configEnter = configEnter;
        builder.configExit = configExit;
        builder.enableCommand = enableCommand;
        return builder;
    }

    /** Matches a whole prompt line. */
    public Pattern prompt() {
        return prompt;
    }

    /** Matches a whole prompt line shown in a configuration mode. */
    public Pattern configPrompt() {
        return configPrompt;
    }

    /** Matches the pager's marker at the end of the received text. */
    public Pattern more() {
        return more;
    }

    /** Output lines that mean the command failed, in any mode. */
    public List<Pattern> errors() {
        return errors;
    }

    /** Further output lines that mean a configuration command failed. */
    public List<Pattern> configErrors() {
        return configErrors;
    }

    /** Exec commands that change the configuration without entering configuration mode. */
    public List<Pattern> configCommands() {
        return configCommands;
    }

    /**
     * Whether {@code command}, typed at the exec prompt, enters configuration mode or changes the
     * configuration: its first word abbreviates the first word of {@link #configEnter()} (at least
     * four letters, so {@code conf t}, {@code config terminal}, {@code configure replace ...}), or
     * it matches one of {@link #configCommands()}. Case and extra spaces do not matter.
     */
    public boolean changesConfiguration(final String command) {
        final String typed = command.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        if (typed.isEmpty()) {
            return false;
        }
        final String first = typed.split(" ", 2)[0];
        final String enter = configEnter.strip().toLowerCase(Locale.ROOT).split("\\s+", 2)[0];
        if (enter.startsWith(first) && first.length() >= Math.min(SHORTEST_ABBREVIATION, enter.length())) {
            return true;
        }
        return configCommands.stream().anyMatch(pattern -> pattern.matcher(typed).matches());
    }

    /** Commands run once after login, for example {@code terminal length 0}. */
    public List<String> sessionSetup() {
        return sessionSetup;
    }

    public String configEnter() {
        return configEnter;
    }

    /** Leaves configuration mode from any sub-mode. */
    public String configExit() {
        return configExit;
    }

    /** Sent when the device greets with a non-privileged prompt ({@code name>}). */
    public Optional<String> enableCommand() {
        return enableCommand;
    }

    /** Builds a {@link CliDialect}. */
    public static final class Builder {
        private Pattern prompt = DEFAULT_PROMPT;
        private Pattern configPrompt = DEFAULT_CONFIG_PROMPT;
        private Pattern more = DEFAULT_MORE;
        private List<Pattern> errors = new ArrayList<>(DEFAULT_ERRORS);
        private List<Pattern> configErrors = new ArrayList<>(List.of(Pattern.compile("%.*")));
        private List<Pattern> configCommands = new ArrayList<>(DEFAULT_CONFIG_COMMANDS);
        private List<String> sessionSetup = new ArrayList<>(List.of("terminal length 0"));
        private String configEnter = "configure terminal";
        private String configExit = "end";
        private Optional<String> enableCommand = Optional.of("enable");

        private Builder() {
        }

        public Builder prompt(final Pattern newPrompt) {
            this.prompt = newPrompt;
            return this;
        }

        public Builder configPrompt(final Pattern newConfigPrompt) {
            this.configPrompt = newConfigPrompt;
            return this;
        }

        public Builder more(final Pattern newMore) {
            this.more = newMore;
            return this;
        }

        public Builder errors(final List<Pattern> newErrors) {
            this.errors = new ArrayList<>(newErrors);
            return this;
        }

        public Builder addError(final Pattern error) {
            this.errors.add(error);
            return this;
        }

        public Builder configErrors(final List<Pattern> newConfigErrors) {
            this.configErrors = new ArrayList<>(newConfigErrors);
            return this;
        }

        public Builder addConfigError(final Pattern error) {
            this.configErrors.add(error);
            return this;
        }

        /** Exec commands (lower case, single spaces) that change the configuration, besides configuration mode. */
        public Builder addConfigCommand(final Pattern command) {
            this.configCommands.add(command);
            return this;
        }

        public Builder sessionSetup(final List<String> commands) {
            this.sessionSetup = new ArrayList<>(commands);
            return this;
        }

        public Builder configEnter(final String command) {
            this.configEnter = command;
            return this;
        }

        public Builder configExit(final String command) {
            this.configExit = command;
            return this;
        }

        /** The command that enables privileged mode; {@code null} when the device has none. */
        public Builder enableCommand(final @Nullable String command) {
            this.enableCommand = Optional.ofNullable(command);
            return this;
        }

        public CliDialect build() {
            return new CliDialect(this);
        }
    }
}
