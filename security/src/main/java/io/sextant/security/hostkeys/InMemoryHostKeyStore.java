package io.sextant.security.hostkeys;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Known host keys in memory: lost on restart, when trust on first use learns them again. */
public final class InMemoryHostKeyStore implements HostKeyStore {
    private final Map<String, KnownHostKey> keys = new ConcurrentHashMap<>();

    @Override
    public Optional<KnownHostKey> find(final String nodeId) {
        return Optional.ofNullable(keys.get(nodeId));
    }

    @Override
    public KnownHostKey putIfAbsent(final KnownHostKey key) {
        final KnownHostKey existing = keys.putIfAbsent(key.nodeId(), key);
        return existing != null ? existing : key;
    }

    @Override
    public void put(final KnownHostKey key) {
        keys.put(key.nodeId(), key);
    }

    @Override
    public void remove(final String nodeId) {
        keys.remove(nodeId);
    }
}
