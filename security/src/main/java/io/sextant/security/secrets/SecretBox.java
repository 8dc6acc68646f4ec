package io.sextant.security.secrets;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals device secrets (passwords, keys) into opaque envelopes for storage, and opens them
 * when a device session needs them. AES-256-GCM with a fresh 96-bit IV per value; the envelope
 * names its key, and the key id and version are authenticated with the ciphertext:
 *
 * <pre>$sx1$&lt;key-id&gt;$&lt;base64url IV&gt;$&lt;base64url ciphertext and tag&gt;</pre>
 *
 * <p>Reads return the envelope, never the clear value; a write that sends an envelope back means
 * "unchanged" ({@link #isEnvelope}). Thread-safe; the key ring can be swapped (rotation) through
 * the supplier.
 */
public final class SecretBox {
    public static final String PREFIX = "$sx1$";

    private static final Pattern ENVELOPE = Pattern.compile(
        "\\$sx1\\$[A-Za-z0-9_-]{1,32}\\$[A-Za-z0-9_-]{16}\\$[A-Za-z0-9_-]{22,}");
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private final Supplier<KeyRing> keys;

    /** @param keys the key ring in force (asked on each call, so a rotated ring takes effect at once) */
    public SecretBox(final Supplier<KeyRing> keys) {
        this.keys = requireNonNull(keys);
    }

    public SecretBox(final KeyRing keys) {
        this(() -> keys);
    }

    /** Whether a stored or submitted value is an envelope (not a clear secret). */
    public static boolean isEnvelope(final String value) {
        return value != null && value.startsWith(PREFIX) && ENVELOPE.matcher(value).matches();
    }

    /** Seals a clear value with the current key; an envelope is returned as it is. */
    public String encrypt(final String clear) {
        requireNonNull(clear);
        if (isEnvelope(clear)) {
            return clear;
        }
        final KeyRing ring = keys.get();
        final String keyId = ring.currentId();
        final byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        try {
            final Cipher cipher = cipher(Cipher.ENCRYPT_MODE, ring.current(), iv, keyId);
            final byte[] sealed = cipher.doFinal(clear.getBytes(StandardCharsets.UTF_8));
            return PREFIX + keyId + "$" + ENCODER.encodeToString(iv) + "$" + ENCODER.encodeToString(sealed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available in this JVM", e);
        }
    }

    /**
     * Opens an envelope.
     *
     * @throws SecretException when the value is not an envelope, its key is not in the ring, or
     *     it was altered (the message says which, never the value)
     */
    public String decrypt(final String envelope) throws SecretException {
        if (!isEnvelope(envelope)) {
            throw new SecretException("The value is not a sealed secret ($sx1$...)");
        }
        final String[] parts = envelope.substring(PREFIX.length()).split("\\$");
        final String keyId = parts[0];
        final SecretKey key = keys.get().key(keyId).orElseThrow(() -> new SecretException(
            "The secret was sealed with key " + keyId + ", which is not in the key ring"));
        try {
            final byte[] iv = DECODER.decode(parts[1]);
            final Cipher cipher = cipher(Cipher.DECRYPT_MODE, key, iv, keyId);
            return new String(cipher.doFinal(DECODER.decode(parts[2])), StandardCharsets.UTF_8);
        } catch (AEADBadTagException | IllegalArgumentException e) {
            throw new SecretException("The sealed secret was altered or does not belong to key " + keyId);
        } catch (GeneralSecurityException e) {
            throw new SecretException("The sealed secret cannot be opened: " + e.getClass().getSimpleName(), e);
        }
    }

    /** Whether an envelope was sealed with an older key (re-encrypt it when convenient). */
    public boolean needsReseal(final String envelope) {
        return isEnvelope(envelope) && !envelope.startsWith(PREFIX + keys.get().currentId() + "$");
    }

    private static Cipher cipher(final int mode, final SecretKey key, final byte[] iv, final String keyId)
            throws GeneralSecurityException {
        final Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, iv));
        cipher.updateAAD((PREFIX + keyId).getBytes(StandardCharsets.US_ASCII));
        return cipher;
    }
}
