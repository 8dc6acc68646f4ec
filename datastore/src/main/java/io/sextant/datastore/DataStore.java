package io.sextant.datastore;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * A schema-validated tree of data: the configuration or operational datastore of the
 * controller, or one node's intended or actual configuration in the UniConfig layer.
 */
public interface DataStore {

    StoreType type();

    /** The current committed state. */
    ReadSnapshot snapshot();

    /** A new transaction over the current committed state. */
    WriteTransaction newTransaction();

    /** Run {@code validator} for every commit that touches {@code subtree}. */
    Registration registerValidator(YangInstanceIdentifier subtree, CommitValidator validator);

    /** Tell {@code listener} of every commit that touches {@code subtree}. */
    Registration registerListener(YangInstanceIdentifier subtree, ChangeListener listener);

    /** Number of data nodes (containers, list entries, leaves...) currently stored. */
    long size();
}
