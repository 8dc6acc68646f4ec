package io.sextant.testing;

import io.sextant.model.YangSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A yuma123 {@code netconfd}, a real NETCONF server written in C, behind a private OpenSSH
 * {@code sshd} on 127.0.0.1 and a free port.
 *
 * <p>Wiring: netconfd listens on a UNIX socket in a private directory; the private sshd (its own
 * config, host key and pid file in that directory; the host's {@code /etc/ssh} is untouched) runs
 * {@code /usr/sbin/netconf-subsystem --ncxserver-sockname=PORT@SOCKET} for the {@code netconf}
 * subsystem. Users log in with password as the dedicated local account (see
 * {@link #username()}); the launcher installs {@code netconfd} and {@code openssh-server} with
 * apt-get when their binaries are missing, and creates that account on first use.
 *
 * <p>YANG modules are loaded by file path, which loads no server plug-in library (the packaged
 * ietf-interfaces plug-in crashes on commit and reconfigures host interfaces). With the default
 * target {@code candidate} the server offers :candidate, :confirmed-commit, :validate,
 * :rollback-on-error and :with-defaults. Access control is off. Note the server's quirk:
 * {@code <validate>} of the candidate discards pending edits.
 */
public final class Netconfd implements AutoCloseable {
    private static final Path NETCONFD = Path.of("/usr/sbin/netconfd");
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final Path SUBSYSTEM = Path.of("/usr/sbin/netconf-subsystem");
    private static final Path SSH_KEYGEN = Path.of("/usr/bin/ssh-keygen");
    private static final Path YUMA_MODULES = Path.of("/usr/share/yuma/modules");
    private static final String HOST_KEY = "ssh_host_ecdsa_key";

    /** Which datastore edits target. */
    public enum Target {
        /** :candidate, commit and confirmed-commit (the default). */
        CANDIDATE,
        /** :writable-running, no candidate. */
        RUNNING
    }

    private final Path workDir;
    private final int port;
    private final HostSetup.Account account;
    private final ManagedProcess server;
    private final ManagedProcess sshd;
    private final boolean ownsWorkDir;

    private Netconfd(final Path workDir, final boolean ownsWorkDir, final int port, final HostSetup.Account account,
            final ManagedProcess server, final ManagedProcess sshd) {
        this.ownsWorkDir = ownsWorkDir;
        this.workDir = workDir;
        this.port = port;
        this.account = account;
        this.server = server;
        this.sshd = sshd;
    }

    public static Builder builder() {
        return new Builder();
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public String username() {
        return account.username();
    }

    public String password() {
        return account.password();
    }

    public Path workDir() {
        return workDir;
    }

    /** The server's log, useful when a test fails. */
    public Path log() {
        return workDir.resolve("netconfd.log");
    }

    public boolean isAlive() {
        return server.isAlive() && sshd.isAlive();
    }

    /** The netconfd process (for {@code kill -STOP}: a device that stops answering every session). */
    public long serverPid() {
        return server.pid();
    }

    /**
     * End every NETCONF session abruptly by killing its processes (the per-connection sshd and its
     * {@code netconf-subsystem}); netconfd itself keeps running and sees the sessions drop.
     *
     * @return how many processes were killed
     */
    public int dropSessions() {
        final List<ProcessHandle> sessions = ProcessHandle.of(sshd.pid()).stream()
            .flatMap(ProcessHandle::descendants).toList();
        sessions.forEach(ProcessHandle::destroyForcibly);
        return sessions.size();
    }

    /** The SSH host public key the device offers, as {@code ssh-keyscan} prints it. */
    public String hostPublicKey() throws IOException {
        return OpenSshHostKeys.publicKey(workDir.resolve(HOST_KEY));
    }

    /**
     * Give the device a new SSH host key: new connections see it, open sessions carry on.
     *
     * @return the new public key
     */
    public String changeHostKey() throws IOException {
        return OpenSshHostKeys.change(workDir.resolve(HOST_KEY), "ecdsa", 256, sshd.pid(), port);
    }

    /** Kill server and sshd at once: the device disappears mid-session. */
    public void kill() {
        sshd.kill();
        server.kill();
    }

    @Override
    public void close() {
        sshd.close();
        server.close();
        if (ownsWorkDir) {
            ManagedProcess.deleteTree(workDir);
        }
    }

    @Override
    public String toString() {
        return "Netconfd[127.0.0.1:" + port + ", " + workDir + "]";
    }

    /** Settings of one netconfd device. */
    public static final class Builder {
        private final List<YangSource> modules = new ArrayList<>();
        private final List<String> topModules = new ArrayList<>();
        private Target target = Target.CANDIDATE;
        private boolean withStartup;
        private String startupConfig = "<config/>\n";
        private @Nullable Path workDir;
        private Duration startTimeout = Duration.ofSeconds(60);
        private String logLevel = "info";
        private @Nullable Netconfd hostKeyOf;

        private Builder() {
        }

        /** Load these bundled modules (by file path) and make their imports available. */
        public Builder models(final Collection<String> moduleNames) {
            topModules.addAll(moduleNames);
            modules.addAll(ModelSets.closure(moduleNames));
            return this;
        }

        public Builder target(final Target newTarget) {
            this.target = newTarget;
            return this;
        }

        /** Offer :startup (copy-config and delete-config of the startup datastore). */
        public Builder withStartup(final boolean startup) {
            this.withStartup = startup;
            return this;
        }

        /** The configuration the server starts with, a {@code <config>} document. */
        public Builder startupConfig(final String xml) {
            this.startupConfig = xml;
            return this;
        }

        public Builder workDir(final Path directory) {
            this.workDir = directory;
            return this;
        }

        /**
         * Start with the SSH host key of {@code previous} (its work directory must still be
         * there): the same device started again keeps its identity.
         */
        public Builder sameHostKeyAs(final Netconfd previous) {
            this.hostKeyOf = previous;
            return this;
        }

        public Builder startTimeout(final Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /**
         * netconfd's {@code --log-level} (default {@code info}); {@code debug} logs every RPC a session
         * sends ({@code invoke RPC ...}), which fault tests read to learn what the device had received.
         */
        public Builder logLevel(final String level) {
            this.logLevel = level;
            return this;
        }

        /**
         * Start netconfd and its sshd and wait until the SSH port accepts connections.
         *
         * @throws IOException when either does not come up; nothing keeps running then
         */
        public Netconfd start() throws IOException {
            HostSetup.ensurePackages(List.of(NETCONFD, SSHD, SUBSYSTEM, SSH_KEYGEN),
                List.of("netconfd", "openssh-server"));
            final HostSetup.Account account = HostSetup.netconfAccount();
            Files.createDirectories(Path.of("/run/sshd"));

            final Path dir = workDir != null ? Files.createDirectories(workDir)
                : Files.createTempDirectory("sextant-netconfd-");
            // The subsystem runs as the NETCONF user and must reach the socket in this directory.
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            final Path moduleDir = dir.resolve("modules");
            ModelSets.writeWithoutRevisions(modules, moduleDir);
            final Path startup = dir.resolve("startup.xml");
            Files.writeString(startup, startupConfig, StandardCharsets.UTF_8);
            final Path socket = dir.resolve("ncxserver.sock");
            final Path hostKey = dir.resolve(HOST_KEY);
            if (hostKeyOf != null) {
                // the same device started again: it keeps its SSH identity, as a real one does
                for (String file : List.of(HOST_KEY, HOST_KEY + ".pub")) {
                    Files.copy(hostKeyOf.workDir().resolve(file), dir.resolve(file),
                        StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            } else {
                Files.deleteIfExists(hostKey);
                Files.deleteIfExists(dir.resolve(HOST_KEY + ".pub"));
                OpenSshHostKeys.run(List.of(SSH_KEYGEN.toString(), "-q", "-t", "ecdsa", "-b", "256", "-N", "", "-f",
                    hostKey.toString()));
            }

            IOException last = null;
            for (int attempt = 0; attempt < 3; attempt++) {
                final int port = FreePorts.one();
                final ManagedProcess server = ManagedProcess.start("netconfd:" + port,
                    netconfdCommand(port, dir, moduleDir, startup, socket), dir, dir.resolve("netconfd.out"));
                try {
                    awaitSocket(server, socket);
                } catch (IOException e) {
                    server.close();
                    throw e;
                }
                final Path config = writeSshdConfig(dir, port, hostKey, socket, account);
                final ManagedProcess sshd = ManagedProcess.start("sshd:" + port,
                    List.of(SSHD.toString(), "-D", "-f", config.toString(), "-E", dir.resolve("sshd.log").toString()),
                    dir, dir.resolve("sshd.out"));
                try {
                    awaitPort(sshd, port);
                    return new Netconfd(dir, workDir == null, port, account, server, sshd);
                } catch (IOException e) {
                    sshd.close();
                    server.close();
                    Files.deleteIfExists(socket);
                    last = e;
                }
            }
            if (workDir == null) {
                ManagedProcess.deleteTree(dir);
            }
            throw last;
        }

        private List<String> netconfdCommand(final int port, final Path dir, final Path moduleDir,
                final Path startup, final Path socket) {
            // HOME is the device's own directory: netconfd keeps its transaction id in
            // $HOME/.yuma/startup-cfg-txid.txt, and devices sharing one file saw it empty at start
            // ("Read txid file failed") after another one was stopped while writing it.
            final List<String> command = new ArrayList<>(List.of("env", "HOME=" + dir, "setsid", "-w",
                NETCONFD.toString(),
                "--port=" + port,
                "--ncxserver-sockname=" + socket,
                "--startup=" + startup,
                "--modpath=" + moduleDir + ":" + YUMA_MODULES,
                "--access-control=off",
                "--target=" + target.name().toLowerCase(Locale.ROOT),
                "--with-startup=" + withStartup,
                "--log=" + dir.resolve("netconfd.log"),
                "--log-level=" + logLevel));
            for (String module : topModules) {
                // By path, never by name: a name may load a server plug-in library.
                command.add("--module=" + moduleDir.resolve(module + ".yang"));
            }
            return command;
        }

        private static Path writeSshdConfig(final Path dir, final int port, final Path hostKey, final Path socket,
                final HostSetup.Account account) throws IOException {
            final Path config = dir.resolve("sshd_config");
            Files.writeString(config, String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + hostKey,
                "PidFile " + dir.resolve("sshd.pid"),
                "PasswordAuthentication yes",
                "KbdInteractiveAuthentication no",
                "PubkeyAuthentication no",
                "UsePAM no",
                "PermitRootLogin no",
                "AllowUsers " + account.username(),
                "StrictModes no",
                "UseDNS no",
                "PrintMotd no",
                "MaxStartups 200:30:400",
                "LogLevel VERBOSE",
                "Subsystem netconf " + SUBSYSTEM + " --ncxserver-sockname=" + port + "@" + socket,
                ""), StandardCharsets.UTF_8);
            return config;
        }

        private void awaitSocket(final ManagedProcess server, final Path socket) throws IOException {
            final long deadline = System.nanoTime() + startTimeout.toNanos();
            while (!Files.exists(socket)) {
                if (!server.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("netconfd did not start:\n" + server.logTail(30) + "\n"
                        + tail(socket.resolveSibling("netconfd.log")));
                }
                sleep();
            }
        }

        private void awaitPort(final ManagedProcess sshd, final int port) throws IOException {
            final long deadline = System.nanoTime() + startTimeout.toNanos();
            while (!FreePorts.accepts("127.0.0.1", port, Duration.ofSeconds(1))) {
                if (!sshd.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("sshd on port " + port + " did not start:\n" + sshd.logTail(30));
                }
                sleep();
            }
        }

        private static String tail(final Path file) {
            try {
                final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            } catch (IOException e) {
                return "";
            }
        }

        private static void sleep() throws IOException {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted", e);
            }
        }
    }
}
