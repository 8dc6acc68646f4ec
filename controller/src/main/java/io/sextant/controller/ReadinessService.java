package io.sextant.controller;

import io.sextant.spi.Readiness;
import io.sextant.persistence.Database;
import io.sextant.persistence.DeviceOwnership;
import io.sextant.persistence.PersistenceException;
import io.sextant.persistence.StateBackend;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code GET /ready}: this instance can serve when its components started (this component exists
 * only then: it references the ownership, which claims before it is published), its database
 * answers now, and its first claim of nodes succeeded and its registration is live. In memory,
 * always.
 */
@Component(service = Readiness.class)
public final class ReadinessService implements Readiness {
    private final StateBackend backend;
    private final DeviceOwnership ownership;

    @Activate
    public ReadinessService(@Reference final StateBackend backend, @Reference final DeviceOwnership ownership) {
        this.backend = backend;
        this.ownership = ownership;
    }

    @Override
    public Optional<String> unready() {
        final Database database = backend.database().orElse(null);
        if (database == null) {
            return Optional.empty();
        }
        try {
            database.check();
        } catch (PersistenceException e) {
            return Optional.of("The database does not answer: " + e.getMessage());
        }
        return ownership.unready();
    }
}
