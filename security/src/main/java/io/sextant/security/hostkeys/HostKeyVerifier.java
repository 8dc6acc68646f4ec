package io.sextant.security.hostkeys;

import static java.util.Objects.requireNonNull;

import java.security.PublicKey;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Checks devices' SSH host keys against each node's {@link HostKeyPolicy} and the
 * {@link HostKeyStore}. Independent of any SSH library: the adapters for Apache sshd (CLI
 * devices) and OpenDaylight's shaded sshd (NETCONF) call {@link #verify}. Thread-safe.
 */
public final class HostKeyVerifier {
    private final HostKeyStore store;
    private final Consumer<HostKeyVerdict> events;
    private final Clock clock;
    /** Nodes whose next presented key an operator accepts (accept-host-key), with whoever waits for it. */
    private final Map<String, CompletableFuture<KnownHostKey>> acceptNext = new ConcurrentHashMap<>();

    /**
     * @param events told every verdict (for the audit log and the node's status); must not block
     */
    public HostKeyVerifier(final HostKeyStore store, final Consumer<HostKeyVerdict> events, final Clock clock) {
        this.store = requireNonNull(store);
        this.events = requireNonNull(events);
        this.clock = requireNonNull(clock);
    }

    public HostKeyVerifier(final HostKeyStore store, final Consumer<HostKeyVerdict> events) {
        this(store, events, Clock.systemUTC());
    }

