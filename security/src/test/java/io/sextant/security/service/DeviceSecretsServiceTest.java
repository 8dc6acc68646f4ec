package io.sextant.security.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.DataStore;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.StoreType;
import io.sextant.spi.DeviceSecrets;
import io.sextant.model.ControllerSchema;
import io.sextant.security.secrets.KeyRing;
import io.sextant.security.secrets.SecretBox;
import io.sextant.security.secrets.SecretException;
import io.sextant.security.secrets.SecretLeaves;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Device passwords written into the configuration datastore are stored only as envelopes; an
 * envelope written back is "unchanged"; passwords stored before sealing, or with an older key,
 * are sealed at start; a key ring that cannot be read stops the start.
 */
class DeviceSecretsServiceTest {
    private static final String CANARY = "canary-7f3a-Pässwort";
    private static final QName NT = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology");
    private static final QName TOPOLOGY = QName.create(NT, "topology");
    private static final QName TOPOLOGY_ID = QName.create(NT, "topology-id");
    private static final QName NODE = QName.create(NT, "node");
    private static final QName NODE_ID = QName.create(NT, "node-id");
    private static final QName NC_PASSWORD = QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "password");
    private static final QName CLI_PASSWORD = QName.create(ControllerSchema.CLI_TOPOLOGY, "password");

    private final DataStore config = new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(),
        Executors.newSingleThreadExecutor());
    private final KeyRing keys = KeyRing.generate();

    private static QName nettop(final String name) {
        return QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, name);
    }

    private static QName cli(final String name) {
        return QName.create(ControllerSchema.CLI_TOPOLOGY, name);
    }

    private static YangInstanceIdentifier topologyPath(final String topology) {
        return YangInstanceIdentifier.of(new NodeIdentifier(NT), new NodeIdentifier(TOPOLOGY),
            NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, topology));
    }

    private static YangInstanceIdentifier nodePath(final String topology, final String nodeId) {
        return topologyPath(topology).node(new NodeIdentifier(NODE)).node(NodeIdentifierWithPredicates.of(NODE,
            NODE_ID, nodeId));
    }

    private static YangInstanceIdentifier netconfPasswordPath(final String nodeId) {
        return nodePath("topology-netconf", nodeId).node(new NodeIdentifier(nettop("credentials")))
            .node(new NodeIdentifier(nettop("login-password-unencrypted"))).node(new NodeIdentifier(NC_PASSWORD));
    }

    private static MapEntryNode netconfNode(final String nodeId, final String password) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(nettop("host"), "192.0.2.1"))
            .withChild(ImmutableNodes.leafNode(nettop("port"), Uint16.valueOf(830)))
            .withChild(ImmutableNodes.newChoiceBuilder().withNodeIdentifier(new NodeIdentifier(nettop("credentials")))
                .withChild(ImmutableNodes.newContainerBuilder()
                    .withNodeIdentifier(new NodeIdentifier(nettop("login-password-unencrypted")))
                    .withChild(ImmutableNodes.leafNode(nettop("username"), "admin"))
                    .withChild(ImmutableNodes.leafNode(NC_PASSWORD, password))
                    .build())
                .build())
            .build();
    }

    private static MapEntryNode cliNode(final String nodeId, final String password) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(NODE, NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(NODE_ID, nodeId))
            .withChild(ImmutableNodes.leafNode(cli("host"), "192.0.2.2"))
            .withChild(ImmutableNodes.leafNode(cli("username"), "admin"))
            .withChild(ImmutableNodes.leafNode(CLI_PASSWORD, password))
            .build();
    }

    private void put(final YangInstanceIdentifier path, final NormalizedNode data) throws OperationErrorsException {
        config.update(tx -> tx.put(path, data));
    }

    private String stored(final YangInstanceIdentifier path) {
        return config.snapshot().read(path).map(leaf -> (String) ((LeafNode<?>) leaf).body()).orElseThrow();
    }

    private String storedNetconf(final String nodeId) {
        return stored(netconfPasswordPath(nodeId));
    }

    @Test
    void aPasswordInAMountRequestIsStoredOnlyAsAnEnvelopeThatOpensToIt() throws Exception {
        try (DeviceSecretsService secrets = new DeviceSecretsService(config, keys)) {
            put(nodePath("topology-netconf", "R1"), netconfNode("R1", CANARY));
            final String stored = storedNetconf("R1");
            assertTrue(SecretBox.isEnvelope(stored), stored);
            assertFalse(stored.contains(CANARY));
            assertTrue(stored.startsWith("$sx1$" + keys.currentId() + "$"), stored);
            assertEquals(CANARY, secrets.open(stored));
            // nothing but the password changed
            assertEquals("192.0.2.1", ((LeafNode<?>) config.snapshot().read(nodePath("topology-netconf", "R1")
                .node(new NodeIdentifier(nettop("host")))).orElseThrow()).body());
        }
    }

    @Test
    void writingTheEnvelopeBackOrTheSamePasswordAgainLeavesItUnchangedANewPasswordIsSealedAnew() throws Exception {
        try (DeviceSecretsService secrets = new DeviceSecretsService(config, keys)) {
            put(nodePath("topology-netconf", "R1"), netconfNode("R1", CANARY));
            final String first = storedNetconf("R1");
            // GET-modify-PUT: the envelope read is written back
            put(nodePath("topology-netconf", "R1"), netconfNode("R1", first));
            assertSame(first, storedNetconf("R1"));
            // the same clear password again (a script that always sends it): unchanged, no remount
            put(nodePath("topology-netconf", "R1"), netconfNode("R1", CANARY));
            assertEquals(first, storedNetconf("R1"));
            // a new password: a new envelope
            put(nodePath("topology-netconf", "R1"), netconfNode("R1", "another"));
            final String second = storedNetconf("R1");
            assertNotEquals(first, second);
            assertEquals("another", secrets.open(second));
            // the leaf alone, merged
            config.update(tx -> tx.merge(netconfPasswordPath("R1"), ImmutableNodes.leafNode(NC_PASSWORD, CANARY)));
            assertEquals(CANARY, secrets.open(storedNetconf("R1")));
        }
    }

    @Test
    void passwordsAreSealedWhereverTheWriteStartsNetconfAndCliAlike() throws Exception {
        try (DeviceSecretsService secrets = new DeviceSecretsService(config, keys)) {
            final var topologies = ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(NT))
                .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(TOPOLOGY))
                    .withChild(ImmutableNodes.newMapEntryBuilder()
                        .withNodeIdentifier(NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, "topology-netconf"))
                        .withChild(ImmutableNodes.leafNode(TOPOLOGY_ID, "topology-netconf"))
                        .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(NODE))
                            .withChild(netconfNode("N1", CANARY + "-n1"))
                            .withChild(netconfNode("N2", CANARY + "-n2"))
                            .build())
                        .build())
                    .withChild(ImmutableNodes.newMapEntryBuilder()
                        .withNodeIdentifier(NodeIdentifierWithPredicates.of(TOPOLOGY, TOPOLOGY_ID, "topology-cli"))
                        .withChild(ImmutableNodes.leafNode(TOPOLOGY_ID, "topology-cli"))
                        .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(NODE))
                            .withChild(cliNode("C1", CANARY + "-c1"))
                            .build())
                        .build())
                    .build())
                .build();
            // a PUT of the whole datastore's network-topology, through a transaction
            final var tx = config.newTransaction();
            tx.put(SecretLeaves.NETWORK_TOPOLOGY, topologies);
            tx.commit();
            assertEquals(CANARY + "-n1", secrets.open(storedNetconf("N1")));
            assertEquals(CANARY + "-n2", secrets.open(storedNetconf("N2")));
            final String cliStored = stored(nodePath("topology-cli", "C1").node(new NodeIdentifier(CLI_PASSWORD)));
            assertTrue(SecretBox.isEnvelope(cliStored));
            assertEquals(CANARY + "-c1", secrets.open(cliStored));
            final String everything = config.snapshot().read(YangInstanceIdentifier.of()).orElseThrow().toString();
            assertFalse(everything.contains(CANARY), everything);
        }
    }

    @Test
    void anEnvelopeThisControllerCannotOpenIsRefusedAtThePasswordWithoutChangingAnything() throws Exception {
        try (DeviceSecretsService secrets = new DeviceSecretsService(config, keys)) {
            final String foreign = new SecretBox(KeyRing.generate()).encrypt(CANARY);
            final OperationErrorsException refused = assertThrows(OperationErrorsException.class,
                () -> put(nodePath("topology-netconf", "R9"), netconfNode("R9", foreign)));
            final var error = refused.errors().get(0);
            assertEquals(ErrorTag.INVALID_VALUE, error.tag());
            assertEquals(netconfPasswordPath("R9"), error.path());
            assertTrue(error.message().contains("The password of node R9 is a sealed value this controller cannot "
                + "open") && error.message().contains("not in the key ring"), error.message());
            assertFalse(error.message().contains(CANARY));
            assertTrue(config.snapshot().read(nodePath("topology-netconf", "R9")).isEmpty());
            // an altered envelope of our own key likewise
            final String[] parts = new SecretBox(keys).encrypt(CANARY).split("\\$");
            final String altered = "$sx1$" + parts[2] + "$" + parts[3] + "$" + (parts[4].charAt(0) == 'A' ? 'B' : 'A')
                + parts[4].substring(1);
            final OperationErrorsException alteredRefused = assertThrows(OperationErrorsException.class,
                () -> put(nodePath("topology-netconf", "R9"), netconfNode("R9", altered)));
            assertTrue(alteredRefused.getMessage().contains("altered"), alteredRefused.getMessage());
            assertTrue(config.snapshot().read(nodePath("topology-netconf", "R9")).isEmpty());
        }
    }

    @Test
    void atStartPasswordsStoredInClearAndWithAnOlderKeyAreSealedWithTheCurrentKey() throws Exception {
        // stored before sealing was wired (no filter yet)
        put(nodePath("topology-netconf", "Clear"), netconfNode("Clear", CANARY));
        final String old = new SecretBox(keys).encrypt("old-" + CANARY);
        put(nodePath("topology-netconf", "Old"), netconfNode("Old", old));
        final String lost = new SecretBox(KeyRing.generate()).encrypt("lost-" + CANARY);
        put(nodePath("topology-netconf", "Lost"), netconfNode("Lost", lost));

        final KeyRing rotated = keys.rotate();
        try (DeviceSecretsService secrets = new DeviceSecretsService(config, rotated)) {
            final String clear = storedNetconf("Clear");
            assertTrue(clear.startsWith("$sx1$" + rotated.currentId() + "$"), clear);
            assertEquals(CANARY, secrets.open(clear));
            final String resealed = storedNetconf("Old");
            assertTrue(resealed.startsWith("$sx1$" + rotated.currentId() + "$"), resealed);
            assertEquals("old-" + CANARY, secrets.open(resealed));
            // a key that is gone: left as it is; opening it says why, never the value
            assertEquals(lost, storedNetconf("Lost"));
            final DeviceSecrets.Unavailable unavailable = assertThrows(DeviceSecrets.Unavailable.class,
                () -> secrets.open(lost));
            assertTrue(unavailable.getMessage().contains("not in the key ring")
                && unavailable.getMessage().contains("give the password again"), unavailable.getMessage());
            // giving it again heals the node
            put(nodePath("topology-netconf", "Lost"), netconfNode("Lost", "lost-" + CANARY));
            assertEquals("lost-" + CANARY, secrets.open(storedNetconf("Lost")));
        }
    }

    @Test
    void theKeyFileIsCreatedPrivateUnderTheDataDirectoryAndReusedAtTheNextStart(@TempDir final Path dataDir)
            throws Exception {
        final KeyRing first = DeviceSecretsService.keyRing(dataDir, Map.of());
        final Path file = dataDir.resolve("secrets").resolve("key");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals(first.ids(), DeviceSecretsService.keyRing(dataDir, Map.of()).ids());
        // the environment wins over the file
        final String key = Base64.getEncoder().encodeToString(new byte[32]);
        assertEquals(List.of("env1"), DeviceSecretsService.keyRing(dataDir,
            Map.of(KeyRing.ENVIRONMENT_VARIABLE, "env1:" + key)).ids());
    }

    @Test
    void keyMaterialThatCannotBeUsedStopsTheStartNamingTheFile(@TempDir final Path dataDir) throws Exception {
        final Path file = dataDir.resolve("secrets").resolve("key");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "k1:not-base64!\n");
        final SecretException malformed = assertThrows(SecretException.class,
            () -> DeviceSecretsService.keyRing(dataDir, Map.of()));
        assertTrue(malformed.getMessage().contains(file.toString()) && malformed.getMessage().contains("base64"),
            malformed.getMessage());
        Files.delete(file);
        Files.createDirectory(file);
        final SecretException unreadable = assertThrows(SecretException.class,
            () -> DeviceSecretsService.keyRing(dataDir, Map.of()));
        assertTrue(unreadable.getMessage().contains("Cannot read or create the key file " + file),
            unreadable.getMessage());
        final SecretException badEnvironment = assertThrows(SecretException.class,
            () -> DeviceSecretsService.keyRing(dataDir, Map.of(KeyRing.ENVIRONMENT_VARIABLE, "nothing")));
        assertTrue(badEnvironment.getMessage().startsWith(KeyRing.ENVIRONMENT_VARIABLE), badEnvironment.getMessage());
    }
}
