package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;

/**
 * Records commits. It is called at the end of every commit, before the commit's answer is
 * sent, so a persistent implementation (PostgreSQL) can write the record durably in the same
 * step; a failure to record fails loudly rather than losing the record silently.
 */
public interface TransactionLog {

    void record(CommitRecord commit) throws OperationErrorsException;
}
