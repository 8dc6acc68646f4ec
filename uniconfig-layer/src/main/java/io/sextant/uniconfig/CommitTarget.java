package io.sextant.uniconfig;

import io.sextant.spi.IntentAccess;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One node's share of a commit.
 *
 * @param node the node, locked for the commit
 * @param intended its intended configuration (the transaction's view in a transaction)
 * @param diff what differs from its actual configuration: what its device is sent
 */
record CommitTarget(UniconfigNode node, NormalizedNode intended, ConfigDiff diff) {
    String nodeId() {
        return node.nodeId();
    }

    /** The change of the node's intent the commit makes on its device: from its actual configuration to the intended. */
    IntentAccess.Change change() {
        return new IntentAccess.Change(nodeId(), TopologyPaths.configuration(nodeId()), node.schema(),
            node.actualRoot(), intended);
    }
}
