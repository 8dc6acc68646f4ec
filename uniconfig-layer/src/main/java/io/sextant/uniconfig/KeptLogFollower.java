package io.sextant.uniconfig;

import io.sextant.persistence.ChangeHints;

/**
 * Shows in this instance's transaction log the commits the other controller instances sharing
 * the database logged: on each {@link ChangeHints#NODES} hint and every few seconds, the entries
 * logged since the last round ({@link UniconfigStore#logged}, read from the tables) that the log
 * does not show with the same outcome are recorded, without their diffs (rendering those needs
 * the nodes' schemas). The entries of this instance's own commits are already shown, with diffs.
 */
final class KeptLogFollower implements AutoCloseable {
    private final KeptFollower follower;

    KeptLogFollower(final UniconfigStore store, final OperationalTransactionLog log, final ChangeHints hints) {
        this.follower = new KeptFollower(hints, ChangeHints.NODES, "The commits logged through other controller "
            + "instances", () -> {
                for (CommitRecord logged : store.logged()) {
                    if (!log.shows(logged.id(), logged.result().ok())) {
                        log.record(logged);
                    }
                }
            });
    }

    /** Show the entries logged since the last round. */
    void catchUp() {
        follower.catchUp();
    }

    @Override
    public void close() {
        follower.close();
    }
}
