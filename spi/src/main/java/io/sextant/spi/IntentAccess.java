package io.sextant.spi;

import static java.util.Objects.requireNonNull;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * What one user may change in UniConfig nodes' intended configuration. Operations that compute a
 * node's new intent themselves ({@code apply-template}, {@code revert-changes},
 * {@code replace-config-with-snapshot}) ask before they change anything, so that they are held to
 * the same rules as a write of the node's configuration through its mount point.
 */
@FunctionalInterface
public interface IntentAccess {
    /** For callers no access rule restricts (the local console, the controller itself, tests). */
    IntentAccess UNRESTRICTED = change -> { };

    /**
     * One node's intent from {@code before} to {@code after}.
     *
     * @param nodeId the UniConfig node
     * @param configuration the path of the node's {@code configuration} container in the
     *     controller's schema: the mount point its intent is written through
     * @param schema the node's (its device's) schema
     */
    record Change(String nodeId, YangInstanceIdentifier configuration, EffectiveModelContext schema,
            NormalizedNode before, NormalizedNode after) {
        public Change {
            requireNonNull(nodeId);
            requireNonNull(configuration);
            requireNonNull(schema);
            requireNonNull(before);
            requireNonNull(after);
        }
    }

    /**
     * Refuse {@code change} unless the user may make all of it: create what it creates, update
     * what it changes and delete what it removes.
     *
     * @throws OperationErrorsException {@code access-denied}, naming the node and the first place refused
     */
    void check(Change change) throws OperationErrorsException;

    /** Where a request's {@link IntentAccess} comes from: its user and the rules stored now. */
    @FunctionalInterface
    interface Policy {
        /** No rule restricts anybody (a controller without access control: tests, benchmarks). */
        Policy UNRESTRICTED = context -> IntentAccess.UNRESTRICTED;

        IntentAccess forRequest(RequestContext context);
    }
}
