package io.sextant.southbound.cli.pipeline;

import java.util.Arrays;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Removes the device's echo of the command from its reply: everything up to and including the
 * first line that shows the command. Replies in which the command does not appear (devices
 * that do not echo) pass unchanged.
 */
public final class EchoHandler implements CliHandler {
    private @Nullable String command;

    @Override
    public void outbound(final CliHandlerContext ctx, final CliOutbound message) {
        if (message instanceof CliOutbound.Command c) {
            command = c.line().strip();
        }
        ctx.fireOutbound(message);
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        final String expected = command;
        if (expected != null && event instanceof CliEvent.Reply reply) {
            command = null;
            ctx.fireInbound(new CliEvent.Reply(strip(reply.output(), expected), reply.prompt()));
            return;
        }
        ctx.fireInbound(event);
    }

    static String strip(final String output, final String command) {
        final String[] lines = output.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            final String line = lines[i].strip();
            if (command.isEmpty() ? line.isEmpty() : line.equals(command) || line.endsWith(" " + command)
                    || line.endsWith("#" + command) || line.endsWith(">" + command)) {
                return String.join("\n", Arrays.asList(lines).subList(i + 1, lines.length));
            }
        }
        return output;
    }
}
