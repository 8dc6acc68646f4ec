package io.sextant.datastore;

import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * Makes a store's commits durable. A store calls it with each commit's candidate after every
 * validator has accepted the commit and before the commit is applied, under the store's commit
 * lock; when it fails, the commit is refused and the store is unchanged. So a change is visible
 * only once it is kept, and a change that could not be kept is not visible.
 */
@FunctionalInterface
public interface CommitJournal {
    /** Keeps nothing: a store in memory only. */
    CommitJournal NONE = candidate -> { };

    void record(DataTreeCandidate candidate) throws OperationErrorsException;
}
