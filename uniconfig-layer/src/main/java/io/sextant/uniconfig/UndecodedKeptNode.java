package io.sextant.uniconfig;

import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StoredNode;
import io.sextant.persistence.UndecodedNode;
import io.sextant.spi.OperationErrorsException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A kept node read without decoding its configurations: decoded at the first {@link #decode},
 * which lets the bytes go. A node that cannot be decoded is logged once and stays unreadable.
 */
final class UndecodedKeptNode implements UniconfigStore.Kept {
    private static final Logger LOG = LoggerFactory.getLogger(UndecodedKeptNode.class);

    private final String nodeId;
    private final String schemaKey;
    private final Runnable unreadable;
    private @Nullable UndecodedNode undecoded;
    private UniconfigStore.@Nullable KeptNode decoded;
    private @Nullable String problem;

    /** @param unreadable run once when the node turns out not to be decodable */
    UndecodedKeptNode(final UndecodedNode undecoded, final Runnable unreadable) {
        this.nodeId = undecoded.nodeId();
        this.schemaKey = undecoded.schemaKey();
        this.undecoded = undecoded;
        this.unreadable = unreadable;
    }

    @Override
    public String nodeId() {
        return nodeId;
    }

    @Override
    public String schemaKey() {
        return schemaKey;
    }

    @Override
    public synchronized UniconfigStore.KeptNode decode() throws OperationErrorsException {
        final UniconfigStore.KeptNode done = decoded;
        if (done != null) {
            return done;
        }
        final UndecodedNode bytes = undecoded;
        if (bytes != null) {
            undecoded = null;
            try {
                final StoredNode stored = bytes.decode();
                final UniconfigStore.KeptNode node = new UniconfigStore.KeptNode(nodeId, schemaKey, stored.intended(),
                    stored.actual());
                decoded = node;
                return node;
            } catch (PersistenceException e) {
                problem = String.valueOf(e.getMessage());
                LOG.error("The kept configuration of node {} cannot be read, so the node is read again from its "
                    + "device when it connects (a change pending in its intent is lost): {}", nodeId, problem);
                unreadable.run();
            }
        }
        throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED,
            "The kept configuration of node " + nodeId + " cannot be read: " + problem);
    }

    @Override
    public String toString() {
        return "kept node " + nodeId;
    }
}
