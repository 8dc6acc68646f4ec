package io.sextant.persistence;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Which mounted nodes' devices this controller instance may act on, and news when that changes.
 * The southbounds open a session only for a node owned here, keep the epoch it was owned in, and
 * check {@link #owns} with it before every device action (the fencing rule, see
 * {@link NodeOwnership}); a node lost has its session closed.
 *
 * <p>A controller alone ({@link #SOLE}, state in memory) owns every node at all times: nothing
 * is checked against a database and nothing is ever told. With several instances on one database
 * it is a {@link LeaseScheduler}.
 */
public interface DeviceOwnership {

    /** A controller alone: every node is owned here, always, in epoch 0; no news. */
    DeviceOwnership SOLE = new DeviceOwnership() {
        private static final OptionalLong ALWAYS = OptionalLong.of(0);
        private static final Optional<BooleanSupplier> UNFENCED = Optional.of(() -> true);

        @Override
        public boolean sole() {
            return true;
        }

        @Override
        public OptionalLong epoch(final String topologyId, final String nodeId) {
            return ALWAYS;
        }

        @Override
        public boolean owns(final String topologyId, final String nodeId, final long epoch) {
            return true;
        }

        @Override
        public Optional<BooleanSupplier> fence(final String topologyId, final String nodeId) {
            return UNFENCED;
        }

        @Override
        public Optional<LeaseHolder> heldElsewhere(final String topologyId, final String nodeId) {
            return Optional.empty();
        }

        @Override
        public Watch watch(final String topologyId, final Listener listener) {
            return () -> { };
        }

        @Override
        public String toString() {
            return "one controller instance owning every node";
        }
    };

    /** Whether every node is owned here at all times, so that no check is needed. */
    boolean sole();

    /** This instance's id among the instances sharing the database; empty when it is alone. */
    default String instanceId() {
        return "";
    }

    /**
     * Why this instance cannot serve its share of the nodes now (for {@code /ready}): its first
     * claim has not succeeded, or its registration lapsed; empty when it can, and always when it is
     * alone.
     */
    default Optional<String> unready() {
        return Optional.empty();
    }

    /**
     * The live instance that holds {@code nodeId}'s lease when it is not this one, so that a
     * request needing its device can be sent there; empty when it is held here, by nobody, when
     * this instance is alone, or when the database cannot tell now. Asks the database.
     */
    Optional<LeaseHolder> heldElsewhere(String topologyId, String nodeId);

    /**
     * Tell the other instances the connection state of a node whose device this one connects, in
     * the topology's own words ({@link NodeStates}: the latest wins, written in the background).
     * Nothing when alone.
     */
    default void reportState(final String topologyId, final String nodeId, final String status,
            final String message) {
    }

    /**
     * The nodes of {@code topologyId} whose devices this instance does not connect: those other
     * live instances hold, with the state each reported, and those no live instance holds now
     * (asks the database); empty when alone.
     *
     * @throws PersistenceException when the database cannot tell now
     */
    default List<NodeStateElsewhere> stateElsewhere(final String topologyId) throws PersistenceException {
        return List.of();
    }

    /**
     * The connection states other instances reported after {@code after}, oldest first (see
     * {@link #reportState}); none when alone.
     */
    default List<NodeStateReport> reportedElsewhereAfter(final Instant after) throws PersistenceException {
        return List.of();
    }

    /** The epoch of {@code nodeId}'s lease held here now, or empty when it is not owned here. */
    OptionalLong epoch(String topologyId, String nodeId);

    /** Whether {@code nodeId}'s lease is held here now, in term {@code epoch}; never waits for the database. */
    boolean owns(String topologyId, String nodeId, long epoch);

    /**
     * The fence of a device session of {@code nodeId} opened now: whether this instance still holds
     * the node's lease in the term it holds it now (check it before every device action); empty
     * when the node is not owned here. Always true when this instance is alone.
     */
    default Optional<BooleanSupplier> fence(final String topologyId, final String nodeId) {
        final OptionalLong epoch = epoch(topologyId, nodeId);
        if (epoch.isEmpty()) {
            return Optional.empty();
        }
        final long term = epoch.getAsLong();
        return Optional.of(() -> owns(topologyId, nodeId, term));
    }

    /**
     * Claim soon rather than at the next interval: a node was just mounted that no instance may own
     * yet. Returns at once; several calls before the claim runs make one claim. Nothing when alone.
     */
    default void claimSoon() {
    }

    /**
     * Be told from now on of the nodes of {@code topologyId} gained and lost. What is owned already
     * is not told: the caller watches first, then asks {@link #epoch} for the nodes it has (a node
     * gained in between is then both told and found; connecting must be idempotent).
     */
    Watch watch(String topologyId, Listener listener);

    /** Changes of ownership of one topology's nodes; told one at a time, on the ownership's own thread. */
    interface Listener {
        /** {@code nodeId} is owned here from now, in term {@code epoch}: connect it if it is mounted. */
        void gained(String nodeId, long epoch);

        /** {@code nodeId} is no longer owned here (or its term ended): stop acting on it, close its session. */
        void lost(String nodeId);

        /** A listener that calls {@code connect} with each node gained and {@code close} with each node lost. */
        static Listener of(final Consumer<String> connect, final Consumer<String> close) {
            return new Listener() {
                @Override
                public void gained(final String nodeId, final long epoch) {
                    connect.accept(nodeId);
                }

                @Override
                public void lost(final String nodeId) {
                    close.accept(nodeId);
                }
            };
        }
    }

    /** Stops the news. */
    @FunctionalInterface
    interface Watch extends AutoCloseable {
        @Override
        void close();
    }
}
