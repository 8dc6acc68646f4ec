package io.sextant.southbound.cli.pipeline;

import java.time.Duration;

/** A handler's place in its {@link CliPipeline}. */
public interface CliHandlerContext {

    /** Pass an event to the next handler towards the session. */
    void fireInbound(CliEvent event);

    /** Pass a message to the next handler towards the device. */
    void fireOutbound(CliOutbound message);

    /** Run {@code task} on the session's thread after {@code delay}. */
    Cancellable schedule(Runnable task, Duration delay);

    /** A scheduled task that may still be cancelled. */
    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }
}
