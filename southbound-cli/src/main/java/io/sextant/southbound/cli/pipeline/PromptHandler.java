package io.sextant.southbound.cli.pipeline;

import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Collects the device's text until it ends with a prompt, then emits one {@link CliEvent.Reply}
 * holding the rendered output before the prompt and the prompt itself. Only the end of the
 * received text is checked, so prompt-like lines inside an output do not end it early. A command
 * sent with an expected pattern ({@link CliOutbound.Command#expect()}) also ends at a last line the
 * pattern finds (a question such as {@code [confirm]}): that line is the reply's prompt.
 */
public final class PromptHandler implements CliHandler {
    private final Pattern prompt;
    private final StringBuilder buffer = new StringBuilder();
    private @Nullable Pattern expect;

    public PromptHandler(final Pattern prompt) {
        this.prompt = prompt;
    }

    @Override
    public void outbound(final CliHandlerContext ctx, final CliOutbound message) {
        if (message instanceof CliOutbound.Command command) {
            expect = command.expect();
        }
        ctx.fireOutbound(message);
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        if (!(event instanceof CliEvent.Text text)) {
            if (event instanceof CliEvent.Closed) {
                buffer.setLength(0);
            }
            ctx.fireInbound(event);
            return;
        }
        buffer.append(text.text());
        final int lastNewline = buffer.lastIndexOf("\n");
        final String lastLine = TerminalText.render(buffer.subSequence(lastNewline + 1, buffer.length())).strip();
        final Pattern expected = expect;
        if (!lastLine.isEmpty() && (prompt.matcher(lastLine).matches()
                || expected != null && expected.matcher(lastLine).find())) {
            expect = null;
            String output = lastNewline < 0 ? "" : TerminalText.render(buffer.subSequence(0, lastNewline));
            buffer.setLength(0);
            ctx.fireInbound(new CliEvent.Reply(output, lastLine));
        }
    }
}
