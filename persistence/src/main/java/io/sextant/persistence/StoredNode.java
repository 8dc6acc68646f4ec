package io.sextant.persistence;

import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * A UniConfig node as stored. When intended and actual configuration are equal they are the same
 * object, as a node that was just synced or committed holds them.
 *
 * @param schemaKey what the node's data is in, as given to {@link NodeConfigRepository#create}
 * @param version the version of each configuration, for the next change of it
 *     ({@link NodeConfigRepository#record})
 */
public record StoredNode(String nodeId, String schemaKey, NormalizedNode intended, NormalizedNode actual,
        NodeVersion version) {
}
