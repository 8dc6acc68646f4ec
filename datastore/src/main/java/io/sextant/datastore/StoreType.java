package io.sextant.datastore;

import java.util.Locale;
import org.opendaylight.yangtools.yang.data.tree.api.TreeType;

/** Which of the two logical datastores a {@link DataStore} holds. */
public enum StoreType {
    /** Read-write configuration; only config=true data is accepted. */
    CONFIGURATION(TreeType.CONFIGURATION),
    /** State written by the controller itself (connection status, actual device config). */
    OPERATIONAL(TreeType.OPERATIONAL);

    /**
     * In OSGi, the service property that tells the controller's published {@link DataStore}s
     * apart; its value is {@link #serviceValue()}: filter with
     * {@code (sextant.store=configuration)} or {@code (sextant.store=operational)}.
     */
    public static final String SERVICE_PROPERTY = "sextant.store";

    private final TreeType treeType;

    StoreType(final TreeType treeType) {
        this.treeType = treeType;
    }

    public TreeType treeType() {
        return treeType;
    }

    /** The value of {@link #SERVICE_PROPERTY}: {@code configuration} or {@code operational}. */
    public String serviceValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
