package io.sextant.security.secrets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The AES-256 keys that protect device secrets, each with an id. The first key is the current
 * one (new secrets are sealed with it); the others still open what they sealed, so keys can be
 * rotated without re-encrypting at once.
 *
 * <p>Text form, one key a line ({@code #} comments allowed), newest first:
 * {@code <key-id>:<base64 of 32 bytes>}; the entry numbers in errors count entries, not comments. In the environment variable
 * ({@value #ENVIRONMENT_VARIABLE}) the same entries are separated by commas.
 */
public final class KeyRing {
    public static final String ENVIRONMENT_VARIABLE = "SEXTANT_SECRETS_KEY";
    /** Where the key file lives below the data directory (unless configured elsewhere). */
    public static final String KEY_FILE = "secrets/key";

    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");
    private static final int KEY_BYTES = 32;
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
        PosixFilePermission.OWNER_WRITE);
    private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = EnumSet.of(PosixFilePermission.OWNER_READ,
        PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private final String currentId;
    private final SecretKey current;
    private final Map<String, SecretKey> keys;

    private KeyRing(final Map<String, SecretKey> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("A key ring needs at least one key");
        }
        this.keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
        final Map.Entry<String, SecretKey> first = this.keys.entrySet().iterator().next();
        this.currentId = first.getKey();
        this.current = first.getValue();
    }

    /** The id new secrets are sealed with. */
    public String currentId() {
        return currentId;
    }

    SecretKey current() {
        return current;
    }

    Optional<SecretKey> key(final String id) {
        return Optional.ofNullable(keys.get(id));
    }

    /** Every key id, newest first. */
    public List<String> ids() {
        return List.copyOf(keys.keySet());
    }

    /** A ring of one new random key. */
    public static KeyRing generate() {
        final Map<String, SecretKey> keys = new LinkedHashMap<>();
        keys.put(newId(), newKey());
        return new KeyRing(keys);
    }

    /** This ring with a new random key in front: new secrets use it, old ones still open. */
    public KeyRing rotate() {
        final Map<String, SecretKey> rotated = new LinkedHashMap<>();
        String id = newId();
        while (keys.containsKey(id)) {
            id = newId();
        }
        rotated.put(id, newKey());
        rotated.putAll(keys);
        return new KeyRing(rotated);
    }

    /**
     * Parses the text form.
     *
     * @throws SecretException naming the line that is wrong (never its key)
     */
    public static KeyRing parse(final String text) throws SecretException {
        final Map<String, SecretKey> keys = new LinkedHashMap<>();
        int lineNumber = 0;
        final List<String> entries = new ArrayList<>();
        for (String raw : text.split("\\n")) {
            final int hash = raw.indexOf('#');
            entries.addAll(List.of((hash < 0 ? raw : raw.substring(0, hash)).split(",")));
        }
        for (String raw : entries) {
            final String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            lineNumber++;
            final int colon = line.indexOf(':');
            if (colon < 0) {
                throw new SecretException("Key entry " + lineNumber + " is not <key-id>:<base64 key>");
            }
            final String id = line.substring(0, colon);
            if (!KEY_ID.matcher(id).matches()) {
                throw new SecretException("Key entry " + lineNumber + " has an invalid key id (letters, digits, _ "
                    + "and -, at most 32)");
            }
            final byte[] key;
            try {
                key = Base64.getDecoder().decode(line.substring(colon + 1).strip());
            } catch (IllegalArgumentException e) {
                throw new SecretException("Key " + id + " is not valid base64");
            }
            if (key.length != KEY_BYTES) {
                throw new SecretException("Key " + id + " has " + key.length + " bytes; AES-256 needs 32");
            }
            if (keys.putIfAbsent(id, new SecretKeySpec(key, "AES")) != null) {
                throw new SecretException("Key id " + id + " appears twice");
            }
        }
        if (keys.isEmpty()) {
            throw new SecretException("The key ring has no keys");
        }
        return new KeyRing(keys);
    }

    /** The text form (newest first), for the key file. */
    public String format() {
        final StringBuilder sb = new StringBuilder(
            "# Sextant device-secret keys, newest first (<key-id>:<base64>). Keep this file private.\n");
        keys.forEach((id, key) -> sb.append(id).append(':')
            .append(Base64.getEncoder().encodeToString(key.getEncoded())).append('\n'));
        return sb.toString();
    }

    /**
     * The key ring from the environment variable when it is set, else from {@code keyFile},
     * which is created (mode 0600, in a directory created mode 0700, one new key) on first use.
     *
     * @param environmentValue the value of {@value #ENVIRONMENT_VARIABLE}, or null
     * @throws SecretException when the key material cannot be read or is malformed: the message
     *     names the file or the variable and what is wrong, never a key
     */
    public static KeyRing loadOrCreate(final @Nullable String environmentValue, final Path keyFile)
            throws SecretException {
        if (environmentValue != null && !environmentValue.isBlank()) {
            try {
                return parse(environmentValue);
            } catch (SecretException e) {
                throw new SecretException(ENVIRONMENT_VARIABLE + ": " + e.getMessage(), e);
            }
        }
        try {
            if (Files.exists(keyFile)) {
                return read(keyFile);
            }
            final KeyRing ring = generate();
            final Path dir = keyFile.toAbsolutePath().getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
            }
            try {
                Files.createFile(keyFile, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (FileAlreadyExistsException e) {
                // another process created it first: use that one
                return read(keyFile);
            }
            Files.writeString(keyFile, ring.format(), StandardCharsets.UTF_8);
            return ring;
        } catch (AccessDeniedException e) {
            throw new SecretException("Cannot read or create the key file " + keyFile + ": permission denied", e);
        } catch (IOException e) {
            throw new SecretException("Cannot read or create the key file " + keyFile + ": " + e.getMessage(), e);
        }
    }

    private static KeyRing read(final Path keyFile) throws IOException, SecretException {
        try {
            return parse(Files.readString(keyFile, StandardCharsets.UTF_8));
        } catch (SecretException e) {
            throw new SecretException("The key file " + keyFile + " cannot be used: " + e.getMessage(), e);
        }
    }

    /** Writes this ring to {@code keyFile} (mode 0600), replacing it atomically. */
    public void store(final Path keyFile) throws SecretException {
        try {
            final Path dir = keyFile.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            final Path temp = Files.createTempFile(dir, ".secrets", ".tmp",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            Files.writeString(temp, format(), StandardCharsets.UTF_8);
            Files.move(temp, keyFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new SecretException("Cannot write the key file " + keyFile + ": " + e.getMessage(), e);
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private static String newId() {
        final byte[] id = new byte[4];
        RANDOM.nextBytes(id);
        return "k" + HexFormat.of().formatHex(id);
    }

    private static SecretKey newKey() {
        final byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        return new SecretKeySpec(key, "AES");
    }

    @Override
    public String toString() {
        // never the keys
        return "KeyRing" + new ArrayList<>(keys.keySet());
    }
}
