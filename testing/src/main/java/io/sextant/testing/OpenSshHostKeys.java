package io.sextant.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Host keys of the test devices' OpenSSH servers: read a key as a mount request gives it, and
 * change a running server's key (a new key file, then {@code SIGHUP}, which makes sshd read its
 * configuration and keys again) for tests of host-key verification.
 */
public final class OpenSshHostKeys {
    private static final Path SSH_KEYGEN = Path.of("/usr/bin/ssh-keygen");
    private static final Path SSH_KEYSCAN = Path.of("/usr/bin/ssh-keyscan");

    private OpenSshHostKeys() {
    }

    /** The public key of a host key file, as {@code ssh-keyscan} prints it ({@code ecdsa-sha2-nistp256 AAAA...}). */
    public static String publicKey(final Path keyFile) throws IOException {
        final String[] fields = Files.readString(keyFile.resolveSibling(keyFile.getFileName() + ".pub"),
            StandardCharsets.US_ASCII).strip().split("\\s+");
        return fields[0] + " " + fields[1];
    }

    /**
     * Replace the key in {@code keyFile} with a new one of the same type and make the server
     * offer it; returns once a new connection sees the new key.
     *
     * @return the new public key
     */
    public static String change(final Path keyFile, final String keygenType, final int bits, final long sshdPid,
            final int port) throws IOException {
        Files.deleteIfExists(keyFile);
        Files.deleteIfExists(keyFile.resolveSibling(keyFile.getFileName() + ".pub"));
        run(List.of(SSH_KEYGEN.toString(), "-q", "-t", keygenType, "-b", Integer.toString(bits), "-N", "", "-f",
            keyFile.toString()));
        final String key = publicKey(keyFile);
        run(List.of("kill", "-HUP", Long.toString(sshdPid)));
        final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String seen = "";
        while (System.nanoTime() < deadline) {
            seen = scan(port);
            if (seen.contains(key)) {
                return key;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted", e);
            }
        }
        throw new IOException("sshd on port " + port + " still offers " + seen + " after SIGHUP, not " + key);
    }

    private static String scan(final int port) throws IOException {
        final Process process = new ProcessBuilder(SSH_KEYSCAN.toString(), "-T", "2", "-p", Integer.toString(port),
            "127.0.0.1").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            process.waitFor();
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted", e);
        }
    }

    /** Run a command, its output discarded; a non-zero exit fails. */
    static void run(final List<String> command) throws IOException {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (process.waitFor() != 0) {
                throw new IOException("Failed: " + String.join(" ", command));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted", e);
        }
    }
}
