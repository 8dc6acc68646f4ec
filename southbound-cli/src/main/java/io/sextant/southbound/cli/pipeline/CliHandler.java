package io.sextant.southbound.cli.pipeline;

/**
 * One step of a {@link CliPipeline}, in the manner of a Netty channel handler: it sees every
 * event from the device and every message towards it, and passes on, changes, swallows or
 * answers them. Handlers run on the session's single thread and need no locking.
 */
public interface CliHandler {

    /** An event travelling from the device towards the session. */
    default void inbound(final CliHandlerContext ctx, final CliEvent event) {
        ctx.fireInbound(event);
    }

    /** A message travelling from the session towards the device. */
    default void outbound(final CliHandlerContext ctx, final CliOutbound message) {
        ctx.fireOutbound(message);
    }
}
