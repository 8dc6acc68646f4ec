package io.sextant.security.hostkeys;

import java.util.Optional;

/**
 * Where known host keys live, per node: in memory ({@link InMemoryHostKeyStore}) or in the
 * controller's database ({@link DurableHostKeyStore}). A store that cannot be reached throws
 * {@link HostKeyStoreException}, and the key is refused.
 */
public interface HostKeyStore {
    Optional<KnownHostKey> find(String nodeId);

    /**
     * Stores the key unless one is stored already (the first key of trust on first use: two
     * sessions racing learn one key).
     *
     * @return the key stored now: {@code key}, or the one that was there
     */
    KnownHostKey putIfAbsent(KnownHostKey key);

    /** Stores the key, replacing any (an operator accepted it). */
    void put(KnownHostKey key);

    /** Forgets the node's key (the node was removed). */
    void remove(String nodeId);
}
