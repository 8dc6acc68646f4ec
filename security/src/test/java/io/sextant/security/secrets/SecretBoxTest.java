package io.sextant.security.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretBoxTest {
    private static final String CANARY = "canary-Zq9#pässwörd";

    @Test
    void sealedValuesOpenAndNeverContainTheClearText() throws Exception {
        final SecretBox box = new SecretBox(KeyRing.generate());
        final String sealed = box.encrypt(CANARY);
        assertTrue(SecretBox.isEnvelope(sealed), sealed);
        assertFalse(sealed.contains(CANARY));
        assertFalse(sealed.contains(Base64.getEncoder().encodeToString(CANARY.getBytes(StandardCharsets.UTF_8))));
        assertEquals(CANARY, box.decrypt(sealed));
    }

    @Test
    void everyValueGetsAFreshIv() {
        final SecretBox box = new SecretBox(KeyRing.generate());
        final String first = box.encrypt("same");
        final String second = box.encrypt("same");
        assertNotEquals(first, second);
        assertNotEquals(first.split("\\$")[3], second.split("\\$")[3]);
    }

    @Test
    void anEnvelopeWrittenBackStaysAsItIs() {
        final SecretBox box = new SecretBox(KeyRing.generate());
        final String sealed = box.encrypt(CANARY);
        assertEquals(sealed, box.encrypt(sealed));
        assertFalse(SecretBox.isEnvelope("admin"));
        assertFalse(SecretBox.isEnvelope("$sx1$"));
        assertFalse(SecretBox.isEnvelope(null));
    }

    @Test
    void anAlteredEnvelopeIsRefused() throws Exception {
        final SecretBox box = new SecretBox(KeyRing.generate());
        final String sealed = box.encrypt(CANARY);
        final String[] parts = sealed.split("\\$");
        // flip one bit of the ciphertext, then of the IV
        final byte[] body = Base64.getUrlDecoder().decode(parts[4]);
        body[0] ^= 1;
        final String badBody = "$sx1$" + parts[2] + "$" + parts[3] + "$"
            + Base64.getUrlEncoder().withoutPadding().encodeToString(body);
        final byte[] iv = Base64.getUrlDecoder().decode(parts[3]);
        iv[0] ^= 1;
        final String badIv = "$sx1$" + parts[2] + "$" + Base64.getUrlEncoder().withoutPadding().encodeToString(iv)
            + "$" + parts[4];
        for (String tampered : new String[] { badBody, badIv }) {
            final SecretException error = assertThrows(SecretException.class, () -> box.decrypt(tampered));
            assertTrue(error.getMessage().contains("altered"), error.getMessage());
            assertFalse(error.getMessage().contains(CANARY));
        }
    }

    @Test
    void anEnvelopeMovedToAnotherKeyIdIsRefused() throws Exception {
        final KeyRing ring = KeyRing.generate().rotate();
        final SecretBox box = new SecretBox(ring);
        final String sealed = box.encrypt(CANARY);
        final String otherId = ring.ids().get(1);
        final String moved = sealed.replace("$" + ring.currentId() + "$", "$" + otherId + "$");
        assertThrows(SecretException.class, () -> box.decrypt(moved));
    }

    @Test
    void rotationKeepsOldSecretsReadableAndSealsNewOnesWithTheNewKey() throws Exception {
        final AtomicReference<KeyRing> ring = new AtomicReference<>(KeyRing.generate());
        final SecretBox box = new SecretBox(ring::get);
        final String old = box.encrypt(CANARY);
        final String oldId = ring.get().currentId();
        ring.set(ring.get().rotate());
        assertEquals(CANARY, box.decrypt(old));
        assertTrue(box.needsReseal(old));
        final String fresh = box.encrypt(CANARY);
        assertTrue(fresh.startsWith("$sx1$" + ring.get().currentId() + "$"));
        assertNotEquals(oldId, ring.get().currentId());
        assertFalse(box.needsReseal(fresh));
    }

    @Test
    void aSecretOfAnUnknownKeyNamesTheKey() {
        final String sealed = new SecretBox(KeyRing.generate()).encrypt(CANARY);
        final SecretException error = assertThrows(SecretException.class,
            () -> new SecretBox(KeyRing.generate()).decrypt(sealed));
        assertTrue(error.getMessage().contains("not in the key ring"), error.getMessage());
    }

    @Test
    void theKeyFileIsCreatedPrivateOnFirstUseAndReadBackAfterwards(@TempDir final Path dir) throws Exception {
        final Path file = dir.resolve("sub").resolve(KeyRing.KEY_FILE);
        final KeyRing created = KeyRing.loadOrCreate(null, file);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        final String sealed = new SecretBox(created).encrypt(CANARY);
        final KeyRing again = KeyRing.loadOrCreate("", file);
        assertEquals(created.ids(), again.ids());
        assertEquals(CANARY, new SecretBox(again).decrypt(sealed));
        final KeyRing rotated = again.rotate();
        rotated.store(file);
        assertEquals(rotated.ids(), KeyRing.loadOrCreate(null, file).ids());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void theEnvironmentTakesPrecedenceAndBadKeysAreRefusedClearly(@TempDir final Path dir) throws Exception {
        final String key = Base64.getEncoder().encodeToString(new byte[32]);
        final KeyRing ring = KeyRing.loadOrCreate("new:" + key + ", old:" + key, dir.resolve("unused"));
        assertEquals(List.of("new", "old"), ring.ids());
        assertFalse(Files.exists(dir.resolve("unused")));
        assertTrue(assertThrows(SecretException.class, () -> KeyRing.parse("k1:" + Base64.getEncoder()
            .encodeToString(new byte[16]))).getMessage().contains("needs 32"));
        assertTrue(assertThrows(SecretException.class, () -> KeyRing.parse("k1 nokey")).getMessage()
            .contains("<key-id>:<base64 key>"));
        assertTrue(assertThrows(SecretException.class, () -> KeyRing.parse("# only a comment")).getMessage()
            .contains("no keys"));
        assertFalse(ring.toString().contains(key));
    }
}
