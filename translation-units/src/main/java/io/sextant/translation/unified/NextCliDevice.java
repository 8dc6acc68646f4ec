package io.sextant.translation.unified;

import io.sextant.translation.CliDevice;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/** Where a change whose CLI session was lost gets the node's next session, to finish its rollback there. */
@FunctionalInterface
interface NextCliDevice {
    /**
     * The node's device on its first connected session other than {@code lost}'s; fails with a
     * {@link java.util.concurrent.TimeoutException} when none comes within {@code wait}.
     */
    CompletionStage<CliDevice> after(CliDevice lost, Duration wait);
}
