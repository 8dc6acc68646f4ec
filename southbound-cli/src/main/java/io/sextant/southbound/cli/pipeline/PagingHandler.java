package io.sextant.southbound.cli.pipeline;

import java.util.regex.Pattern;

/**
 * Answers a pager: when the received text ends with a marker such as {@code --More--}, sends a
 * space for the next page and removes the marker from the text passed on. Sessions also
 * disable paging ({@code terminal length 0}); this handler covers devices that ignore that.
 */
public final class PagingHandler implements CliHandler {
    private static final int TAIL = 80;

    private final Pattern more;
    private final StringBuilder tail = new StringBuilder();

    public PagingHandler(final Pattern more) {
        this.more = more;
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        if (!(event instanceof CliEvent.Text text)) {
            ctx.fireInbound(event);
            return;
        }
        tail.append(text.text());
        if (tail.length() > TAIL) {
            tail.delete(0, tail.length() - TAIL);
        }
        final int lineStart = Math.max(tail.lastIndexOf("\n"), tail.lastIndexOf("\r")) + 1;
        final String lastLine = TerminalText.render(tail.substring(lineStart)).strip();
        if (lastLine.isEmpty() || !more.matcher(lastLine).matches()) {
            ctx.fireInbound(event);
            return;
        }
        tail.setLength(0);
        final String chunk = text.text();
        final int markerStart = Math.max(chunk.lastIndexOf('\n'), chunk.lastIndexOf('\r')) + 1;
        final String withoutMarker = chunk.substring(0, markerStart);
        if (!withoutMarker.isEmpty()) {
            ctx.fireInbound(new CliEvent.Text(withoutMarker));
        }
        ctx.fireOutbound(new CliOutbound.Keys(" "));
    }
}
