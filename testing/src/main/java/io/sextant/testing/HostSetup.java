package io.sextant.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One-time, idempotent preparation of this machine for device tests: Debian packages and the
 * local account NETCONF sessions to netconfd log in as. Runs under a file lock, so parallel test
 * JVMs (and parallel work trees) do not race.
 *
 * <p>The account {@value #NETCONF_USER} is a system user with {@code /bin/sh} (OpenSSH runs the
 * {@code netconf} subsystem through the login shell) and no home directory. Its password is random,
 * generated once and kept in {@value #STATE_DIR}{@code /netconfd-password}, readable by root only.
 * No file of the host's own OpenSSH configuration is touched: the private sshd of each test
 * device allows only this user.
 */
final class HostSetup {
    static final String STATE_DIR = "/var/lib/sextant-testing";
    static final String NETCONF_USER = "sextant-netconf";

    private static final Logger LOG = LoggerFactory.getLogger(HostSetup.class);
    private static final Path STATE = Path.of(STATE_DIR);
    private static final Path PASSWORD_FILE = STATE.resolve("netconfd-password");

    record Account(String username, String password) {
    }

    private HostSetup() {
    }

    /** Install {@code packages} with apt-get unless every one of {@code binaries} exists already. */
    static synchronized void ensurePackages(final List<Path> binaries, final List<String> packages)
            throws IOException {
        if (binaries.stream().allMatch(Files::isExecutable)) {
            return;
        }
        requireRoot("install " + packages);
        try (Held lock = lock()) {
            if (binaries.stream().allMatch(Files::isExecutable)) {
                return;
            }
            LOG.info("Installing {} with apt-get", packages);
            final List<String> install = new ArrayList<>(List.of("apt-get", "install", "-y", "-q",
                "--no-install-recommends"));
            install.addAll(packages);
            if (run(install) != 0) {
                run(List.of("apt-get", "update", "-q"));
                if (run(install) != 0) {
                    throw new IOException("apt-get install " + packages + " failed");
                }
            }
            for (Path binary : binaries) {
                if (!Files.isExecutable(binary)) {
                    throw new IOException(binary + " is still missing after installing " + packages);
                }
            }
        }
    }

    /** The local account for NETCONF over the test devices' private sshd, created on first use. */
    static synchronized Account netconfAccount() throws IOException {
        requireRoot("create the local user " + NETCONF_USER);
        try (Held lock = lock()) {
            boolean setPassword = false;
            if (run(List.of("id", "-u", NETCONF_USER)) != 0) {
                LOG.info("Creating local user {} for NETCONF test devices", NETCONF_USER);
                if (run(List.of("useradd", "--system", "--shell", "/bin/sh", "--home-dir", "/nonexistent",
                        "--no-create-home", NETCONF_USER)) != 0) {
                    throw new IOException("useradd " + NETCONF_USER + " failed");
                }
                setPassword = true;
            }
            String password = Files.isRegularFile(PASSWORD_FILE)
                ? Files.readString(PASSWORD_FILE, StandardCharsets.UTF_8).strip() : "";
            if (password.isEmpty()) {
                password = randomPassword();
                Files.writeString(PASSWORD_FILE, password + "\n", StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(PASSWORD_FILE, PosixFilePermissions.fromString("rw-------"));
                setPassword = true;
            }
            if (setPassword) {
                final Process chpasswd = new ProcessBuilder("chpasswd").redirectErrorStream(true).start();
                chpasswd.getOutputStream().write((NETCONF_USER + ":" + password + "\n")
                    .getBytes(StandardCharsets.UTF_8));
                chpasswd.getOutputStream().close();
                if (waitFor(chpasswd) != 0) {
                    throw new IOException("chpasswd failed: "
                        + new String(chpasswd.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            return new Account(NETCONF_USER, password);
        }
    }

    /** A system account with no login shell and no home, created on first use (for servers that refuse root). */
    static synchronized void ensureSystemUser(final String name, final String description) throws IOException {
        requireRoot("create the local user " + name);
        try (Held lock = lock()) {
            if (run(List.of("id", "-u", name)) == 0) {
                return;
            }
            LOG.info("Creating local user {} ({})", name, description);
            if (run(List.of("useradd", "--system", "--shell", "/usr/sbin/nologin", "--home-dir", "/nonexistent",
                    "--no-create-home", "--comment", description, name)) != 0) {
                throw new IOException("useradd " + name + " failed");
            }
        }
    }

    /** A held machine-wide lock. */
    private interface Held extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    private static Held lock() throws IOException {
        Files.createDirectories(STATE);
        final FileChannel channel = FileChannel.open(STATE.resolve("lock"), StandardOpenOption.CREATE,
            StandardOpenOption.WRITE);
        final FileLock lock = channel.lock();
        return () -> {
            lock.release();
            channel.close();
        };
    }

    private static String randomPassword() {
        final String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        final SecureRandom random = new SecureRandom();
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 24; i++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static void requireRoot(final String what) throws IOException {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IOException("Device tests need root to " + what + " (running as "
                + System.getProperty("user.name") + ")");
        }
    }

    private static int run(final List<String> command) throws IOException {
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        final Map<String, String> env = builder.environment();
        env.put("DEBIAN_FRONTEND", "noninteractive");
        return waitFor(builder.start());
    }

    private static int waitFor(final Process process) throws IOException {
        try {
            if (!process.waitFor(15, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("Timed out: " + process.info().commandLine().orElse("?"));
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("Interrupted", e);
        }
    }
}
