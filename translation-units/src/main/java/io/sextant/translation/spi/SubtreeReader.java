package io.sextant.translation.spi;

import io.sextant.spi.OperationErrorsException;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * Reads whole list entries with everything below them, for lists whose entries are one
 * command each (a static route's next hop with its interface).
 */
@FunctionalInterface
public interface SubtreeReader {

    /** @param parent the concrete path of the list's parent */
    List<MapEntryNode> entries(ReadContext ctx, YangInstanceIdentifier parent) throws OperationErrorsException;
}
