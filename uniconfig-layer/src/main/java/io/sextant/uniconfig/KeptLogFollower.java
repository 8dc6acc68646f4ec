package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import io.sextant.persistence.ChangeHints;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shows in this instance's transaction log the commits the other controller instances sharing
 * the database logged: on each {@link ChangeHints#NODES} hint and every few seconds, the entries
 * logged since the last round ({@link UniconfigStore#logged}, read from the tables) that the log
 * does not show with the same outcome are recorded, without their diffs (rendering those needs
 * the nodes' schemas). The entries of this instance's own commits are already shown, with diffs.
 */
final class KeptLogFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(KeptLogFollower.class);

    private final UniconfigStore store;
    private final OperationalTransactionLog log;
    private final ChangeHints.Subscription subscription;
    private @Nullable String failing;

    KeptLogFollower(final UniconfigStore store, final OperationalTransactionLog log, final ChangeHints hints) {
        this.store = store;
        this.log = log;
        this.subscription = hints.subscribe(ChangeHints.NODES, this::catchUp);
    }

    /** Show the entries logged since the last round. */
    synchronized void catchUp() {
        try {
            for (CommitRecord logged : store.logged()) {
                if (!log.shows(logged.id(), logged.result().ok())) {
                    log.record(logged);
                }
            }
            if (failing != null) {
                LOG.info("The commits logged through other controller instances are read again");
                failing = null;
            }
        } catch (OperationErrorsException e) {
            final String message = String.valueOf(e.getMessage());
            if (!message.equals(failing)) {
                LOG.warn("The commits logged through other controller instances cannot be read now (tried again "
                    + "every few seconds): {}", message);
                failing = message;
            }
        }
    }

    @Override
    public void close() {
        subscription.close();
    }
}
