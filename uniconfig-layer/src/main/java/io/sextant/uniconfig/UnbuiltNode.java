package io.sextant.uniconfig;

import io.sextant.spi.OperationErrorsException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A kept node served before it is built: a restart serves every kept node whose schema is known
 * at once, and builds its stores from its kept configurations when it is first used or when the
 * background build reaches it ({@link NodeRegistry}). Built once, by whoever asks first; the
 * others wait for that build.
 */
final class UnbuiltNode {
    private static final Logger LOG = LoggerFactory.getLogger(UnbuiltNode.class);

    /** What building the node came to. */
    sealed interface Outcome {
        /** Built, its status published. */
        record Built(UniconfigNode node) implements Outcome {
        }

        /** Its configuration does not fit the schema built without the device: it waits for its device. */
        record WaitsForDevice(UniconfigStore.KeptNode kept) implements Outcome {
        }

        /** What was kept of it cannot be read (logged): it is read again from its device. */
        record Unreadable() implements Outcome {
        }
    }

    private final UniconfigStore.Kept kept;
    private final EffectiveModelContext schema;
    private @Nullable Outcome outcome;
    /** Whether its outcome was placed in the {@link NodeTable} (not so when it was unmounted first). */
    private boolean placed;

    UnbuiltNode(final UniconfigStore.Kept kept, final EffectiveModelContext schema) {
        this.kept = kept;
        this.schema = schema;
    }

    String schemaKey() {
        return kept.schemaKey();
    }

    EffectiveModelContext schema() {
        return schema;
    }

    /** Build it (the first call) or wait for the build; a built node's status is published before it is served. */
    synchronized Outcome build(final NodeStatusWriter status) {
        Outcome done = outcome;
        if (done == null) {
            done = tryBuild(status);
            outcome = done;
        }
        return done;
    }

    synchronized void placed() {
        placed = true;
    }

    synchronized boolean wasPlaced() {
        return placed;
    }

    private Outcome tryBuild(final NodeStatusWriter status) {
        final UniconfigStore.KeptNode decoded;
        try {
            decoded = kept.decode();
        } catch (OperationErrorsException e) {
            return new Outcome.Unreadable();
        }
        final UniconfigNode node;
        try {
            node = new UniconfigNode(kept.nodeId(), schema, kept.schemaKey(), decoded.intended(), decoded.actual());
        } catch (OperationErrorsException | RuntimeException e) {
            LOG.warn("Kept node {} waits for its device: its configuration does not fit its schema built without the "
                + "device: {}", kept.nodeId(), CommitCoordinator.describe(e, schema));
            return new Outcome.WaitsForDevice(decoded);
        }
        // published before it is visible: a write to the node publishes after this
        status.publish(node);
        return new Outcome.Built(node);
    }

    @Override
    public String toString() {
        return "unbuilt " + kept;
    }
}
