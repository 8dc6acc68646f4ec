package io.sextant.datastore;

import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** A consistent, immutable view of a datastore. */
public interface ReadSnapshot {

    EffectiveModelContext schema();

    Optional<NormalizedNode> read(YangInstanceIdentifier path);
}
