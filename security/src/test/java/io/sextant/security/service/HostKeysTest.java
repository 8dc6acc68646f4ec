package io.sextant.security.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.model.ControllerSchema;
import io.sextant.persistence.StateBackend;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.hostkeys.HostKeyVerifier;
import io.sextant.security.hostkeys.OpenSshKeys;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

class HostKeysTest {
    private final List<AuditEvent> audited = new CopyOnWriteArrayList<>();
    private final RpcRegistry rpcs = new RpcRegistry();
    private final HostKeys hostKeys = new HostKeys(StateBackend.inMemory(), rpcs, audited::add,
        Duration.ofSeconds(20));

    private static PublicKey key() throws Exception {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(256);
        return generator.generateKeyPair().getPublic();
    }

    @Test
    void aRefusalIsAuditedOncePerChangeNotAtEveryRetry() throws Exception {
        final HostKeyVerifier verifier = hostKeys.verifier("topology-netconf");
        final PublicKey first = key();
        final PublicKey second = key();
        final PublicKey third = key();
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first);
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first);
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second);
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second);
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second);
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, third);
        assertEquals(List.of("learned", "changed", "changed"), audited.stream()
            .map(event -> event.details().get("host-key")).toList());
        assertEquals(List.of(OpenSshKeys.fingerprint(first), OpenSshKeys.fingerprint(second),
            OpenSshKeys.fingerprint(third)), audited.stream().map(event -> event.details().get("fingerprint")).toList());
        // each topology has its own known keys
        assertTrue(hostKeys.verifier("topology-cli").verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, third)
            .accepted());
    }

    @Test
    void acceptHostKeyStoresTheKeyTheNodePresentsWhenItConnectsNow() throws Exception {
        final HostKeyVerifier verifier = hostKeys.verifier("topology-cli");
        final PublicKey old = key();
        final PublicKey current = key();
        verifier.verify("E1", HostKeyPolicy.TRUST_ON_FIRST_USE, old);
        hostKeys.register("topology-cli", new HostKeys.Nodes() {
            @Override
            public Optional<HostKeyPolicy> policy(final String nodeId) {
                return nodeId.equals("E1") ? Optional.of(HostKeyPolicy.TRUST_ON_FIRST_USE)
                    : nodeId.equals("S1") ? Optional.of(HostKeyPolicy.strict(List.of(OpenSshKeys.publicKeyLine(old))))
                    : Optional.empty();
            }

            @Override
            public boolean connected(final String nodeId) {
                return false;
            }

            @Override
            public void connectNow(final String nodeId) {
                // the device presents its current key on the new connection
                new Thread(() -> verifier.verify(nodeId, HostKeyPolicy.TRUST_ON_FIRST_USE, current)).start();
            }
        });
        final ContainerNode output = accept("topology-cli", "E1").get(30, TimeUnit.SECONDS).orElseThrow();
        assertTrue(output.toString().contains(OpenSshKeys.fingerprint(current)), output.toString());
        assertEquals(OpenSshKeys.fingerprint(current), verifier.known("E1").orElseThrow().fingerprint());
        assertTrue(verifier.verify("E1", HostKeyPolicy.TRUST_ON_FIRST_USE, current).accepted());

        assertEquals(ErrorTag.INVALID_VALUE, failure(accept("topology-cli", "S1")));
        assertEquals(ErrorTag.DATA_MISSING, failure(accept("topology-cli", "nowhere")));
        assertEquals(ErrorTag.DATA_MISSING, failure(accept("topology-netconf", "E1")));
    }

    private CompletableFuture<Optional<ContainerNode>> accept(final String topologyId,
            final String nodeId) {
        final QName input = QName.create(ControllerSchema.HOST_KEYS, "input");
        return rpcs.invoke(HostKeys.ACCEPT_HOST_KEY, ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(input))
            .withChild(ImmutableNodes.leafNode(QName.create(input, "topology-id"), topologyId))
            .withChild(ImmutableNodes.leafNode(QName.create(input, "node-id"), nodeId))
            .build(), RequestContext.system()).toCompletableFuture();
    }

    private static ErrorTag failure(final CompletableFuture<?> result) {
        final ExecutionException failed = assertThrows(ExecutionException.class, () -> result.get(30,
            TimeUnit.SECONDS));
        return assertInstanceOf(OperationErrorsException.class, failed.getCause()).errors().get(0).tag();
    }
}
