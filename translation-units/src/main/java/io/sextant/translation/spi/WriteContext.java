package io.sextant.translation.spi;

import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
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

    /** A leaf of the container at {@code container} before the change. */
    default Optional<Object> leafBefore(final YangInstanceIdentifier container, final QName leaf) {
        return Changes.leaf(before(container).orElse(null), leaf);
    }

    /** A leaf of the container at {@code container} after the change. */
    default Optional<Object> leafAfter(final YangInstanceIdentifier container, final QName leaf) {
        return Changes.leaf(after(container).orElse(null), leaf);
    }
}
