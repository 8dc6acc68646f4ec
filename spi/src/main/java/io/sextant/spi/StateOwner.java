package io.sextant.spi;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Tells whether this controller instance serves the state data at a path of its own tree (not
 * through a mount point): a device's connection status is the state of the instance that
 * connects the device. A read of many nodes' state (a whole topology, or above) is answered here,
 * with the state the other instances serve put beside this one's ({@link #servedElsewhere}).
 */
@FunctionalInterface
public interface StateOwner {
    /**
     * Return when this instance serves the state at {@code path}, or the path is none of this
     * owner's.
     *
     * @throws OperationErrorsException {@link HeldElsewhere}'s error naming the instance that serves
     *     it (a transport that reaches that instance sends the request on)
     */
    void checkServedHere(YangInstanceIdentifier path) throws OperationErrorsException;

    /**
     * The state other controller instances serve at or below {@code path}, when {@code path} is
     * above this owner's nodes (a read of a whole topology, or more): shaped as a read at
     * {@code path}, to merge with this instance's own; empty when there is none, or {@code path}
     * is none of this owner's or is a node's own (see {@link #checkServedHere}).
     *
     * @throws OperationErrorsException when it cannot be told now (the database does not answer)
     */
    default Optional<NormalizedNode> servedElsewhere(final YangInstanceIdentifier path)
            throws OperationErrorsException {
        return Optional.empty();
    }
}
