package io.sextant.spi;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/** Serves the mount points below one part of the controller's tree (say, one topology). */
public interface MountPointProvider {

    /**
     * The mount point at {@code path}: the path of the node that carries {@code yang-ext:mount},
     * or the path of a mount container such as {@code uniconfig-topology:configuration}.
     *
     * @return empty when this provider does not serve {@code path}
     * @throws OperationErrorsException when it serves the path but the mount point cannot be
     *     used now (for example the device is not connected)
     */
    Optional<MountPoint> find(YangInstanceIdentifier path) throws OperationErrorsException;
}
