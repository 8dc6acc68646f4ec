package io.sextant.southbound.cli.pipeline;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Gives every command its deadline: when no reply arrives within the command's timeout, emits
 * {@link CliEvent.TimedOut}, so a silent device never hangs the caller.
 */
public final class TimeoutHandler implements CliHandler {
    private CliHandlerContext.@Nullable Cancellable timer;
    private long generation;

    @Override
    public void outbound(final CliHandlerContext ctx, final CliOutbound message) {
        if (message instanceof CliOutbound.Command command) {
            cancel();
            final long current = ++generation;
            timer = ctx.schedule(() -> {
                if (current == generation && timer != null) {
                    timer = null;
                    ctx.fireInbound(new CliEvent.TimedOut(command.line(), command.timeout()));
                }
            }, command.timeout());
        }
        ctx.fireOutbound(message);
    }

    @Override
    public void inbound(final CliHandlerContext ctx, final CliEvent event) {
        if (event instanceof CliEvent.Reply || event instanceof CliEvent.DeviceError
                || event instanceof CliEvent.Closed || event instanceof CliEvent.LoginFailed) {
            cancel();
        }
        ctx.fireInbound(event);
    }

    private void cancel() {
        generation++;
        final CliHandlerContext.Cancellable pending = timer;
        if (pending != null) {
            pending.cancel();
            timer = null;
        }
    }
}
