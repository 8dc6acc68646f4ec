package io.sextant.security.auth;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Users in memory; replace them all at once when the stored users change. Thread-safe. */
public final class InMemoryUserDirectory implements UserDirectory {
    private volatile Map<String, UserRecord> users = Map.of();

    @Override
    public Optional<UserRecord> find(final String name) {
        return Optional.ofNullable(users.get(name));
    }

    /** Replaces every user (for example after a change of the {@code sextant-users} data). */
    public void replaceAll(final Collection<UserRecord> records) {
        final Map<String, UserRecord> copy = new ConcurrentHashMap<>();
        records.forEach(record -> copy.put(record.name(), record));
        users = Map.copyOf(copy);
    }

    /** Adds or replaces one user. */
    public synchronized void put(final UserRecord record) {
        final Map<String, UserRecord> copy = new ConcurrentHashMap<>(users);
        copy.put(record.name(), record);
        users = Map.copyOf(copy);
    }

    public synchronized void remove(final String name) {
        final Map<String, UserRecord> copy = new ConcurrentHashMap<>(users);
        copy.remove(name);
        users = Map.copyOf(copy);
    }
}
