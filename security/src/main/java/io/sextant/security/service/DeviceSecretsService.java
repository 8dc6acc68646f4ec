package io.sextant.security.service;

import static java.util.Objects.requireNonNull;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.ControllerStores;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.ControllerSettings;
import io.sextant.spi.DeviceSecrets;
import io.sextant.security.secrets.KeyRing;
import io.sextant.security.secrets.SealingFilter;
import io.sextant.security.secrets.SecretBox;
import io.sextant.security.secrets.SecretException;
import io.sextant.security.secrets.SecretLeaves;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Device secrets at rest: every password of a mount request is sealed ({@link SealingFilter})
 * before the configuration datastore stores or keeps it, and opened only when a southbound
 * connects ({@link #open}).
 *
 * <p>The key ring comes from {@value KeyRing#ENVIRONMENT_VARIABLE} when set, else from the key
 * file ({@value #KEY_FILE_PROPERTY}, by default {@code <data-dir>/secrets/key}), created mode
 * 0600 on the first start. Key material that cannot be read stops the start: the constructor
 * throws, and nothing that references this service (RESTCONF, the southbound) starts.
 *
 * <p>At start, passwords stored before they were sealed (by an older controller) and passwords
 * sealed with an older key are sealed again with the current one, in one commit. A password sealed
 * with a key that is no longer in the ring stays as it is: its node does not connect and says why.
 */
@Component(service = DeviceSecrets.class, immediate = true)
public final class DeviceSecretsService implements DeviceSecrets, AutoCloseable {
    /** The key file, when not {@code <data-dir>/secrets/key}. */
    public static final String KEY_FILE_PROPERTY = "sextant.secrets.key-file";

    private static final Logger LOG = LoggerFactory.getLogger(DeviceSecretsService.class);
    private static final Set<PosixFilePermission> NOT_OWNER = EnumSet.of(PosixFilePermission.GROUP_READ,
        PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

    private final KeyRing keys;
    private final SecretBox box;
    private final Registration filter;

    /**
     * Under Karaf: the data directory from {@code sextant.data-dir}, the key from the environment
     * or the key file.
     *
     * @throws SecretException when the key material cannot be read or is malformed
     */
    @Activate
    public DeviceSecretsService(@Reference final ControllerStores datastores) throws SecretException {
        this(datastores.config(), keyRingOrSayWhy(ControllerSettings.fromSystemProperties().dataDir()));
    }

    /** The key ring, or an ERROR saying what does not start and why before the constructor fails. */
    private static KeyRing keyRingOrSayWhy(final Path dataDir) throws SecretException {
        try {
            return keyRing(dataDir, System.getenv());
        } catch (SecretException e) {
            LOG.error("Device secrets cannot be sealed or opened, so RESTCONF and the southbound do not start: {}",
                e.getMessage());
            throw e;
        }
    }

    /**
     * @param config the configuration datastore, whose mount requests are sealed from now on
     * @param keys the key ring in force; its first key seals
     * @throws SecretException when passwords stored in clear cannot be sealed now
     */
    public DeviceSecretsService(final DataStore config, final KeyRing keys) throws SecretException {
        this.keys = requireNonNull(keys);
        this.box = new SecretBox(keys);
        this.filter = config.registerWriteFilter(SecretLeaves.NETWORK_TOPOLOGY, new SealingFilter(box));
        try {
            sealStoredSecrets(config);
        } catch (SecretException e) {
            filter.close();
            throw e;
        }
    }

    /**
     * The key ring: from {@value KeyRing#ENVIRONMENT_VARIABLE} in {@code environment} when set,
     * else from {@link #keyFile(Path)} (created on first use).
     *
     * @throws SecretException naming the variable or the file and what is wrong with it
     */
    public static KeyRing keyRing(final Path dataDir, final Map<String, String> environment) throws SecretException {
        final String fromEnvironment = environment.get(KeyRing.ENVIRONMENT_VARIABLE);
        final Path file = keyFile(dataDir);
        final KeyRing ring = KeyRing.loadOrCreate(fromEnvironment, file);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            LOG.info("Device secrets: {} key(s) from {}, sealing with {}", ring.ids().size(),
                KeyRing.ENVIRONMENT_VARIABLE, ring.currentId());
        } else {
            LOG.info("Device secrets: {} key(s) from {}, sealing with {}", ring.ids().size(), file, ring.currentId());
            warnIfShared(file);
        }
        return ring;
    }

    /** {@value #KEY_FILE_PROPERTY} when set, else {@code <dataDir>/secrets/key}. */
    public static Path keyFile(final Path dataDir) {
        final String configured = System.getProperty(KEY_FILE_PROPERTY, "");
        return configured.isBlank() ? dataDir.resolve(KeyRing.KEY_FILE) : Path.of(configured);
    }

    @Override
    public String open(final String stored) throws Unavailable {
        if (!SecretBox.isEnvelope(stored)) {
            // stored before sealing was wired and not sealed since; used as it is
            return stored;
        }
        try {
            return box.decrypt(stored);
        } catch (SecretException e) {
            throw new Unavailable(e.getMessage() + "; give the password again in the mount request");
        }
    }

    /** Seals passwords stored in clear, and reseals those of an older key, with the current key. */
    private void sealStoredSecrets(final DataStore config) throws SecretException {
        final List<SecretLeaves.Found> reseal = new ArrayList<>();
        config.snapshot().read(SecretLeaves.NETWORK_TOPOLOGY).ifPresent(topology -> {
            for (SecretLeaves.Found found : SecretLeaves.find(SecretLeaves.NETWORK_TOPOLOGY, topology)) {
                if (!SecretBox.isEnvelope(found.value())) {
                    reseal.add(found);
                } else if (box.needsReseal(found.value())) {
                    try {
                        reseal.add(new SecretLeaves.Found(found.path(), box.decrypt(found.value())));
                    } catch (SecretException e) {
                        LOG.warn("Node {} cannot connect until its password is given again: {}", found.nodeId(),
                            e.getMessage());
                    }
                }
            }
        });
        if (reseal.isEmpty()) {
            return;
        }
        try {
            // written in clear here: the filter seals each on its way in
            config.update(tx -> {
                for (SecretLeaves.Found found : reseal) {
                    final YangInstanceIdentifier path = found.path();
                    tx.put(path, ImmutableNodes.leafNode(path.getLastPathArgument().getNodeType(), found.value()));
                }
            });
        } catch (OperationErrorsException e) {
            throw new SecretException("Cannot seal the " + reseal.size() + " device password(s) stored unsealed "
                + "or with an older key: " + e.getMessage(), e);
        }
        LOG.info("Device secrets: sealed {} stored password(s) with key {}", reseal.size(), keys.currentId());
    }

    private static void warnIfShared(final Path file) {
        try {
            final Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            permissions.retainAll(NOT_OWNER);
            if (!permissions.isEmpty()) {
                LOG.warn("The device-secret key file {} can be read or written by others than its owner "
                    + "(chmod 600 it)", file);
            }
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("Cannot check the permissions of {}", file, e);
        }
    }

    @Deactivate
    @Override
    public void close() {
        filter.close();
    }
}
