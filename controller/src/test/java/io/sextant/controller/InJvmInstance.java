package io.sextant.controller;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.LeaseRepository;
import io.sextant.persistence.NodeLease;
import io.sextant.persistence.StateBackend;
import java.nio.file.Path;
import java.util.List;

/**
 * One controller instance started in this JVM (as lighty.io assembles a controller) on a
 * database pool of its own, among several sharing one PostgreSQL; closing it closes the pool too.
 */
final class InJvmInstance implements AutoCloseable {
    final Database database;
    final Sextant sextant;
    final RestconfClient rest;

    /**
     * @param database a migrated pool, closed with the instance
     * @param password the bootstrap admin's password
     */
    InJvmInstance(final Path dataDir, final Database database, final String password) throws Exception {
        this.database = database;
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, password), StateBackend.durable(database));
        rest = new RestconfClient(sextant, password);
    }

    String id() {
        return sextant.ownership().instanceId();
    }

    /** Whether this instance has a NETCONF session to the node's device. */
    boolean hasSession(final String node) {
        return sextant.netconf().session(node).isPresent();
    }

    /** The node leases as the lease table holds them now, read through this instance's pool. */
    List<NodeLease> leases() throws Exception {
        return database.call("read the leases", tx -> new LeaseRepository().leases(tx));
    }

    @Override
    public void close() {
        sextant.close();
        database.close();
    }
}
