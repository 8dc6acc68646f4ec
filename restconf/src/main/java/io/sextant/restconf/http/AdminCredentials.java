package io.sextant.restconf.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The credentials of the {@code admin} user. The password comes from
 * {@code SEXTANT_ADMIN_PASSWORD}; without it, one is generated on first start, stored in
 * {@code <data-dir>/admin-password} with mode 0600, and announced once.
 */
public final class AdminCredentials {
    public static final String USER = "admin";
    public static final String PASSWORD_ENV = "SEXTANT_ADMIN_PASSWORD";
    public static final String PASSWORD_FILE = "admin-password";

    private final byte[] expectedHeader;

    private AdminCredentials(final String password) {
        this.expectedHeader = ("Basic " + Base64.getEncoder().encodeToString(
            (USER + ":" + password).getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
    }

    public static AdminCredentials of(final String password) {
        if (password == null || password.isEmpty()) {
            throw new IllegalArgumentException("The admin password must not be empty");
        }
        return new AdminCredentials(password);
    }

    /**
     * The password from {@code envPassword} when set, else from (or newly into) the data directory.
     *
     * @param announce told the generated password, once, when one is created
     */
    public static AdminCredentials resolve(final String envPassword, final Path dataDir,
            final Consumer<String> announce) {
        if (envPassword != null && !envPassword.isEmpty()) {
            return of(envPassword);
        }
        final Path file = dataDir.resolve(PASSWORD_FILE);
        try {
            if (Files.exists(file)) {
                return of(Files.readString(file, StandardCharsets.UTF_8).strip());
            }
            Files.createDirectories(dataDir);
            final byte[] random = new byte[18];
            new SecureRandom().nextBytes(random);
            final String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            final Set<PosixFilePermission> owner = EnumSet.of(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(owner));
            Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
            announce.accept("Generated the RESTCONF password for user 'admin': " + password + " (stored in " + file
                + ", mode 0600; set " + PASSWORD_ENV + " to choose your own)");
            return of(password);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create " + file, e);
        }
    }

    /** Whether an Authorization header value carries these credentials (constant-time). */
    public boolean accepts(final String authorization) {
        if (authorization == null) {
            return false;
        }
        return MessageDigest.isEqual(expectedHeader, authorization.strip().getBytes(StandardCharsets.UTF_8));
    }
}
