package io.sextant.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A throwaway private PostgreSQL cluster for tests: {@code initdb} into a temporary directory,
 * started with {@code pg_ctl} on 127.0.0.1 and a free port (no Unix socket), with a database and
 * a login role with a random password (scram-sha-256). {@link #close()} stops it and deletes
 * everything; a JVM exit kills it at the latest.
 *
 * <p>PostgreSQL refuses to run as root: as root, the server runs as the system account
 * {@value #SYSTEM_USER} (created on first use) through {@code runuser}; otherwise as the current
 * user. Nothing is installed here: without the binaries ({@code /usr/lib/postgresql/<version>/bin},
 * or {@code -Dsextant.postgres.bin=DIR}) it fails with a message that says so ({@code ./sextant
 * test} installs the {@code postgresql} package).
 *
 * <p>For crash tests: {@link #kill()} kills the postmaster and every backend with SIGKILL (as a
 * power cut would), {@link #stop()} shuts down cleanly, and {@link #restart()} starts the same
 * cluster on the same port again (running crash recovery after a kill). {@link #pause()} and
 * {@link #resume()} freeze and thaw it (a server that stops answering).
 */
public final class PostgresServer implements AutoCloseable {
    public static final String SYSTEM_USER = "sextant-postgres";
    public static final String DATABASE = "sextant";
    public static final String USER = "sextant";

    private static final Logger LOG = LoggerFactory.getLogger(PostgresServer.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Path bin;
    private final Path directory;
    private final Path data;
    private final Path log;
    private final int port;
    private final String password;
    private final boolean asRoot;
    private final Thread shutdownHook;
    private volatile boolean paused;

    private PostgresServer(final Path bin, final Path directory, final int port, final String password,
            final boolean asRoot) {
        this.bin = bin;
        this.directory = directory;
        this.data = directory.resolve("data");
        this.log = directory.resolve("postgres.log");
        this.port = port;
        this.password = password;
        this.asRoot = asRoot;
        this.shutdownHook = new Thread(this::killQuietly, "stop-postgres-" + port);
    }

    /** Create, start and prepare a new cluster. */
    public static PostgresServer start() throws IOException {
        final Path bin = binaries();
        final boolean asRoot = "root".equals(System.getProperty("user.name"));
        if (asRoot) {
            HostSetup.ensureSystemUser(SYSTEM_USER, "Sextant test PostgreSQL");
        }
        final Path directory = Files.createTempDirectory("sextant-pg-");
        final PostgresServer server = new PostgresServer(bin, directory, FreePorts.one(), randomPassword(), asRoot);
        Runtime.getRuntime().addShutdownHook(server.shutdownHook);
        try {
            server.initialize();
            server.restart();
            server.createDatabase();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/sextant} */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    public int port() {
        return port;
    }

    /** The login role of {@link #DATABASE} (owner of it). */
    public String user() {
        return USER;
    }

    public String password() {
        return password;
    }

    public Path dataDirectory() {
        return data;
    }

    /** The postmaster's process id, while it runs. */
    public Optional<Long> pid() {
        final Path pidFile = data.resolve("postmaster.pid");
        try {
            final List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            final long pid = Long.parseLong(lines.get(0).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public boolean isRunning() {
        return pid().isPresent();
    }

    /** Kill the postmaster and all its backends with SIGKILL, and wait until they are gone. */
    public void kill() {
        final Optional<ProcessHandle> postmaster = pid().flatMap(ProcessHandle::of);
        if (postmaster.isEmpty()) {
            return;
        }
        final List<ProcessHandle> all = new ArrayList<>();
        all.add(postmaster.orElseThrow());
        try (Stream<ProcessHandle> children = postmaster.orElseThrow().descendants()) {
            children.forEach(all::add);
        }
        LOG.info("Killing PostgreSQL on port {} (SIGKILL to {} processes)", port, all.size());
        paused = false;
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : all) {
            try {
                process.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warn("Process {} of PostgreSQL did not exit after SIGKILL", process.pid());
            }
        }
    }

    /** Freeze the postmaster and every backend (SIGSTOP): a database that stops answering without closing anything. */
    public void pause() throws IOException {
        signalAll("STOP");
    }

    /** Undo {@link #pause()} (SIGCONT). */
    public void resume() throws IOException {
        signalAll("CONT");
    }

    private void signalAll(final String signal) throws IOException {
        final Optional<ProcessHandle> postmaster = pid().flatMap(ProcessHandle::of);
        if (postmaster.isEmpty()) {
            throw new IOException("PostgreSQL on port " + port + " is not running");
        }
        final List<ProcessHandle> all = new ArrayList<>();
        all.add(postmaster.orElseThrow());
        try (Stream<ProcessHandle> children = postmaster.orElseThrow().descendants()) {
            children.forEach(all::add);
        }
        for (ProcessHandle process : all) {
            // a backend may end between listing and signalling: only the postmaster must get it
            final Output result = run(List.of("kill", "-" + signal, Long.toString(process.pid())), false);
            if (result.exit() != 0 && process.equals(postmaster.orElseThrow()) && process.isAlive()) {
                throw new IOException("kill -" + signal + " " + process.pid() + " failed: " + result.text());
            }
        }
        paused = "STOP".equals(signal);
    }

    /** Shut down cleanly (fast mode: sessions are disconnected, everything committed is on disk). */
    public void stop() throws IOException {
        if (isRunning()) {
            runChecked(List.of(tool("pg_ctl"), "stop", "-D", data.toString(), "-m", "fast", "-w", "-t", "60"),
                "stop PostgreSQL");
        }
    }

    /** Start the cluster (again) on the same port; after {@link #kill()} this runs crash recovery. */
    public void restart() throws IOException {
        if (isRunning()) {
            return;
        }
        final String options = "-c listen_addresses=127.0.0.1 -p " + port + " -c unix_socket_directories=''"
            + " -c max_connections=50 -c shared_buffers=32MB -c fsync=on -c synchronous_commit=on";
        runChecked(List.of(tool("pg_ctl"), "start", "-D", data.toString(), "-l", log.toString(), "-w",
            "-t", Long.toString(START_TIMEOUT.toSeconds()), "-o", options), "start PostgreSQL");
        LOG.info("PostgreSQL running on 127.0.0.1:{} (data in {})", port, data);
    }

    @Override
    public void close() {
        try {
            if (paused && isRunning()) {
                resume();
            }
            stop();
        } catch (IOException e) {
            LOG.warn("Clean stop of PostgreSQL on port {} failed; killing it", port, e);
            kill();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is exiting: the hook runs anyway
        }
        keepLog();
        ManagedProcess.deleteTree(directory);
    }

    /**
     * The server's log, copied out of the cluster's directory before that is deleted, into the
     * directory named by the system property {@code sextant.postgres.logs} (the build sets
     * {@code target/postgres-logs}): what the server said about a stop or a crash no test logged.
     */
    private void keepLog() {
        final String logs = System.getProperty("sextant.postgres.logs", "");
        if (logs.isEmpty() || !Files.exists(log)) {
            return;
        }
        try {
            final Path target = Files.createDirectories(Path.of(logs));
            Files.copy(log, target.resolve("postgres-" + port + "-" + System.currentTimeMillis() + ".log"));
        } catch (IOException e) {
            LOG.warn("Cannot keep the PostgreSQL log {} in {}", log, logs, e);
        }
    }

    private void killQuietly() {
        try {
            kill();
        } catch (RuntimeException e) {
            // the JVM is exiting
        }
    }

    private void initialize() throws IOException {
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        final Path passwordFile = directory.resolve("superuser-password");
        Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        if (asRoot) {
            run(List.of("chown", "-R", SYSTEM_USER + ":", directory.toString()), false);
        }
        try {
            runChecked(List.of(tool("initdb"), "-D", data.toString(), "--username=postgres",
                "--pwfile=" + passwordFile, "--auth=scram-sha-256", "--encoding=UTF8", "--no-locale", "--no-sync"),
                "initdb");
        } finally {
            Files.deleteIfExists(passwordFile);
        }
    }

    /** The role and database, created through psql with the statements on standard input (never in argv). */
    private void createDatabase() throws IOException {
        final String sql = "CREATE ROLE " + USER + " LOGIN PASSWORD '" + password + "';\n"
            + "CREATE DATABASE " + DATABASE + " OWNER " + USER + ";\n";
        final ProcessBuilder psql = new ProcessBuilder(bin.resolve("psql").toString(), "-X", "-q",
            "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", "postgres",
            "-d", "postgres", "-f", "-").redirectErrorStream(true);
        psql.environment().put("PGPASSWORD", password);
        psql.environment().put("PGCONNECT_TIMEOUT", "10");
        final Process process = psql.start();
        process.getOutputStream().write(sql.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (waitFor(process) != 0) {
            throw new IOException("creating the test database failed: " + output);
        }
    }

    private String tool(final String name) {
        return bin.resolve(name).toString();
    }

    private void runChecked(final List<String> command, final String what) throws IOException {
        final Output result = run(command, asRoot);
        if (result.exit() != 0) {
            throw new IOException("PostgreSQL: " + what + " failed (exit " + result.exit() + "): "
                + result.text().strip() + logTail());
        }
    }

    private record Output(int exit, String text) {
    }

    private Output run(final List<String> command, final boolean asSystemUser) throws IOException {
        final List<String> full = new ArrayList<>();
        if (asSystemUser) {
            full.addAll(List.of("runuser", "-u", SYSTEM_USER, "--"));
        }
        full.addAll(command);
        final Path output = Files.createTempFile("sextant-pg-cmd", ".log");
        try {
            // output to a file, not a pipe: pg_ctl's server keeps inherited pipes open
            final Process process = new ProcessBuilder(full).directory(Path.of("/").toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            final int exit = waitFor(process);
            return new Output(exit, Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private String logTail() {
        try {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return "\n--- " + log + " ---\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 20),
                lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    private static int waitFor(final Process process) throws IOException {
        try {
            if (!process.waitFor(START_TIMEOUT.toSeconds() + 30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("timed out: " + process.info().commandLine().orElse("?"));
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted", e);
        }
    }

    /** The newest installed PostgreSQL's bin directory. */
    private static Path binaries() throws IOException {
        final String configured = System.getProperty("sextant.postgres.bin", "");
        if (!configured.isEmpty()) {
            final Path bin = Path.of(configured);
            if (!Files.isExecutable(bin.resolve("initdb"))) {
                throw new IOException("-Dsextant.postgres.bin=" + configured + " has no initdb");
            }
            return bin;
        }
        final Path root = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                final Optional<Path> newest = versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparingInt(PostgresServer::majorVersion));
                if (newest.isPresent()) {
                    return newest.orElseThrow();
                }
            }
        }
        throw new IOException("PostgreSQL is not installed: no /usr/lib/postgresql/<version>/bin/initdb. Install the "
            + "Debian package postgresql (./sextant test does it), or point -Dsextant.postgres.bin at its bin directory");
    }

    private static int majorVersion(final Path bin) {
        try {
            final Path version = bin.toAbsolutePath().getParent();
            return version == null ? 0 : Integer.parseInt(String.valueOf(version.getFileName()));
        } catch (NumberFormatException e) {
            return 0;
        }
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
}
