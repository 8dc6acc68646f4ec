package io.sextant.persistence;

import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * One node's part of a logged commit.
 *
 * @param errorTypeOrNull the error-type of a failure
 * @param messageOrNull the error message of a failure
 * @param diffOrNull what the commit changed on the node (a candidate rooted at the node's configuration root)
 */
public record LoggedNode(String nodeId, String status, String errorTypeOrNull, String messageOrNull,
        DataTreeCandidate diffOrNull) {
}
