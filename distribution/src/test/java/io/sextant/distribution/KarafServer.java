package io.sextant.distribution;

import io.sextant.testing.FreePorts;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;

/**
 * A copy of the assembled Karaf distribution, started with {@code bin/karaf server} as an
 * operator would, with a data directory of its own ({@code -Dsextant.data-dir}, where its log
 * goes), its SSH console on a free loopback port, commands run over SSH. Closing it stops the
 * process (forcibly if need be) and deletes the copy (unless the system property
 * {@code sextant.karaf.keep} is true, for looking at it).
 */
final class KarafServer implements AutoCloseable {
    /** What a console command printed and its exit status. */
    record ConsoleResult(int exitCode, String output) {
        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private static final Duration SSH_TIMEOUT = Duration.ofSeconds(10);
    /**
     * What Felix SCR logs about a component ("bundle NAME (ID)[COMPONENT(N)] : ..."): at WARN
     * these say a component could not get a service or be built, which an ERROR may not follow.
     */
    private static final Pattern SCR_COMPONENT_MESSAGE = Pattern.compile(
        "\\| bundle \\S+ \\(\\d+\\)\\[\\S+\\(\\d+\\)\\] : ");

    private final Path home;
    private final Path dataDir;
    private final int sshPort;
    private final Process process;
    private final SshClient ssh;
    private final String adminPassword;

    /** The copy of the assembly this server runs from. */
    Path home() {
        return home;
    }

    private KarafServer(final Path home, final Path dataDir, final int sshPort, final Process process,
            final String adminPassword) {
        this.home = home;
        this.adminPassword = adminPassword;
        this.dataDir = dataDir;
        this.sshPort = sshPort;
        this.process = process;
        ssh = SshClient.setUpDefaultClient();
        // a fresh host key per test run
        ssh.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
        ssh.start();
    }

    /**
     * Copy {@code assembly} to a fresh directory and start it.
     *
     * @param dataDir the user's data directory ({@code -Dsextant.data-dir}), as {@code ./sextant run --data-dir} passes it
     * @param javaOptions extra JVM options (EXTRA_JAVA_OPTS), for example {@code -Dsextant.port=...}
     * @param environment extra environment variables, for example {@code SEXTANT_ADMIN_PASSWORD}
     */
    static KarafServer start(final Path assembly, final Path dataDir, final List<String> javaOptions,
            final Map<String, String> environment) throws IOException {
        final Path home = Files.createTempDirectory("sextant-karaf-");
        copyTree(assembly, home);
        final int sshPort = freePort();
        final List<String> options = new ArrayList<>(javaOptions);
        options.add("-Dsextant.data-dir=" + dataDir);
        options.add("-Dsextant.ssh.port=" + sshPort);

        final ProcessBuilder builder = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server")
            .directory(home.toFile())
            .redirectErrorStream(true)
            .redirectOutput(home.resolve("console.out").toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        configureJava(builder.environment());
        builder.environment().putAll(environment);
        builder.environment().put("EXTRA_JAVA_OPTS", String.join(" ", options));
        return new KarafServer(home, dataDir, sshPort, builder.start(), environment.get("SEXTANT_ADMIN_PASSWORD"));
    }

    /**
     * Karaf 4.4 runs on Java 17 to 21. Hand the JVM running this test to Karaf when it is one of
     * those; otherwise leave the choice to bin/setenv, which looks for a Java 17 or 21 install.
     */
    private static void configureJava(final Map<String, String> environment) {
        final int feature = Runtime.version().feature();
        if (feature >= 17 && feature <= 21) {
            environment.put("JAVA_HOME", System.getProperty("java.home"));
        } else {
            environment.remove("JAVA_HOME");
        }
    }

    int sshPort() {
        return sshPort;
    }

    /** Run one console command as user {@code admin} (its password from the environment the server started with). */
    ConsoleResult console(final String command) throws IOException {
        return console("admin", adminPassword, command);
    }

    /**
     * Run one console command over SSH, as {@code ssh -p PORT USER@127.0.0.1 COMMAND} would.
     * Karaf drops a command's output when the client's stdin ends before the command does (which
     * makes {@code bin/client COMMAND < /dev/null} print nothing now and then), so stdin stays
     * open until the exit status has arrived; output always precedes it on the channel.
     */
    ConsoleResult console(final String user, final String password, final String command) throws IOException {
        try (ClientSession session = ssh.connect(user, "127.0.0.1", sshPort).verify(SSH_TIMEOUT).getSession()) {
            session.addPasswordIdentity(password);
            session.auth().verify(SSH_TIMEOUT);
            final ByteArrayOutputStream output = new ByteArrayOutputStream();
            try (ChannelExec channel = session.createExecChannel(command);
                 PipedOutputStream stdin = new PipedOutputStream()) {
                channel.setIn(new PipedInputStream(stdin));
                channel.setOut(output);
                channel.setErr(output);
                channel.open().verify(SSH_TIMEOUT);
                final var events = channel.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS,
                    ClientChannelEvent.CLOSED), SSH_TIMEOUT.multipliedBy(3));
                if (events.contains(ClientChannelEvent.TIMEOUT)) {
                    throw new IOException("'" + command + "' did not finish within " + SSH_TIMEOUT.multipliedBy(3));
                }
                final Integer status = channel.getExitStatus();
                final String text = output.toString(StandardCharsets.UTF_8).replaceAll("\u001B\\[[;\\d]*m", "");
                return new ConsoleResult(status == null ? -1 : status, text);
            }
        }
    }

