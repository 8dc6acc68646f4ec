package io.sextant.southbound.cli.pipeline;

import java.time.Duration;

/** Runs delayed tasks on the session's thread. */
@FunctionalInterface
public interface CliScheduler {

    CliHandlerContext.Cancellable schedule(Runnable task, Duration delay);
}
