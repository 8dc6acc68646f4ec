package io.sextant.persistence;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One controller instance's membership and node leases in the shared database: register and
 * renew ({@link #heartbeat}), take a fair share ({@link #claim}), hand nodes over
 * ({@link #release}, {@link #leave}), and the local fencing check ({@link #owns}).
 *
 * <p><b>The validity rule.</b> The leases held here are valid until the last successful
 * {@link #heartbeat} was <em>sent</em> plus {@link LeaseTimings#validity()} (the lease time minus
 * the margin), measured with this JVM's monotonic clock. In the database, that heartbeat set the
 * registration's expiry, and a lease is held while its owner's registration is live: until the
 * moment the statement ran (later than the send) plus the whole lease time. Only after it can
 * another instance retire the registration and claim the nodes. So an instance gives its
 * leases up, by itself, at least one margin before anyone else can take them, whatever happens to
 * its connection: a frozen database, a cut network or a call hanging until its socket timeout needs
 * no answer from the database to take effect. A call that fails drops every lease at once: an
 * instance that cannot reach the database owns nothing until a later call succeeds.
 *
 * <p>Calls that talk to the database run one at a time; {@link #owns} and {@link #owned} never
 * wait for them. Constructed with {@code new}; scheduling the calls (every
 * {@link LeaseTimings#heartbeatInterval()}) is the caller's.
 */
public final class InstanceLeases implements NodeOwnership {
    private static final Logger LOG = LoggerFactory.getLogger(InstanceLeases.class);
    /** Instances expired for this many lease times are removed from the registry by the next claim. */
    private static final int FORGET_AFTER_TTLS = 10;

    private final Database database;
    private final LeaseRepository repository = new LeaseRepository();
    private final Incarnation incarnation;
    private final String address;
    private final LeaseTimings timings;
    private final LongSupplier nanoClock;
    /** The epochs of the leases held here. */
    private final Map<MountedNode, Long> held = new ConcurrentHashMap<>();
    /** Until when (monotonic nanos) they may be relied on: the last successful heartbeat's send time plus the validity. */
    private volatile long validUntil;

    /**
     * @param instanceId unique among the instances sharing the database (a second live process
     *     with the same id is refused); a restarted instance may keep its id or take a new one:
     *     either way it is a new {@link Incarnation} and claims its nodes anew, with new epochs
     * @param address where other instances reach this one (host:port), shown in status
     */
    public InstanceLeases(final Database database, final String instanceId, final String address,
            final LeaseTimings timings) {
        this(database, instanceId, address, timings, System::nanoTime);
    }

    InstanceLeases(final Database database, final String instanceId, final String address,
            final LeaseTimings timings, final LongSupplier nanoClock) {
        this.database = Objects.requireNonNull(database);
        this.incarnation = Incarnation.fresh(instanceId);
        this.address = Objects.requireNonNull(address);
        this.timings = Objects.requireNonNull(timings);
        this.nanoClock = Objects.requireNonNull(nanoClock);
        this.validUntil = nanoClock.getAsLong();
    }

    public String instanceId() {
        return incarnation.instanceId();
    }

    public LeaseTimings timings() {
        return timings;
    }

    /**
     * Register or renew this instance, and with it every lease it holds, in one statement and one
     * round trip ({@link Database#callStatement}). A registration that lapsed in the database is
     * begun anew with no lease: they must be claimed again, with new epochs.
     *
     * @return the leases held now
     * @throws PersistenceException when the database cannot be used, or (bad data) when another live
     *     process registered this instance id: every lease is dropped here first
     */
    public synchronized List<Lease> heartbeat() throws PersistenceException {
        final long sent = nanoClock.getAsLong();
        final List<Lease> renewed = orLoseAll(() -> database.callStatement("renew instance " + incarnation
            + " and its leases", tx -> repository.heartbeat(tx, incarnation, address, timings.ttl())));
        final Map<MountedNode, Long> now = new HashMap<>();
        renewed.forEach(lease -> now.put(lease.node(), lease.epoch()));
        held.keySet().retainAll(now.keySet());
        held.putAll(now);
        validUntil = sent + timings.validity().toNanos();
        return owned();
    }

    /**
     * Retire lapsed registrations and claim unowned leases up to this instance's fair share (see
     * {@link LeaseRepository#claim}); run it after a {@link #heartbeat} (an instance that is not
     * registered and live wins nothing). Also forgets instances long dead.
     *
     * @return the leases won now with their new epochs, and the nodes held beyond the share: stop
     *     acting on those, then {@link #release} them
     * @throws PersistenceException when the database cannot be used: every lease is dropped here first
     */
    public synchronized LeaseRepository.Claimed claim() throws PersistenceException {
        final LeaseRepository.Claimed claimed = orLoseAll(() -> database.call("claim nodes for instance "
            + incarnation, tx -> {
                repository.forgetRetired(tx, timings.ttl().multipliedBy(FORGET_AFTER_TTLS));
                return repository.claim(tx, incarnation);
            }));
        claimed.won().forEach(lease -> held.put(lease.node(), lease.epoch()));
        return claimed;
    }

    /**
     * The live instance other than this one that holds {@code node}'s lease, by the database's
     * clock; empty when none does or the database cannot be asked now (nothing is dropped then:
     * this is a question, not a renewal).
     */
    public Optional<LeaseHolder> holderElsewhere(final MountedNode node) {
        try {
            return database.call("read who holds node " + node.nodeId(), tx -> LeaseQueries.holder(tx,
                List.of(node.topologyId()), node.nodeId())).filter(holder -> !holder.instanceId().equals(
                    incarnation.instanceId()));
        } catch (PersistenceException e) {
            LOG.debug("Who holds node {} cannot be read now", node, e);
            return Optional.empty();
        }
    }

    /**
     * Hand {@code nodes} over: they are no longer owned here from the moment this is called (before
     * the database is asked), then unowned in the database, claimable by any instance at once.
     * The caller stops acting on them first (closes their sessions, finishes what it sent).
     *
     * @throws PersistenceException when the database cannot be used: every lease is dropped here; the
     *     nodes may still be this instance's in the database, so the next heartbeat may hand them
     *     back and the next claim names them as surplus again
     */
    public synchronized void release(final Collection<MountedNode> nodes) throws PersistenceException {
        held.keySet().removeAll(nodes);
        final List<MountedNode> list = new ArrayList<>(nodes);
        orLoseAll(() -> database.call("release " + list.size() + " node(s) of instance " + incarnation,
            tx -> repository.release(tx, incarnation, list)));
    }

    /**
     * Leave orderly: own nothing from now on, release every lease and unregister, so that the
     * other instances' next claims take the nodes without waiting for an expiry.
     */
    public synchronized void leave() throws PersistenceException {
        held.clear();
        database.run("unregister instance " + incarnation, tx -> repository.leave(tx, incarnation));
    }

    @Override
    public boolean owns(final MountedNode node, final long epoch) {
        final Long held = this.held.get(node);
        return held != null && held == epoch && valid();
    }

    /** The epoch of {@code node}'s lease held here now (valid by this instance's clock), or empty. */
    public OptionalLong epoch(final MountedNode node) {
        final Long epoch = held.get(node);
        return epoch != null && valid() ? OptionalLong.of(epoch) : OptionalLong.empty();
    }

    @Override
    public List<Lease> owned() {
        final List<Lease> owned = new ArrayList<>();
        if (valid()) {
            held.forEach((node, epoch) -> owned.add(new Lease(node, epoch)));
            owned.sort((a, b) -> a.node().compareTo(b.node()));
        }
        return owned;
    }

    /**
     * Whether this instance's registration is live by its own clock: the last heartbeat succeeded
     * less than the lease's validity ago, so the leases it holds may be relied on.
     */
    public boolean registered() {
        return valid();
    }

    private boolean valid() {
        return nanoClock.getAsLong() - validUntil < 0;
    }

    /** A round trip to the database. */
    @FunctionalInterface
    private interface RoundTrip<T> {
        T run() throws PersistenceException;
    }

    /** {@code trip}'s result; when it fails, every lease is dropped here before the failure goes on. */
    private <T> T orLoseAll(final RoundTrip<T> trip) throws PersistenceException {
        try {
            return trip.run();
        } catch (PersistenceException | RuntimeException e) {
            held.clear();
            throw e;
        }
    }

    @Override
    public String toString() {
        return "InstanceLeases[" + incarnation + " at " + address + ", " + owned().size() + " node(s)]";
    }
}
