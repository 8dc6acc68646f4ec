package io.sextant.security.hostkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostKeyVerifierTest {
    private final List<HostKeyVerdict> events = new ArrayList<>();
    private final HostKeyVerifier verifier = new HostKeyVerifier(new InMemoryHostKeyStore(), events::add);

    static PublicKey key(final String algorithm) throws Exception {
        final KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
        if (algorithm.equals("EC")) {
            generator.initialize(new ECGenParameterSpec("secp384r1"));
        } else if (algorithm.equals("RSA")) {
            generator.initialize(2048);
        }
        return generator.generateKeyPair().getPublic();
    }

    @Test
    void fingerprintsAreTheOnesApacheSshdComputes() throws Exception {
        // sshd 2.12 handles Ed25519 only with an extra provider: RSA and EC here, all three below
        for (String algorithm : new String[] { "RSA", "EC" }) {
            final PublicKey key = key(algorithm);
            assertEquals(KeyUtils.getFingerPrint(KeyUtils.getDefaultFingerPrintFactory(), key),
                OpenSshKeys.fingerprint(key), algorithm);
            assertEquals(OpenSshKeys.fingerprint(key), OpenSshKeys.fingerprintOf(OpenSshKeys.publicKeyLine(key)));
        }
    }

    @Test
    void keyLinesAreReadBySshKeygenWithTheSameFingerprint(@TempDir final Path dir) throws Exception {
        for (String algorithm : new String[] { "RSA", "EC", "Ed25519" }) {
            final PublicKey key = key(algorithm);
            final Path file = Files.writeString(dir.resolve(algorithm + ".pub"),
                OpenSshKeys.publicKeyLine(key) + " test\n");
            final String printed = run("ssh-keygen", "-l", "-E", "sha256", "-f", file.toString());
            assertEquals(printed.split(" ")[1], OpenSshKeys.fingerprint(key), algorithm);
        }
    }

    @Test
    void aKeyLineFingerprintIsTheOneSshKeygenPrints(@TempDir final Path dir) throws Exception {
        final Path key = dir.resolve("id");
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "router-1", "-f", key.toString());
        final String line = Files.readString(dir.resolve("id.pub")).strip();
        final String printed = run("ssh-keygen", "-l", "-E", "sha256", "-f", dir.resolve("id.pub").toString());
        assertEquals(printed.split(" ")[1], OpenSshKeys.fingerprintOf(line));
        assertEquals(Set.of(printed.split(" ")[1]), HostKeyPolicy.strict(List.of(line)).expected());
    }

    @Test
    void trustOnFirstUseLearnsTheFirstKeyAndRefusesAnother() throws Exception {
        final PublicKey first = key("Ed25519");
        final PublicKey second = key("Ed25519");
        assertEquals(HostKeyVerdict.Outcome.LEARNED,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first).outcome());
        assertEquals(HostKeyVerdict.Outcome.MATCHED_KNOWN,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first).outcome());
        final HostKeyVerdict changed = verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second);
        assertEquals(HostKeyVerdict.Outcome.CHANGED, changed.outcome());
        assertFalse(changed.accepted());
        assertTrue(changed.message().contains(OpenSshKeys.fingerprint(first))
            && changed.message().contains(OpenSshKeys.fingerprint(second)), changed.message());
        // another node learns its own key
        assertTrue(verifier.verify("R2", HostKeyPolicy.TRUST_ON_FIRST_USE, second).accepted());
        // an operator accepts the new key: from then on it is the known one
        verifier.accept("R1", second);
        assertEquals(HostKeyVerdict.Outcome.MATCHED_KNOWN,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second).outcome());
        assertEquals(HostKeyVerdict.Outcome.CHANGED,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first).outcome());
        assertEquals(7, events.size());
    }

    @Test
    void anOperatorAcceptsTheNextKeyTheNodePresentsAndOnlyThatOne() throws Exception {
        final PublicKey first = key("EC");
        final PublicKey second = key("EC");
        final PublicKey third = key("EC");
        verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, first);
        assertFalse(verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second).accepted());
        final var accepted = verifier.acceptNextKey("R1");
        assertFalse(accepted.isDone());
        // another node's connection does not take R1's acceptance
        assertFalse(verifier.verify("R2", HostKeyPolicy.TRUST_ON_FIRST_USE, first).outcome()
            == HostKeyVerdict.Outcome.ACCEPTED);
        final HostKeyVerdict taken = verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, second);
        assertEquals(HostKeyVerdict.Outcome.ACCEPTED, taken.outcome());
        assertEquals(OpenSshKeys.fingerprint(second), accepted.getNow(null).fingerprint());
        assertEquals(OpenSshKeys.publicKeyLine(second), verifier.known("R1").orElseThrow().publicKey());
        // accepted once: the key after that is checked again
        assertEquals(HostKeyVerdict.Outcome.CHANGED,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, third).outcome());
        // an acceptance given up on is not taken later
        verifier.acceptNextKey("R1").cancel(false);
        assertEquals(HostKeyVerdict.Outcome.CHANGED,
            verifier.verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, third).outcome());
    }

    @Test
    void aStoreThatCannotAnswerRefusesTheKey() throws Exception {
        final HostKeyStore down = new HostKeyStore() {
            @Override
            public Optional<KnownHostKey> find(final String nodeId) {
                throw new HostKeyStoreException("database down", null);
            }

            @Override
            public KnownHostKey putIfAbsent(final KnownHostKey key) {
                throw new HostKeyStoreException("database down", null);
            }

            @Override
            public void put(final KnownHostKey key) {
                throw new HostKeyStoreException("database down", null);
            }

            @Override
            public void remove(final String nodeId) {
                throw new HostKeyStoreException("database down", null);
            }
        };
        final HostKeyVerdict verdict = new HostKeyVerifier(down, events::add)
            .verify("R1", HostKeyPolicy.TRUST_ON_FIRST_USE, key("EC"));
        assertEquals(HostKeyVerdict.Outcome.STORE_UNAVAILABLE, verdict.outcome());
        assertFalse(verdict.accepted());
        assertTrue(verdict.message().contains("database down"), verdict.message());
    }

    @Test
    void strictAcceptsOnlyTheGivenKeysAndLearnsNothing() throws Exception {
        final PublicKey expected = key("EC");
        final PublicKey other = key("EC");
        final HostKeyPolicy policy = HostKeyPolicy.strict(List.of(OpenSshKeys.publicKeyLine(expected) + " comment"));
        assertEquals(HostKeyVerdict.Outcome.MATCHED_EXPECTED, verifier.verify("R1", policy, expected).outcome());
        final HostKeyVerdict refused = verifier.verify("R1", policy, other);
        assertEquals(HostKeyVerdict.Outcome.UNEXPECTED, refused.outcome());
        assertTrue(verifier.known("R1").isEmpty());
        final HostKeyPolicy byFingerprint = HostKeyPolicy.strict(List.of(OpenSshKeys.fingerprint(other)));
        assertTrue(verifier.verify("R1", byFingerprint, other).accepted());
    }

    @Test
    void noneAcceptsAnyKeyAndSaysSo() throws Exception {
        final HostKeyVerdict verdict = verifier.verify("R1", HostKeyPolicy.NONE, key("RSA"));
        assertEquals(HostKeyVerdict.Outcome.UNCHECKED, verdict.outcome());
        assertTrue(verdict.accepted());
        assertTrue(verifier.known("R1").isEmpty());
    }

    @Test
    void badPoliciesAreRefusedClearly() {
        assertThrows(IllegalArgumentException.class, () -> HostKeyPolicy.strict(List.of()));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostKeyPolicy.strict(List.of("not a key")))
            .getMessage().contains("SSH public key"));
        assertThrows(IllegalArgumentException.class, () -> HostKeyPolicy.strict(List.of("SHA256:short")));
        assertEquals(HostKeyPolicy.Mode.TRUST_ON_FIRST_USE, HostKeyPolicy.Mode.ofYangName("trust-on-first-use"));
        assertThrows(IllegalArgumentException.class, () -> HostKeyPolicy.Mode.ofYangName("sometimes"));
    }

    private static String run(final String... command) throws Exception {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(process.getInputStream().readAllBytes()).strip();
        assertEquals(0, process.waitFor(), output);
        return output;
    }
}
