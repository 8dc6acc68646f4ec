package io.sextant.security.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.generators.OpenBSDBCrypt;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Password hashes with Bouncy Castle: new hashes are Argon2id in the PHC string format
 * ({@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>}, the parameters OWASP recommends);
 * bcrypt hashes ({@code $2a$}, {@code $2b$}, {@code $2y$}) made elsewhere are verified too.
 * Thread-safe. Each hash or verification costs tens of milliseconds on purpose; callers
 * cache successful verifications ({@link VerificationCache}).
 */
public final class PasswordHasher {
    /** Argon2id cost: memory in KiB, iterations, lanes. */
    public record Cost(int memoryKib, int iterations, int parallelism) {
        /** OWASP's recommendation for Argon2id (2023): 19 MiB, 2 iterations, 1 lane. */
        public static final Cost DEFAULT = new Cost(19_456, 2, 1);

        public Cost {
            if (memoryKib < 8 * parallelism || iterations < 1 || parallelism < 1) {
                throw new IllegalArgumentException("Invalid Argon2id cost m=" + memoryKib + ",t=" + iterations + ",p="
                    + parallelism);
            }
        }
    }

    private static final Pattern ARGON2ID = Pattern.compile(
        "\\$argon2id\\$v=19\\$m=(\\d{1,8}),t=(\\d{1,4}),p=(\\d{1,3})\\$([A-Za-z0-9+/]{11,})\\$([A-Za-z0-9+/]{22,})");
    private static final Pattern BCRYPT = Pattern.compile("\\$2[aby]\\$\\d{2}\\$[./A-Za-z0-9]{53}");
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64_DECODER = Base64.getDecoder();

    private final Cost cost;
    private final SecureRandom random = new SecureRandom();
    private final LongAdder verifications = new LongAdder();

    public PasswordHasher(final Cost cost) {
        this.cost = cost;
    }

    public PasswordHasher() {
        this(Cost.DEFAULT);
    }

    /** A new Argon2id hash of the password, with a fresh salt. */
    public String hash(final char[] password) {
        final byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        final byte[] hash = argon2(password, salt, cost, HASH_BYTES);
        return "$argon2id$v=19$m=" + cost.memoryKib() + ",t=" + cost.iterations() + ",p=" + cost.parallelism() + "$"
            + B64.encodeToString(salt) + "$" + B64.encodeToString(hash);
    }

    /** Whether an encoded hash is one this class can verify (for checking stored users). */
    public static boolean isSupported(final String encoded) {
        return encoded != null && (ARGON2ID.matcher(encoded).matches() || BCRYPT.matcher(encoded).matches());
    }

    /**
     * Whether the password matches the encoded hash (compared in constant time). An unsupported
     * or malformed hash matches nothing.
     */
    public boolean verify(final char[] password, final @Nullable String encoded) {
        if (encoded == null) {
            return false;
        }
        verifications.increment();
        final Matcher argon = ARGON2ID.matcher(encoded);
        if (argon.matches()) {
            final Cost stored = new Cost(Integer.parseInt(argon.group(1)), Integer.parseInt(argon.group(2)),
                Integer.parseInt(argon.group(3)));
            final byte[] salt = B64_DECODER.decode(argon.group(4));
            final byte[] expected = B64_DECODER.decode(argon.group(5));
            final byte[] actual = argon2(password, salt, stored, expected.length);
            return MessageDigest.isEqual(expected, actual);
        }
        if (BCRYPT.matcher(encoded).matches()) {
            try {
                return OpenBSDBCrypt.checkPassword(encoded, password);
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return false;
    }

    /** How many verifications this hasher has computed (each one costs a full hash). */
    public long verifications() {
        return verifications.sum();
    }

    /** Whether a hash should be replaced (bcrypt, or Argon2id cheaper than this hasher's cost). */
    public boolean needsRehash(final String encoded) {
        final Matcher argon = ARGON2ID.matcher(encoded);
        if (!argon.matches()) {
            return true;
        }
        return Integer.parseInt(argon.group(1)) < cost.memoryKib() || Integer.parseInt(argon.group(2))
            < cost.iterations();
    }

    private static byte[] argon2(final char[] password, final byte[] salt, final Cost cost, final int length) {
        final Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
            .withVersion(Argon2Parameters.ARGON2_VERSION_13)
            .withMemoryAsKB(cost.memoryKib())
            .withIterations(cost.iterations())
            .withParallelism(cost.parallelism())
            .withSalt(salt)
            .build());
        final byte[] utf8 = new String(password).getBytes(StandardCharsets.UTF_8);
        final byte[] out = new byte[length];
        generator.generateBytes(utf8, out);
        Arrays.fill(utf8, (byte) 0);
        return out;
    }
}
