package io.sextant.testing.frr;

import io.sextant.testing.OpenSshHostKeys;
import io.sextant.testing.SshHostKeyType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real FRRouting router for tests: zebra, staticd and bgpd in a network namespace of their
 * own, with FRR's {@code -N <name>} pathspace (own vty sockets and pid files under
 * {@code /var/run/frr/<name>}, config under {@code /etc/frr/<name>}), and a private sshd on
 * {@code 127.0.0.1:<free port>} whose login runs {@code vtysh -N <name>}.
 *
 * <p>Interfaces {@code eth0..ethN-1} inside the namespace are veths whose other ends stay in
 * the host namespace; {@link FrrPair} links two routers directly.
 *
 * <p>SSH login: every router gets its own local user ({@code sx<name>}, member of {@code frr}
 * and {@code frrvty}) with a random password. Only the router's private sshd lets it in
 * ({@code AllowUsers}), and that sshd forces {@code vtysh -N <name>} as the session command.
 * The sshd holds one host key and offers only its algorithms ({@link Builder#sshHostKey}).
 * The user is deleted on {@link #close()}; {@code /etc/ssh} and the system sshd are never touched.
 *
 * <p>Everything is removed on {@link #close()}, by a JVM shutdown hook when a test forgot, and
 * by the next router started on the machine when the owning JVM was killed.
 */
public final class FrrRouter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FrrRouter.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final List<String> DAEMONS = List.of("zebra", "staticd", "bgpd");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern BGP_STATE = Pattern.compile("\"bgpState\"\\s*:\\s*\"(\\w+)\"");
    private static final int TELNET_PORT = 2601;
    private static final Set<FrrRouter> OPEN = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> OPEN.forEach(FrrRouter::closeQuietly),
            "frr-router-cleanup"));
    }

    private final RouterLayout layout;
    private final String ip;
    private final String password;
    private final int interfaceCount;
    private final boolean telnet;
    private final SshHostKeyType hostKeyType;
    private @Nullable String managementAddress;
    private final List<Process> processes = new ArrayList<>();
    private int sshPort;
    private boolean closed;

    private FrrRouter(final RouterLayout layout, final int interfaceCount, final boolean telnet,
            final SshHostKeyType hostKeyType) {
        this.layout = layout;
        this.interfaceCount = interfaceCount;
        this.telnet = telnet;
        this.hostKeyType = hostKeyType;
        this.ip = Objects.requireNonNull(FrrInstallation.ipCommand(), "iproute2 is installed (FrrInstallation checks it)");
        final byte[] secret = new byte[12];
        RANDOM.nextBytes(secret);
        this.password = HexFormat.of().formatHex(secret);
    }

    /** A router with two host-linked interfaces, eth0 and eth1. */
    public static FrrRouter start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of a router to start. */
    public static final class Builder {
        private String prefix = "frr";
        private int interfaces = 2;
        private boolean telnet;
        private SshHostKeyType hostKey = SshHostKeyType.ECDSA;

        private Builder() {
        }

        /** Start of the router name (1-5 lower-case letters/digits); a random suffix is added. */
        public Builder namePrefix(final String newPrefix) {
            if (!newPrefix.matches("[a-z][a-z0-9]{0,4}")) {
                throw new IllegalArgumentException("Prefix must be 1-5 lower-case letters or digits: " + newPrefix);
            }
            this.prefix = newPrefix;
            return this;
        }

        /** Number of interfaces eth0..ethN-1 whose veth peer stays in the host namespace. */
        public Builder interfaces(final int count) {
            if (count < 0 || count > 50) {
                throw new IllegalArgumentException("Interface count out of range: " + count);
            }
            this.interfaces = count;
            return this;
        }

        /**
         * Also serve zebra's own vty over Telnet (port 2601, password = {@link #password()}) on a
         * management veth whose host end has an address, so the host can reach it. zebra's vty
         * knows zebra's commands only (interfaces, not BGP).
         */
        public Builder telnet(final boolean enabled) {
            this.telnet = enabled;
            return this;
        }

        /**
         * The only host key the router's sshd holds and offers ({@code HostKey} and
         * {@code HostKeyAlgorithms}); ECDSA unless set. {@code ssh-keyscan} lists just this one.
         */
        public Builder sshHostKey(final SshHostKeyType type) {
            this.hostKey = type;
            return this;
        }

        public FrrRouter start() {
            FrrInstallation.ensureInstalled();
            RouterCleanup.sweepStale();
            final byte[] suffix = new byte[3];
            RANDOM.nextBytes(suffix);
            final String name = prefix + HexFormat.of().formatHex(suffix).substring(0, 5);
            final FrrRouter router = new FrrRouter(new RouterLayout(name), interfaces, telnet, hostKey);
            OPEN.add(router);
            try {
                router.startAll();
            } catch (RuntimeException e) {
                router.closeQuietly();
                throw e;
            }
            return router;
        }
    }

    /** Hostname (shown in the vtysh prompt), FRR pathspace and stem of every other name. */
    public String name() {
        return layout.name();
    }

    /** The network namespace the daemons and interfaces live in. */
    public String namespace() {
        return layout.namespace();
    }

    public String sshHost() {
        return "127.0.0.1";
    }

    public int sshPort() {
        return sshPort;
    }

    /** The one host key type the router's sshd offers. */
    public SshHostKeyType sshHostKeyType() {
        return hostKeyType;
    }

    /** The SSH host public key the router offers, as {@code ssh-keyscan} prints it. */
    public String sshHostPublicKey() throws IOException {
        return OpenSshHostKeys.publicKey(layout.sshHostKey(hostKeyType.keygenType()));
    }

    /**
     * Give the router's sshd a new host key of the same type: new connections see it, open
     * sessions carry on.
     *
     * @return the new public key
     */
    public String changeSshHostKey() throws IOException {
        final long pid = Long.parseLong(Files.readString(layout.sshdPidFile()).strip());
        return OpenSshHostKeys.change(layout.sshHostKey(hostKeyType.keygenType()), hostKeyType.keygenType(),
            hostKeyType.bits(), pid, sshPort);
    }

    public String username() {
        return layout.user();
    }

    public String password() {
        return password;
    }

    /** Address of zebra's Telnet vty, reachable from the host; only with {@link Builder#telnet(boolean)}. */
    public String telnetHost() {
        if (!telnet) {
            throw new IllegalStateException(name() + " was started without Telnet");
        }
        return Objects.requireNonNull(managementAddress, "set when the router starts");
    }

    /** Port of zebra's Telnet vty; its password is {@link #password()}. */
    public int telnetPort() {
        telnetHost();
        return TELNET_PORT;
    }

    /** Interfaces inside the namespace whose peers are in the host namespace: eth0, eth1, ... */
    public List<String> interfaces() {
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < interfaceCount; i++) {
            names.add("eth" + i);
        }
        return names;
    }

    /**
     * Run commands in one vtysh, directly (not over SSH, independent of the product).
     * vtysh stops at the first failing command; that fails this call with vtysh's output.
     */
    public String vtysh(final String... commands) {
        final List<String> command = new ArrayList<>(List.of(FrrInstallation.VTYSH.toString(), "-N", name()));
        for (String c : commands) {
            command.add("-c");
            command.add(c);
        }
        return HostCommand.run(command);
    }

    /** {@code show running-config}, read directly through vtysh. */
    public String runningConfig() {
        return vtysh("show running-config");
    }

    /** Apply configuration lines directly through vtysh (for out-of-band changes in tests). */
    public void configure(final String... lines) {
        final String[] commands = new String[lines.length + 1];
        commands[0] = "configure terminal";
        System.arraycopy(lines, 0, commands, 1, lines.length);
        vtysh(commands);
    }

    /** {@code show bgp summary json}. */
    public String bgpSummaryJson() {
        return vtysh("show bgp summary json");
    }

    /** {@code show ip bgp neighbor <address>}, as text. */
    public String bgpNeighbor(final String address) {
        return vtysh("show ip bgp neighbor " + address);
    }

    /** The BGP FSM state of a neighbor (Idle, Connect, Active, OpenSent, OpenConfirm, Established). */
    public String bgpNeighborState(final String address) {
        final Matcher matcher = BGP_STATE.matcher(vtysh("show ip bgp neighbor " + address + " json"));
        if (!matcher.find()) {
            throw new IllegalStateException("No BGP neighbor " + address + " on " + name());
        }
        return matcher.group(1);
    }

    /**
     * Wait until a neighbor reaches {@code state}, polling; returns the last state seen, which
     * differs from {@code state} when the timeout expired.
     */
    public String awaitBgpState(final String address, final String state, final Duration timeout) {
        final Instant deadline = Instant.now().plus(timeout);
        String current = "none";
        while (true) {
            try {
                current = bgpNeighborState(address);
            } catch (IllegalStateException e) {
                current = "none";
            }
            if (current.equals(state) || Instant.now().isAfter(deadline)) {
                return current;
            }
            RouterCleanup.sleep(250);
        }
    }

    /**
     * Drop every open SSH login, as a device that restarts its management plane would: kills
     * the vtysh processes run by the router's login user.
     *
     * @return how many processes of the login user were killed (sshd session, shell, vtysh)
     */
    public int dropSshSessions() {
        final List<ProcessHandle> sessions = ProcessHandle.allProcesses()
            .filter(p -> p.info().user().map(username()::equals).orElse(false))
            .toList();
        sessions.forEach(ProcessHandle::destroyForcibly);
        return sessions.size();
    }

    /** Run a command inside the router's network namespace, for example {@code ip -4 addr}. */
    public String inNamespace(final String... command) {
        final List<String> full = new ArrayList<>(List.of(ip, "netns", "exec", namespace()));
        full.addAll(List.of(command));
        return HostCommand.run(full);
    }

    /** Stop everything and delete what the router created. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(this);
        RouterCleanup.teardown(layout, processes);
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            LOG.error("Cleanup of router {} failed", name(), e);
        }
    }

    @Override
    public String toString() {
        return "FrrRouter[" + name() + ", ssh 127.0.0.1:" + sshPort + " (" + hostKeyType.keygenType() + ")]";
    }

    /** Link {@code ifA} of router {@code a} to {@code ifB} of router {@code b} with a veth pair. */
    static void link(final FrrRouter a, final String ifA, final FrrRouter b, final String ifB) {
        HostCommand.run(List.of(a.ip, "link", "add", "name", ifA, "netns", a.namespace(), "type", "veth",
            "peer", "name", ifB, "netns", b.namespace()));
        a.inNamespace(a.ip, "link", "set", ifA, "up");
        b.inNamespace(b.ip, "link", "set", ifB, "up");
    }

    private void startAll() {
        try {
            createDirectories();
            createNamespace();
            startDaemons();
            createUser();
            startSshd();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start router " + name(), e);
        }
        LOG.info("Started {}", this);
    }

    private void createDirectories() throws IOException {
        Files.createDirectories(layout.workDir());
        RouterCleanup.writeOwner(layout);
        Files.createDirectories(layout.home());
        for (Path dir : List.of(layout.etcDir(), layout.runDir())) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxr-x"));
        }
        // each daemon starts with its hostname only; vtysh.conf gives vtysh the same hostname
        // (FRR 8.4 does not change a daemon's hostname at run time, so it must be set at start)
        for (String daemon : DAEMONS) {
            final String vtyPassword = telnet && daemon.equals("zebra") ? "password " + password + "\n" : "";
            Files.writeString(layout.etcDir().resolve(daemon + ".conf"), "hostname " + name() + "\n" + vtyPassword);
        }
        Files.writeString(layout.etcDir().resolve("vtysh.conf"),
            "hostname " + name() + "\nservice integrated-vtysh-config\n");
        HostCommand.run(List.of("chown", "-R", "frr:frr", layout.etcDir().toString(), layout.runDir().toString()));
    }

    private void createNamespace() {
        HostCommand.run(List.of(ip, "netns", "add", namespace()));
        inNamespace(ip, "link", "set", "lo", "up");
        for (int i = 0; i < interfaceCount; i++) {
            final String inside = "eth" + i;
            HostCommand.run(List.of(ip, "link", "add", "name", layout.hostVeth(i), "type", "veth",
                "peer", "name", inside, "netns", namespace()));
            HostCommand.run(List.of(ip, "link", "set", layout.hostVeth(i), "up"));
            inNamespace(ip, "link", "set", inside, "up");
        }
        if (telnet) {
            createManagementLink();
        }
    }

    /** A veth "mgmt" with a /30 whose host end is addressed, from 100.127/16 (unused on the host). */
    private void createManagementLink() {
        final String used = HostCommand.run(List.of(ip, "-4", "-o", "addr", "show"));
        String hostAddress;
        do {
            final int subnet = RANDOM.nextInt(1 << 14);
            final String prefix = "100.127." + (subnet >> 6) + ".";
            final int base = (subnet & 0x3f) << 2;
            hostAddress = prefix + (base + 1);
            managementAddress = prefix + (base + 2);
        } while (used.contains(" " + hostAddress + "/"));
        HostCommand.run(List.of(ip, "link", "add", "name", layout.managementVeth(), "type", "veth",
            "peer", "name", "mgmt", "netns", namespace()));
        HostCommand.run(List.of(ip, "addr", "add", hostAddress + "/30", "dev", layout.managementVeth()));
        HostCommand.run(List.of(ip, "link", "set", layout.managementVeth(), "up"));
        inNamespace(ip, "addr", "add", managementAddress + "/30", "dev", "mgmt");
        inNamespace(ip, "link", "set", "mgmt", "up");
    }

    private void startDaemons() throws IOException {
        for (String daemon : DAEMONS) {
            final Path log = layout.workDir().resolve(daemon + ".log");
            final List<String> vty = telnet && daemon.equals("zebra")
                ? List.of("-A", managementAddress, "-P", Integer.toString(TELNET_PORT)) : List.of("-P", "0");
            final List<String> command = new ArrayList<>(List.of(ip, "netns", "exec", namespace(),
                "/usr/lib/frr/" + daemon, "-N", name()));
            command.addAll(vty);
            command.addAll(List.of("-f", layout.etcDir().resolve(daemon + ".conf").toString()));
            final ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
            processes.add(builder.start());
        }
        final Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (!daemonsReady()) {
            for (Process process : processes) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("An FRR daemon of " + name() + " exited: " + logs());
                }
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("FRR daemons of " + name() + " did not start: " + logs());
            }
            RouterCleanup.sleep(100);
        }
    }

    private boolean daemonsReady() {
        for (String daemon : DAEMONS) {
            if (!Files.exists(layout.runDir().resolve(daemon + ".vty"))) {
                return false;
            }
        }
        final var result = HostCommand.tryRun(List.of(FrrInstallation.VTYSH.toString(), "-N", name(),
            "-c", "show running-config"));
        return result.ok() && result.output().contains("hostname " + name());
    }

    private void createUser() throws IOException {
        HostCommand.run(List.of("useradd", "--no-create-home", "--home-dir", layout.home().toString(),
            "--shell", "/bin/sh", "--groups", "frr,frrvty", "--comment", "Sextant FRR test router " + name(),
            layout.user()));
        HostCommand.run(List.of("chpasswd"), Map.of(), layout.user() + ":" + password + "\n");
        HostCommand.run(List.of("chown", layout.user(), layout.home().toString()));
    }

    private void startSshd() throws IOException {
        final Path hostKey = layout.sshHostKey(hostKeyType.keygenType());
        HostCommand.run(List.of(FrrInstallation.SSH_KEYGEN.toString(), "-q", "-t", hostKeyType.keygenType(),
            "-b", Integer.toString(hostKeyType.bits()), "-N", "", "-f", hostKey.toString()));
        // sshd's privilege separation directory
        Files.createDirectories(Path.of("/run/sshd"));
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            final int port = freePort();
            Files.writeString(layout.sshdConfig(), sshdConfig(port, hostKey));
            final Path log = layout.workDir().resolve("sshd.log");
            final Process sshd = new ProcessBuilder(FrrInstallation.SSHD.toString(), "-D",
                "-f", layout.sshdConfig().toString(), "-E", log.toString())
                .redirectErrorStream(true)
                .redirectOutput(layout.workDir().resolve("sshd.out").toFile())
                .start();
            processes.add(sshd);
            if (awaitListening(sshd, port)) {
                sshPort = port;
                return;
            }
            sshd.destroyForcibly();
            last = new IllegalStateException("sshd of " + name() + " did not listen on " + port + ": "
                + read(log) + read(layout.workDir().resolve("sshd.out")));
        }
        throw last;
    }

    private String sshdConfig(final int port, final Path hostKey) {
        return String.join("\n",
            "ListenAddress 127.0.0.1",
            "Port " + port,
            "HostKey " + hostKey,
            "HostKeyAlgorithms " + String.join(",", hostKeyType.signatures()),
            "PidFile " + layout.sshdPidFile(),
            "AllowUsers " + layout.user(),
            "PasswordAuthentication yes",
            "KbdInteractiveAuthentication no",
            "PubkeyAuthentication no",
            "AuthorizedKeysFile none",
            "UsePAM no",
            "PermitRootLogin no",
            "X11Forwarding no",
            "AllowTcpForwarding no",
            "AllowAgentForwarding no",
            "PermitTunnel no",
            "PrintMotd no",
            "PrintLastLog no",
            "MaxStartups 50",
            "MaxSessions 50",
            "ForceCommand " + FrrInstallation.VTYSH + " -N " + name(),
            "");
    }

    private static boolean awaitListening(final Process sshd, final int port) {
        final Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (sshd.isAlive() && Instant.now().isBefore(deadline)) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return true;
            } catch (IOException e) {
                RouterCleanup.sleep(50);
            }
        }
        return false;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private String logs() {
        final StringBuilder text = new StringBuilder();
        for (String daemon : DAEMONS) {
            text.append('\n').append(daemon).append(": ").append(read(layout.workDir().resolve(daemon + ".log")));
        }
        return text.toString();
    }

    private static String read(final Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }
}
