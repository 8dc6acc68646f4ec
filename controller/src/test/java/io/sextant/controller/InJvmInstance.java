package io.sextant.controller;

import io.sextant.spi.ControllerSettings;
import io.sextant.persistence.Database;
import io.sextant.persistence.LeaseQueries;
import io.sextant.persistence.NodeLease;
import io.sextant.persistence.StateBackend;
import io.sextant.security.service.DeviceSecretsService;
import io.sextant.security.tls.TlsSetup;
import io.sextant.testing.FreePorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

/**
 * One controller instance started in this JVM (as lighty.io assembles a controller) on a
 * database pool of its own, among several sharing one PostgreSQL; closing it closes the pool too.
 */
final class InJvmInstance implements AutoCloseable {
    final Path dataDir;
    final Database database;
    final Sextant sextant;
    final RestconfClient rest;

    /**
     * @param database a migrated pool, closed with the instance
     * @param password the bootstrap admin's password
     */
    InJvmInstance(final Path dataDir, final Database database, final String password) throws Exception {
        this.dataDir = dataDir;
        this.database = database;
        // a port of its own, known before it starts: the address other instances send requests to
        sextant = Sextant.start(new ControllerSettings("127.0.0.1", FreePorts.one(), dataDir, password,
            Duration.ofMinutes(5)), StateBackend.durable(database));
        rest = new RestconfClient(sextant, password);
    }

    /**
     * Another instance on {@code first}'s database: it gets {@code first}'s device-secrets key and
     * RESTCONF certificate (as {@code ./sextant cluster} gives its instances one of each), and a
     * pool of its own.
     *
     * @param database a migrated pool on the same database as {@code first}'s, closed with the instance
     */
    static InJvmInstance joining(final InJvmInstance first, final Path dataDir, final Database database,
            final String password) throws Exception {
        shareClusterFiles(first.dataDir, dataDir);
        return new InJvmInstance(dataDir, database, password);
    }

    /**
     * Gives the instance of {@code dataDir} the device-secrets key and the RESTCONF certificate of
     * the instance of {@code from}, as {@code ./sextant cluster} gives its instances one of each.
     */
    static void shareClusterFiles(final Path from, final Path dataDir) throws IOException {
        shareSecretsKey(from, dataDir);
        final Path tls = Files.createDirectories(dataDir.resolve(TlsSetup.DIRECTORY));
        for (String file : List.of(TlsSetup.CERT_FILE, TlsSetup.KEY_FILE)) {
            Files.copy(from.resolve(TlsSetup.DIRECTORY).resolve(file), tls.resolve(file),
                StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /**
     * Gives the instance of {@code dataDir} the device-secrets key of the instance of {@code from}:
     * instances sharing a database must share it to read each other's sealed device passwords.
     */
    static void shareSecretsKey(final Path from, final Path dataDir) throws IOException {
        final Path key = DeviceSecretsService.keyFile(dataDir);
        Files.createDirectories(key.getParent(), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
        Files.copy(DeviceSecretsService.keyFile(from), key, StandardCopyOption.COPY_ATTRIBUTES);
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
        return database.call("read the leases", tx -> LeaseQueries.leases(tx));
    }

    @Override
    public void close() {
        sextant.close();
        database.close();
    }
}
