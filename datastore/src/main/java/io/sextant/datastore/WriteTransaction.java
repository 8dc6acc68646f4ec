package io.sextant.datastore;

import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * Changes to a datastore, built on a snapshot and applied atomically by {@link #commit()}.
 * Reads see the transaction's own writes. Each write is checked against the schema when it
 * is made; a transaction that fails is never applied, so a rejected request changes nothing.
 *
 * <p>Transactions are optimistic: a commit fails with {@code in-use} when another transaction
 * changed the same data after this one's snapshot was taken.
 */
public interface WriteTransaction extends ReadSnapshot {

    /** Replace the data at {@code path} (RESTCONF PUT, NETCONF replace). */
    void put(YangInstanceIdentifier path, NormalizedNode data) throws OperationErrorsException;

    /** Merge {@code data} into what is at {@code path} (RESTCONF PATCH, NETCONF merge). */
    void merge(YangInstanceIdentifier path, NormalizedNode data) throws OperationErrorsException;

    /** Create data that must not exist yet; {@code data-exists} otherwise. */
    void create(YangInstanceIdentifier path, NormalizedNode data) throws OperationErrorsException;

    /** Delete data that must exist; {@code data-missing} otherwise. */
    void delete(YangInstanceIdentifier path) throws OperationErrorsException;

    /** Delete data if it exists. */
    void remove(YangInstanceIdentifier path) throws OperationErrorsException;

    /**
     * Validate and apply the changes. Registered validators may veto; listeners are told
     * afterwards.
     *
     * @return what changed
     * @throws OperationErrorsException when validation fails or a concurrent commit conflicts;
     *     the datastore is then unchanged
     */
    DataTreeCandidate commit() throws OperationErrorsException;

    /**
     * Validate the changes and compute what they would do, without applying them yet. The
     * result can then be committed, or dropped. Until then, commits by other transactions make
     * {@link PreparedCommit#commit()} fail.
     */
    PreparedCommit prepare() throws OperationErrorsException;

    /** A validated change, ready to be applied. */
    interface PreparedCommit {
        /** What the change does, rooted at the datastore root. */
        DataTreeCandidate candidate();

        /** Apply the change; listeners are told afterwards. */
        void commit() throws OperationErrorsException;
    }

    /** Drop the changes. Harmless after commit. */
    void cancel();
}
