package io.sextant.datastore;

import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * Takes part in a commit before it is applied and may refuse it. Validators run under the
 * store's commit lock, so they must be quick and must not touch the same store.
 */
@FunctionalInterface
public interface CommitValidator {

    /**
     * @param candidate the whole change about to be committed, rooted at the store root
     * @throws OperationErrorsException to refuse the commit; nothing is applied
     */
    void validate(DataTreeCandidate candidate) throws OperationErrorsException;
}
