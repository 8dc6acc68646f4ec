package io.sextant.translation.spi;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** The whole configuration before and after the change, for writers that need context (a BGP AS). */
public interface WriteContext {

    Optional<NormalizedNode> before(YangInstanceIdentifier path);

    Optional<NormalizedNode> after(YangInstanceIdentifier path);

    /** Whether {@code path} exists before and not after. */
    default boolean deleted(final YangInstanceIdentifier path) {
        return before(path).isPresent() && after(path).isEmpty();
    }

    /** Whether {@code path} exists after and not before. */
    default boolean created(final YangInstanceIdentifier path) {
        return before(path).isEmpty() && after(path).isPresent();
    }
}
