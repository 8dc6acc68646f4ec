package io.sextant.uniconfig;

import io.sextant.persistence.ChangeHints;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Shows in this instance's transaction log the commits the other controller instances sharing
 * the database logged: on each {@link ChangeHints#NODES} hint and every few seconds, the entries
 * logged since the last round ({@link UniconfigStore#logged}, read from the tables) that the log
 * does not show with the same outcome are recorded, with their diffs as kept for the nodes this
 * instance serves (rendering them needs the node's schema; a node not served here is shown without
 * them), and told on this instance's {@code sextant-commits} stream ({@code published}), so that
 * a reader of the stream through any instance learns of every commit, seconds later for those of
 * other instances. The entries of this instance's own commits are already shown and told.
 */
final class KeptLogFollower implements AutoCloseable {
    private final KeptFollower follower;

    /**
     * @param log what this instance's transaction log shows
     * @param published records an entry in {@code log} and tells the commit stream of it
     */
    KeptLogFollower(final UniconfigStore store, final OperationalTransactionLog log, final TransactionLog published,
            final Function<String, @Nullable EffectiveModelContext> schemaOf, final ChangeHints hints) {
        this.follower = new KeptFollower(hints, ChangeHints.NODES, "The commits logged through other controller "
            + "instances", () -> {
                for (CommitRecord logged : store.logged()) {
                    if (!log.shows(logged.id(), logged.result().ok())) {
                        published.record(logged.withSchemas(schemaOf));
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
