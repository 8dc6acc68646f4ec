package io.sextant.datastore;

import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/** Told of every commit that touched its subtree, in commit order, after the commit. */
@FunctionalInterface
public interface ChangeListener {

    void onChange(DataTreeCandidate candidate);
}
