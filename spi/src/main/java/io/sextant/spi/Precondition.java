package io.sextant.spi;

import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * What the configuration at one path must be for a conditional edit to go ahead: an HTTP
 * {@code If-Match}, or the list an insertion was computed from, still unchanged.
 */
public interface Precondition {

    /** The path whose configuration is checked. */
    YangInstanceIdentifier path();

    /**
     * Accept the configuration at {@link #path()} as it is just before the edits, or refuse it.
     *
     * @param current the configuration there; null when there is none
     * @throws OperationErrorsException saying why the edits must not be applied
     */
    void check(@Nullable NormalizedNode current) throws OperationErrorsException;
}
