package io.sextant.datastore;

import org.opendaylight.yangtools.yang.data.tree.api.TreeType;

/** Which of the two logical datastores a {@link DataStore} holds. */
public enum StoreType {
    /** Read-write configuration; only config=true data is accepted. */
    CONFIGURATION(TreeType.CONFIGURATION),
    /** State written by the controller itself (connection status, actual device config). */
    OPERATIONAL(TreeType.OPERATIONAL);

    private final TreeType treeType;

    StoreType(final TreeType treeType) {
        this.treeType = treeType;
    }

    public TreeType treeType() {
        return treeType;
    }
}
