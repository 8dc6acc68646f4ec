package io.sextant.southbound.cli.pipeline;

import java.util.regex.Pattern;

/**
 * Answers in-band login prompts ({@code Username:}, {@code login:}, {@code Password:}), as
 * Telnet devices and {@code enable} ask them, and reports refused credentials. SSH
 * authenticates in the protocol, but the handler also answers the {@code enable} password.
 */
public final class LoginHandler implements CliHandler {
    private static final Pattern USER = Pattern.compile("(?is).*(user ?name|login)\\s*:\\s*");
    private static final Pattern PASSWORD = Pattern.compile("(?is).*password\\s*:\\s*");
    private static final Pattern FAILED = Pattern.compile(
        "(?is).*(% ?bad passwords?|login incorrect|authentication failed|access denied|% ?login invalid).*");
    private static final int TAIL = 200;
    private static final int MAX_ANSWERS = 6;

    private final String username;
    private final String password;
    private final StringBuilder tail = new StringBuilder();
    private int answers;

    public LoginHandler(final String username, final String password) {
        this.username = username;
        this.password = password;
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        if (event instanceof CliEvent.Reply || event instanceof CliEvent.DeviceError) {
            tail.setLength(0);
        }
        if (!(event instanceof CliEvent.Text text)) {
            ctx.fireInbound(event);
            return;
        }
        tail.append(text.text());
        if (tail.length() > TAIL) {
            tail.delete(0, tail.length() - TAIL);
        }
        final String rendered = TerminalText.render(tail);
        if (FAILED.matcher(rendered).matches()) {
            tail.setLength(0);
            ctx.fireInbound(event);
            ctx.fireInbound(new CliEvent.LoginFailed(lastLines(rendered)));
            return;
        }
        ctx.fireInbound(event);
        if (answers >= MAX_ANSWERS) {
            return;
        }
        final int lineStart = rendered.lastIndexOf('\n') + 1;
        final String lastLine = rendered.substring(lineStart);
        if (PASSWORD.matcher(lastLine).matches()) {
            answer(ctx, password);
        } else if (USER.matcher(lastLine).matches()) {
            answer(ctx, username);
        }
    }

    private void answer(final CliHandlerContext ctx, final String value) {
        answers++;
        tail.setLength(0);
        ctx.fireOutbound(new CliOutbound.Keys(value + "\n"));
    }

    private static String lastLines(final String rendered) {
        final String stripped = rendered.strip();
        final int start = stripped.lastIndexOf('\n', Math.max(0, stripped.length() - 2)) + 1;
        return stripped.substring(start);
    }
}
