package io.sextant.datastore;

import io.sextant.spi.OperationErrorsException;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Rewrites data on its way into a store, before a put, merge or create reaches the
 * transaction: what the filter returns is what is written, kept and seen by validators and
 * listeners. For values that must never be stored as they were sent (device passwords are sealed
 * by the security module).
 */
@FunctionalInterface
public interface WriteFilter {

    /**
     * @param current the transaction's data before this write
     * @param path where {@code data} is written; it may lie above, at or below the filter's subtree
     * @param data what the request writes
     * @return what to write instead: {@code data} itself when nothing changes
     * @throws OperationErrorsException to refuse the write; nothing of it is written
     */
    NormalizedNode filter(ReadSnapshot current, YangInstanceIdentifier path, NormalizedNode data)
        throws OperationErrorsException;
}