    /**
     * Repeat {@code command} until its output satisfies {@code ready}: the console comes up
     * before the boot features have finished installing.
     */
    ConsoleResult awaitConsole(final String command, final Predicate<ConsoleResult> ready, final Duration timeout)
            throws IOException, InterruptedException {
        final long deadline = System.nanoTime() + timeout.toNanos();
        ConsoleResult last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Karaf exited with " + process.exitValue() + " before '" + command
                    + "' worked\n" + logTail());
            }
            final List<String> problems = problems();
            if (!problems.isEmpty()) {
                throw new IllegalStateException("Karaf logged errors before '" + command + "' worked:\n"
                    + String.join("\n", problems) + "\n" + logTail());
            }
            try {
                last = console(command);
            } catch (IOException e) {
                // the SSH server is not up yet
                last = new ConsoleResult(-1, e.toString());
            }
            if (ready.test(last)) {
                return last;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("'" + command + "' did not succeed within " + timeout + "; last output: "
            + (last == null ? "none" : last.output()) + "\n" + logTail());
    }

    /** Send SIGTERM, as a service manager or Ctrl-C would, and wait for the JVM to exit. */
    boolean terminate(final Duration timeout) throws InterruptedException {
        process.destroy();
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Where the log should be: {@code <data-dir>/log/karaf.log}. */
    Path logFile() {
        return dataDir.resolve("log/karaf.log");
    }

    List<String> log() throws IOException {
        final Path log = logFile();
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    /**
     * The lines of karaf.log an operator would read as "broken": every ERROR (failed resolution,
     * failed component activation, an SCR complaint about a constructor...) and every warning
     * SCR logs about a component (a reference it could not get, ...).
     */
    List<String> problems() throws IOException {
        return log().stream().filter(line -> line.contains("| ERROR |")
            || line.contains("| WARN  |") && SCR_COMPONENT_MESSAGE.matcher(line).find()).toList();
    }

    String logTail() {
        try {
            final List<String> lines = log();
            return "karaf.log (last 40 lines):\n"
                + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "karaf.log unreadable: " + e;
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        ssh.stop();
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (Boolean.getBoolean("sextant.karaf.keep")) {
            System.out.println("Karaf copy kept in " + home);
        } else {
            deleteTree(home);
        }
    }

    /** A TCP port nothing listens on right now, that no outgoing connection takes before Karaf binds it. */
    static int freePort() {
        return FreePorts.one();
    }

    /** Copy the distribution, leaving out state a previous run in place may have left. */
    private static void copyTree(final Path from, final Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            paths.filter(source -> !isRuntimeState(from.relativize(source))).forEach(source -> {
                final Path target = to.resolve(from.relativize(source).toString());
                try {
                    if (Files.isDirectory(source)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static boolean isRuntimeState(final Path relative) {
        return relative.getNameCount() > 0 && switch (relative.getName(0).toString()) {
            case "data", "instances", "lock" -> true;
            default -> false;
        };
    }

    private static void deleteTree(final Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
