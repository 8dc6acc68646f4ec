package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/** Reads one container's own leaves, for example an interface's {@code config}. */
@FunctionalInterface
public interface ContainerReader {

    /**
     * @param path the concrete path of the container, keys included
     * @return the container, or empty when the device has nothing for it
     */
    Optional<ContainerNode> read(ReadContext ctx, YangInstanceIdentifier path) throws OperationErrorsException;
}
