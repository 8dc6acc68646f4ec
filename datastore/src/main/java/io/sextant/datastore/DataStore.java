package io.sextant.datastore;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * A schema-validated tree of data: the configuration or operational datastore of the
 * controller, or one node's intended or actual configuration in the UniConfig layer.
 */
public interface DataStore {

    StoreType type();

    /** The current committed state. */
    ReadSnapshot snapshot();

    /**
     * A new transaction over the current committed state. It is optimistic: its commit fails
     * with {@code in-use} when another commit changed the same data after it was opened. For
     * work spread over several requests (a user's transaction); one-shot writes use
     * {@link #update(Changes)}.
     */
    WriteTransaction newTransaction();

    /**
     * Make {@code changes} on the latest committed state and commit them at once. No other
     * commit can come between the state the changes see and their commit, so an update never
     * fails because of a concurrent writer: it fails only when the changes themselves are
     * invalid, and then nothing is applied. For one-shot writes: a RESTCONF request, and the
     * controller's own bookkeeping (status, logs), which must never conflict with users.
     * {@code changes} runs under the store's commit lock: it must be short, with no I/O and
     * no waiting.
     *
     * @return what changed
     */
    DataTreeCandidate update(Changes changes) throws OperationErrorsException;

    /** The changes of an {@link #update(Changes)}. */
    @FunctionalInterface
    interface Changes {
        void apply(WriteTransaction tx) throws OperationErrorsException;
    }

    /**
     * Pass every put, merge and create whose data reaches {@code subtree} (written at, above or
     * below it) through {@code filter} before it is written. Writes already made are not
     * filtered again.
     */
    Registration registerWriteFilter(YangInstanceIdentifier subtree, WriteFilter filter);

    /** Run {@code validator} for every commit that touches {@code subtree}. */
    Registration registerValidator(YangInstanceIdentifier subtree, CommitValidator validator);

    /** Tell {@code listener} of every commit that touches {@code subtree}. */
    Registration registerListener(YangInstanceIdentifier subtree, ChangeListener listener);

    /** Number of data nodes (containers, list entries, leaves...) currently stored. */
    long size();
}
