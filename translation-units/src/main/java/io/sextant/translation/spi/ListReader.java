package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/** Lists the entries of a list: their keys. The entries' content comes from deeper handlers. */
@FunctionalInterface
public interface ListReader {

    /**
     * @param parent the concrete path of the list's parent (for example one interface)
     * @return the keys of the entries the device has, in the device's order
     */
    List<NodeIdentifierWithPredicates> keys(ReadContext ctx, YangInstanceIdentifier parent)
        throws OperationErrorsException;
}