    /** Checks the key a device presented; a refused key must end the connection attempt. */
    public HostKeyVerdict verify(final String nodeId, final HostKeyPolicy policy, final PublicKey key) {
        HostKeyVerdict verdict;
        try {
            verdict = acceptedByOperator(nodeId, policy, key).orElseGet(() -> decide(nodeId, policy, key));
        } catch (HostKeyStoreException e) {
            verdict = new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.STORE_UNAVAILABLE, fingerprintOrUnknown(key),
                "Node " + nodeId + ": the SSH host key cannot be checked, the known host keys are not available ("
                + e.getMessage() + "); connection refused");
        }
        events.accept(verdict);
        return verdict;
    }

    /** This node's key checked against {@code policy}: what an SSH client adapter calls. */
    public HostKeyCheck check(final String nodeId, final HostKeyPolicy policy) {
        return key -> verify(nodeId, policy, key);
    }

    /**
     * Accept the next key the node presents, whatever it is, as its known key (the
     * accept-host-key RPC: the caller then makes the node connect). Only for trust on first use.
     *
     * @return completes with the stored key once the node presented one; the caller bounds the wait
     *     and cancels the future when it gives up
     */
    public CompletableFuture<KnownHostKey> acceptNextKey(final String nodeId) {
        final CompletableFuture<KnownHostKey> accepted = new CompletableFuture<>();
        final CompletableFuture<KnownHostKey> previous = acceptNext.put(nodeId, accepted);
        if (previous != null) {
            accepted.whenComplete((key, failure) -> {
                if (failure == null) {
                    previous.complete(key);
                }
            });
        }
        accepted.whenComplete((key, failure) -> acceptNext.remove(nodeId, accepted));
        return accepted;
    }

    private Optional<HostKeyVerdict> acceptedByOperator(final String nodeId, final HostKeyPolicy policy,
            final PublicKey key) {
        if (policy.mode() != HostKeyPolicy.Mode.TRUST_ON_FIRST_USE) {
            return Optional.empty();
        }
        final CompletableFuture<KnownHostKey> waiting = acceptNext.remove(nodeId);
        if (waiting == null || waiting.isDone()) {
            return Optional.empty();
        }
        final KnownHostKey known;
        try {
            known = new KnownHostKey(nodeId, OpenSshKeys.publicKeyLine(key), OpenSshKeys.fingerprint(key),
                clock.instant());
            store.put(known);
        } catch (IllegalArgumentException | HostKeyStoreException e) {
            waiting.completeExceptionally(e);
            throw e instanceof HostKeyStoreException unavailable ? unavailable : new HostKeyStoreException(
                e.getMessage(), e);
        }
        waiting.complete(known);
        return Optional.of(new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.ACCEPTED, known.fingerprint(),
            "Node " + nodeId + ": SSH host key " + known.fingerprint() + " accepted by an operator"));
    }

    private static String fingerprintOrUnknown(final PublicKey key) {
        try {
            return OpenSshKeys.fingerprint(key);
        } catch (IllegalArgumentException e) {
            return "unknown";
        }
    }

    private HostKeyVerdict decide(final String nodeId, final HostKeyPolicy policy, final PublicKey key) {
        final String fingerprint;
        final String line;
        try {
            fingerprint = OpenSshKeys.fingerprint(key);
            line = OpenSshKeys.publicKeyLine(key);
        } catch (IllegalArgumentException e) {
            return new HostKeyVerdict(nodeId, policy.mode() == HostKeyPolicy.Mode.NONE
                ? HostKeyVerdict.Outcome.UNCHECKED : HostKeyVerdict.Outcome.UNREADABLE, "unknown",
                "Node " + nodeId + " presented an SSH host key that cannot be checked: " + e.getMessage());
        }
        switch (policy.mode()) {
            case NONE:
                return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.UNCHECKED, fingerprint,
                    "Node " + nodeId + ": host key " + fingerprint + " accepted without a check (verification none)");
            case STRICT:
                if (policy.expected().contains(fingerprint)) {
                    return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.MATCHED_EXPECTED, fingerprint,
                        "Node " + nodeId + ": host key " + fingerprint + " is one the mount request gives");
                }
                return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.UNEXPECTED, fingerprint,
                    "Node " + nodeId + " presented SSH host key " + fingerprint + ", which is not one of the keys "
                    + "the mount request gives (" + String.join(", ", policy.expected()) + "); connection refused");
            case TRUST_ON_FIRST_USE:
            default:
                final Optional<KnownHostKey> known = store.find(nodeId);
                if (known.isEmpty()) {
                    final KnownHostKey stored = store.putIfAbsent(new KnownHostKey(nodeId, line, fingerprint,
                        clock.instant()));
                    if (stored.fingerprint().equals(fingerprint)) {
                        return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.LEARNED, fingerprint,
                            "Node " + nodeId + ": first SSH host key " + fingerprint + " stored (trust on first use)");
                    }
                    return changed(nodeId, stored, fingerprint);
                }
                if (known.orElseThrow().fingerprint().equals(fingerprint)) {
                    return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.MATCHED_KNOWN, fingerprint,
                        "Node " + nodeId + ": host key " + fingerprint + " is the stored one");
                }
                return changed(nodeId, known.orElseThrow(), fingerprint);
        }
    }

    private static HostKeyVerdict changed(final String nodeId, final KnownHostKey known, final String presented) {
        return new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.CHANGED, presented,
            "Node " + nodeId + " presented SSH host key " + presented + ", but " + known.fingerprint()
            + " is stored for it since " + known.since() + "; connection refused. If the device's key changed on "
            + "purpose, accept its current key (accept-host-key)");
    }

    /**
     * Stores a device's current key as the node's known key: what the accept-host-key RPC does
     * after fetching the key from the device.
     */
    public KnownHostKey accept(final String nodeId, final PublicKey key) {
        final KnownHostKey known = new KnownHostKey(nodeId, OpenSshKeys.publicKeyLine(key),
            OpenSshKeys.fingerprint(key), clock.instant());
        store.put(known);
        events.accept(new HostKeyVerdict(nodeId, HostKeyVerdict.Outcome.ACCEPTED, known.fingerprint(),
            "Node " + nodeId + ": SSH host key " + known.fingerprint() + " accepted by an operator"));
        return known;
    }

    /** Forgets a node's key (the node was removed). */
    public void forget(final String nodeId) {
        store.remove(nodeId);
    }

    public Optional<KnownHostKey> known(final String nodeId) {
        return store.find(nodeId);
    }
}
