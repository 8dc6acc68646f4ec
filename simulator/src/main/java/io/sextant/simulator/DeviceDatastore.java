package io.sextant.simulator;

import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.w3c.dom.Element;

/**
 * The configuration of one simulated device: running as an immutable root (at first the shared
 * base, later sharing every unchanged subtree with its predecessor), a candidate root only while it
 * differs from running, the two locks, and a pending confirmed commit. An idle device costs its
 * root pointer and a few fields. Edits are checked and applied in a yangtools data tree made for
 * that edit on the shared schema and dropped afterwards.
 *
 * <p>Every operation takes this object's monitor: sessions of one device run on any event loop.
 */
final class DeviceDatastore {
    private static final InMemoryDataTreeFactory TREES = new InMemoryDataTreeFactory();
    private static final DataTreeConfiguration EDITS = new DataTreeConfiguration.Builder(
        DataTreeConfiguration.DEFAULT_CONFIGURATION.getTreeType()).setMandatoryNodesValidation(false).build();
    private static final DataTreeConfiguration FULL = new DataTreeConfiguration.Builder(
        DataTreeConfiguration.DEFAULT_CONFIGURATION.getTreeType()).setMandatoryNodesValidation(true)
        .setUniqueIndexes(true).build();

    /** A confirmed commit waiting for its confirmation. */
    private record Pending(ContainerNode rollback, long session, Optional<String> persist,
            ScheduledFuture<?> timeout) {
    }

    private final DeviceSchema schema;
    private final ScheduledExecutorService timer;
    private ContainerNode running;
    private ContainerNode candidate;
    private long runningLock;
    private long candidateLock;
    private Pending pending;

    DeviceDatastore(final DeviceSchema schema, final ScheduledExecutorService timer, final ContainerNode base) {
        this.schema = schema;
        this.timer = timer;
        this.running = base;
    }

    synchronized ContainerNode read(final Datastore datastore) {
        return datastore == Datastore.CANDIDATE && candidate != null ? candidate : running;
    }

