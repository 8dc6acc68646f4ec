package io.sextant.security.auth;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Remembers successful password verifications for a while, so that a password hash is not
 * computed on every request of a client that sends Basic credentials each time. An entry is
 * keyed by an HMAC of (user, password) under a key that exists only in this process's memory,
 * and holds the stored hash it was verified against: when the user's hash changes (a new
 * password) or the user goes, the entry no longer applies. Bounded in size (least recently
 * used out) and in time. Thread-safe.
 */
public final class VerificationCache {
    private record Entry(String user, String hash, long expiresAt) {
    }

    private final Mac prototype;
    private final int maxEntries;
    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private final Map<ByteBuffer, Entry> entries;

    /**
     * @param nanoClock a monotonic clock in nanoseconds ({@code System::nanoTime})
     */
    public VerificationCache(final int maxEntries, final Duration ttl, final LongSupplier nanoClock) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("The cache needs room for at least one entry");
        }
        this.maxEntries = maxEntries;
        this.ttlNanos = ttl.toNanos();
        this.nanoClock = nanoClock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true);
        final byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        try {
            prototype = Mac.getInstance("HmacSHA256");
            prototype.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** 10,000 entries for 5 minutes. */
    public VerificationCache() {
        this(10_000, Duration.ofMinutes(5), System::nanoTime);
    }

    /** Whether (user, password) was verified against {@code currentHash} recently. */
    public boolean isVerified(final String user, final char[] password, final String currentHash) {
        final ByteBuffer key = key(user, password);
        synchronized (entries) {
            final Entry entry = entries.get(key);
            if (entry == null) {
                return false;
            }
            if (nanoClock.getAsLong() - entry.expiresAt() >= 0 || !entry.hash().equals(currentHash)) {
                entries.remove(key);
                return false;
            }
            return true;
        }
    }

    /** Records a successful verification of (user, password) against {@code hash}. */
    public void remember(final String user, final char[] password, final String hash) {
        final ByteBuffer key = key(user, password);
        synchronized (entries) {
            entries.put(key, new Entry(user, hash, nanoClock.getAsLong() + ttlNanos));
            while (entries.size() > maxEntries) {
                entries.remove(entries.keySet().iterator().next());
            }
        }
    }

    /** Forgets every verification of a user (password changed, user disabled or removed). */
    public void invalidate(final String user) {
        synchronized (entries) {
            entries.values().removeIf(entry -> entry.user().equals(user));
        }
    }

    public int size() {
        synchronized (entries) {
            return entries.size();
        }
    }

    private ByteBuffer key(final String user, final char[] password) {
        final Mac mac;
        try {
            mac = (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(e);
        }
        final byte[] name = user.getBytes(StandardCharsets.UTF_8);
        mac.update(ByteBuffer.allocate(4).putInt(name.length).array());
        mac.update(name);
        final byte[] secret = new String(password).getBytes(StandardCharsets.UTF_8);
        mac.update(secret);
        Arrays.fill(secret, (byte) 0);
        return ByteBuffer.wrap(mac.doFinal());
    }
}
