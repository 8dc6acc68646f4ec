package io.sextant.security.hostkeys;

import static java.util.Objects.requireNonNull;

import io.sextant.persistence.Database;
import io.sextant.persistence.HostKeyRepository;
import io.sextant.persistence.HostKeyRepository.StoredHostKey;
import io.sextant.persistence.PersistenceException;
import java.util.Optional;

/**
 * Known host keys of one topology's nodes in the controller's PostgreSQL database: they survive
 * a restart, so trust on first use never learns again a key it refused. Each call is one SQL
 * transaction; a database that cannot answer throws {@link HostKeyStoreException}.
 */
public final class DurableHostKeyStore implements HostKeyStore {
    private final Database database;
    private final String topologyId;
    private final HostKeyRepository keys = new HostKeyRepository();

    public DurableHostKeyStore(final Database database, final String topologyId) {
        this.database = requireNonNull(database);
        this.topologyId = requireNonNull(topologyId);
    }

    @Override
    public Optional<KnownHostKey> find(final String nodeId) {
        try {
            return database.call("read the known host key of " + nodeId, tx -> keys.find(tx, topologyId, nodeId))
                .map(stored -> known(nodeId, stored));
        } catch (PersistenceException e) {
            throw new HostKeyStoreException(e.getMessage(), e);
        }
    }

    @Override
    public KnownHostKey putIfAbsent(final KnownHostKey key) {
        try {
            return known(key.nodeId(), database.call("store the host key of " + key.nodeId(),
                tx -> keys.insertIfAbsent(tx, topologyId, key.nodeId(), stored(key))));
        } catch (PersistenceException e) {
            throw new HostKeyStoreException(e.getMessage(), e);
        }
    }

    @Override
    public void put(final KnownHostKey key) {
        try {
            database.run("store the host key of " + key.nodeId(), tx -> keys.put(tx, topologyId, key.nodeId(),
                stored(key)));
        } catch (PersistenceException e) {
            throw new HostKeyStoreException(e.getMessage(), e);
        }
    }

    @Override
    public void remove(final String nodeId) {
        try {
            database.run("forget the host key of " + nodeId, tx -> keys.remove(tx, topologyId, nodeId));
        } catch (PersistenceException e) {
            throw new HostKeyStoreException(e.getMessage(), e);
        }
    }

    private static StoredHostKey stored(final KnownHostKey key) {
        return new StoredHostKey(key.publicKey(), key.fingerprint(), key.since());
    }

    private static KnownHostKey known(final String nodeId, final StoredHostKey stored) {
        return new KnownHostKey(nodeId, stored.publicKey(), stored.fingerprint(), stored.since());
    }
}
