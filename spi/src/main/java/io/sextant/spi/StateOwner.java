package io.sextant.spi;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * Tells whether this controller instance serves the state data at a path of its own tree (not
 * through a mount point): a device's connection status is the state of the instance that
 * connects the device.
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
}
