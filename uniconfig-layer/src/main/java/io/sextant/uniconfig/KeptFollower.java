package io.sextant.uniconfig;

import io.sextant.persistence.ChangeHints;
import io.sextant.spi.OperationErrorsException;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A catch-up with what the other controller instances sharing the database kept, run on each hint
 * of a {@link ChangeHints} channel and every few seconds whatever was heard. A failure (the
 * database not answering) is logged once until its message changes, and its end once; the next
 * round tries again.
 */
final class KeptFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KeptFollower.class);

    /** One round of the catch-up. */
    @FunctionalInterface
    interface CatchUp {
        void run() throws OperationErrorsException;
    }

    private final String what;
    private final CatchUp catchUp;
    private final ChangeHints.Subscription subscription;
    private @Nullable String failing;

    /**
     * @param what what is followed, for the log ("the snapshots kept through other controller instances")
     */
    KeptFollower(final ChangeHints hints, final String channel, final String what, final CatchUp catchUp) {
        this.what = what;
        this.catchUp = catchUp;
        this.subscription = hints.subscribe(channel, this::catchUp);
    }

    /** One round now. */
    synchronized void catchUp() {
        try {
            catchUp.run();
            if (failing != null) {
                LOG.info("{} are read again", what);
                failing = null;
            }
        } catch (OperationErrorsException e) {
            final String message = String.valueOf(e.getMessage());
            if (!message.equals(failing)) {
                LOG.warn("{} cannot be read now (tried again every few seconds): {}", what, message);
                failing = message;
            }
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
