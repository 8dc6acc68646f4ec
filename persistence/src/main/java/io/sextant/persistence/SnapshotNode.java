package io.sextant.persistence;

import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/** One node's configuration captured in a snapshot, and the schema it is in. */
public record SnapshotNode(String nodeId, String schemaKey, NormalizedNode configuration) {
}
