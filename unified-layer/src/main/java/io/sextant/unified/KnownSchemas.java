package io.sextant.unified;

import java.util.Optional;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Schemas a southbound adapter can build without a device: those it built for devices in an
 * earlier run (a NETCONF device's module set from the schema cache, a CLI translation unit's
 * modules). Nodes kept by an earlier run are served in them while their devices are away.
 */
@FunctionalInterface
public interface KnownSchemas {

    /**
     * The schema {@code id} names (the part of {@link UnifiedDevice#schemaKey()} after the
     * adapter's prefix), built as a device of it would have it; empty when it cannot be built so.
     */
    Optional<EffectiveModelContext> schema(String id);
}
