package io.sextant.unified.netconf;

import io.sextant.southbound.netconf.NetconfDeviceSession;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/** Where a change whose session was lost gets the node's next one, to finish its rollback there. */
@FunctionalInterface
interface NextSession {
    /**
     * The node's first connected session other than {@code lost}; fails with a
     * {@link java.util.concurrent.TimeoutException} when none comes within {@code wait}.
     */
    CompletionStage<NetconfDeviceSession> after(NetconfDeviceSession lost, Duration wait);
}
