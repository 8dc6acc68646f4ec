package io.sextant.translation;

import java.util.List;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;

/**
 * What one read of a device produced.
 *
 * @param configuration the OpenConfig tree (a root container holding the top-level containers)
 * @param uncovered running-configuration lines no reader understood (config coverage)
 */
public record ReadResult(ContainerNode configuration, List<String> uncovered) {

    public ReadResult {
        uncovered = List.copyOf(uncovered);
    }
}