    /** edit-config of the candidate; with {@code testOnly} only checked. */
    synchronized void edit(final long session, final Datastore target, final Element config,
            final ConfigEdit.Operation defaultOperation, final boolean testOnly) throws RpcError {
        if (target != Datastore.CANDIDATE) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
                "The running datastore is not writable (:writable-running is not supported); edit the candidate")
                .withInfo("bad-element", target.elementName());
        }
        checkNotLockedByOther(session, candidateLock, target);
        final ContainerNode edited = apply(read(Datastore.CANDIDATE), config, defaultOperation);
        if (!testOnly) {
            candidate = edited == running ? null : edited;
        }
    }

    synchronized void discardChanges(final long session) throws RpcError {
        checkNotLockedByOther(session, candidateLock, Datastore.CANDIDATE);
        candidate = null;
    }

    synchronized void validate(final Datastore source) throws RpcError {
        if (schema.enforceMandatory()) {
            validateFully(read(source));
        }
    }

    synchronized void lock(final long session, final Datastore target) throws RpcError {
        final long holder = target == Datastore.RUNNING ? runningLock : candidateLock;
        if (holder != 0) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.LOCK_DENIED, "Lock failed, lock already held")
                .withInfo("session-id", Long.toString(holder));
        }
        if (target == Datastore.CANDIDATE && candidate != null) {
            // RFC 6241 7.5: not while the candidate holds changes that are neither committed nor discarded
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.LOCK_DENIED,
                "Lock failed, the candidate has uncommitted changes").withInfo("session-id", "0");
        }
        if (target == Datastore.RUNNING) {
            runningLock = session;
        } else {
            candidateLock = session;
        }
    }

    synchronized void unlock(final long session, final Datastore target) throws RpcError {
        final long holder = target == Datastore.RUNNING ? runningLock : candidateLock;
        if (holder != session) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_FAILED,
                holder == 0 ? "Unlock failed, no lock is held" : "Unlock failed, the lock is held by another session")
                .withInfo("session-id", Long.toString(holder));
        }
        release(target);
    }

    private void release(final Datastore target) {
        if (target == Datastore.RUNNING) {
            runningLock = 0;
        } else {
            // RFC 6241 8.3.5.2: changes left in a candidate whose lock goes away are discarded
            candidateLock = 0;
            candidate = null;
        }
    }

    synchronized void commit(final long session, final CommitOptions options) throws RpcError {
        checkNotLockedByOther(session, runningLock, Datastore.RUNNING);
        checkNotLockedByOther(session, candidateLock, Datastore.CANDIDATE);
        final ContainerNode next = read(Datastore.CANDIDATE);
        ContainerNode rollback = running;
        if (pending != null) {
            checkMayFollow(session, options.persistId(), "confirm");
            rollback = pending.rollback();
        } else if (options.persistId().isPresent()) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "No confirmed commit is pending for persist-id " + options.persistId().get());
        }
        if (schema.enforceMandatory()) {
            validateFully(next);
        }
        if (pending != null) {
            pending.timeout().cancel(false);
            pending = null;
        }
        running = next;
        candidate = null;
        if (options.confirmed()) {
            final ContainerNode restore = rollback;
            final Pending[] self = new Pending[1];
            final ScheduledFuture<?> timeout = timer.schedule(() -> revert(self[0]), options.timeout().toMillis(),
                TimeUnit.MILLISECONDS);
            self[0] = new Pending(restore, session, options.persist(), timeout);
            pending = self[0];
        }
    }

    synchronized void cancelCommit(final long session, final Optional<String> persistId) throws RpcError {
        if (pending == null) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_FAILED, "No confirmed commit is pending");
        }
        checkMayFollow(session, persistId, "cancel");
        pending.timeout().cancel(false);
        revert(pending);
    }

    /** The session ended: its locks go, and so does a confirmed commit it left without persist. */
    synchronized void sessionClosed(final long session) {
        if (runningLock == session) {
            release(Datastore.RUNNING);
        }
        if (candidateLock == session) {
            release(Datastore.CANDIDATE);
        }
        if (pending != null && pending.persist().isEmpty() && pending.session() == session) {
            pending.timeout().cancel(false);
            revert(pending);
        }
    }

    private synchronized void revert(final Pending which) {
        if (which != null && pending == which) {
            running = which.rollback();
            candidate = null;
            pending = null;
        }
    }

    private void checkMayFollow(final long session, final Optional<String> persistId, final String what)
            throws RpcError {
        if (pending.persist().isPresent()) {
            if (!pending.persist().equals(persistId)) {
                throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                    "persist-id does not match the pending confirmed commit").withInfo("bad-element", "persist-id");
            }
        } else if (pending.session() != session) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.IN_USE, "Cannot " + what
                + " a confirmed commit of another session").withInfo("session-id", Long.toString(pending.session()));
        }
    }

    private static void checkNotLockedByOther(final long session, final long holder, final Datastore datastore)
            throws RpcError {
        if (holder != 0 && holder != session) {
            throw RpcError.of(ErrorType.APPLICATION, ErrorTag.IN_USE, "The " + datastore.elementName()
                + " datastore is locked by session " + holder).withInfo("session-id", Long.toString(holder));
        }
    }

    private ContainerNode apply(final ContainerNode base, final Element config,
            final ConfigEdit.Operation defaultOperation) throws RpcError {
        final DataTree tree = tree(EDITS, base);
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        ConfigEdit.apply(schema, modification, config, defaultOperation);
        try {
            modification.ready();
            tree.validate(modification);
            final DataTreeCandidate prepared = tree.prepare(modification);
            return (ContainerNode) prepared.getRootNode().dataAfter();
        } catch (DataValidationFailedException e) {
            throw RpcError.at(ErrorType.APPLICATION, ErrorTag.OPERATION_FAILED, e.getMessage(),
                ErrorPath.of(schema, e.getPath()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw RpcError.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, e.getMessage());
        }
    }

    private void validateFully(final ContainerNode root) throws RpcError {
        tree(FULL, root);
    }

    private DataTree tree(final DataTreeConfiguration configuration, final ContainerNode root) throws RpcError {
        if (root.isEmpty()) {
            // yangtools cannot start a tree from an empty root (it writes as a delete); an empty tree is the same
            return TREES.create(configuration, schema.context());
        }
        try {
            return TREES.create(configuration, schema.context(), root);
        } catch (DataValidationFailedException e) {
            throw RpcError.at(ErrorType.APPLICATION, ErrorTag.DATA_MISSING, e.getMessage(),
                ErrorPath.of(schema, e.getPath()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            // a mandatory node missing: as a device answers it, not as an exception of the server
            throw RpcError.of(ErrorType.APPLICATION, ErrorTag.DATA_MISSING, e.getMessage());
        }
    }
}
