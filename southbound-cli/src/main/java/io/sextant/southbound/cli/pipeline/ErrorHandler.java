package io.sextant.southbound.cli.pipeline;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns a {@link CliEvent.Reply} whose output carries an error line ({@code % Unknown command},
 * {@code % Invalid input} ...) into a {@link CliEvent.DeviceError}. Configuration commands
 * (typed at a prompt matching the configuration prompt) are also checked against the
 * configuration-only patterns.
 */
public final class ErrorHandler implements CliHandler {
    private final List<Pattern> errors;
    private final List<Pattern> configErrors;
    private final Pattern configPrompt;
    private String lastPrompt = "";

    public ErrorHandler(final List<Pattern> errors, final List<Pattern> configErrors, final Pattern configPrompt) {
        this.errors = List.copyOf(errors);
        this.configErrors = List.copyOf(configErrors);
        this.configPrompt = configPrompt;
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        if (!(event instanceof CliEvent.Reply reply)) {
            ctx.fireInbound(event);
            return;
        }
        final boolean configMode = configPrompt.matcher(lastPrompt).matches();
        lastPrompt = reply.prompt();
        final Optional<String> error = findError(reply.output(), configMode);
        if (error.isPresent()) {
            ctx.fireInbound(new CliEvent.DeviceError(reply.output(), error.orElseThrow(), reply.prompt()));
        } else {
            ctx.fireInbound(reply);
        }
    }

    private Optional<String> findError(final String output, final boolean configMode) {
        for (String line : output.split("\n")) {
            final String stripped = line.strip();
            if (matchesAny(errors, stripped) || configMode && matchesAny(configErrors, stripped)) {
                return Optional.of(stripped);
            }
        }
        return Optional.empty();
    }

    private static boolean matchesAny(final List<Pattern> patterns, final String line) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(line).matches()) {
                return true;
            }
        }
        return false;
    }
}
