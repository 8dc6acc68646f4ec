package io.sextant.security.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The bootstrap user {@code admin}: its password from {@value #PASSWORD_ENV} or, without it,
 * from {@code <data-dir>/admin-password}, generated there (mode 0600) and announced once on
 * first start, as the external contract says. Only its hash goes into the users.
 */
public final class BootstrapAdmin {
    public static final String USER = "admin";
    public static final String PASSWORD_ENV = "SEXTANT_ADMIN_PASSWORD";
    public static final String PASSWORD_FILE = "admin-password";

    private BootstrapAdmin() {
    }

    /**
     * The bootstrap admin as far as it is already decided (from the environment or an existing
     * password file), without generating a password: for logins while the controller starts.
     *
     * @param envPassword the value of {@value #PASSWORD_ENV}, or null
     * @throws IOException when the password file exists but cannot be read
     */
    public static Optional<UserRecord> known(final String envPassword, final Path dataDir,
            final PasswordHasher hasher) throws IOException {
        final Path file = dataDir.resolve(PASSWORD_FILE);
        if ((envPassword == null || envPassword.isEmpty()) && !Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(resolve(envPassword, dataDir, hasher, message -> { }));
    }

    /**
     * @param envPassword the value of {@value #PASSWORD_ENV}, or null
     * @param announce told a generated password, once
     * @throws IOException when the password file cannot be read or created
     */
    public static UserRecord resolve(final String envPassword, final Path dataDir, final PasswordHasher hasher,
            final Consumer<String> announce) throws IOException {
        final char[] password;
        if (envPassword != null && !envPassword.isEmpty()) {
            password = envPassword.toCharArray();
        } else {
            final Path file = dataDir.resolve(PASSWORD_FILE);
            if (Files.exists(file)) {
                password = Files.readString(file, StandardCharsets.UTF_8).strip().toCharArray();
                if (password.length == 0) {
                    throw new IOException(file + " is empty: delete it to generate a new admin password, or set "
                        + PASSWORD_ENV);
                }
            } else {
                final byte[] random = new byte[18];
                new SecureRandom().nextBytes(random);
                final String generated = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
                Files.createDirectories(dataDir);
                Files.createFile(file, PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")));
                Files.writeString(file, generated + "\n", StandardCharsets.UTF_8);
                announce.accept("Generated the password of user 'admin': " + generated + " (stored in " + file
                    + ", mode 0600; set " + PASSWORD_ENV + " to choose your own)");
                password = generated.toCharArray();
            }
        }
        try {
            return new UserRecord(USER, hasher.hash(password), true);
        } finally {
            Arrays.fill(password, '\0');
        }
    }
}
