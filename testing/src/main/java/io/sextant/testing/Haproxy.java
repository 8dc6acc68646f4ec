package io.sextant.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real HAProxy (the apt package {@code haproxy}; {@code ./sextant test} installs it) run with
 * the distribution's {@code haproxy/haproxy.cfg}, its servers filled in as {@code ./sextant
 * cluster} fills them: TLS to the clients, TLS to the instances, the health check on
 * {@code /ready} with a monitoring user's credentials, a transaction's requests to the instance
 * its id names.
 */
public final class Haproxy implements AutoCloseable {
    private static final List<Path> BINARIES = List.of(Path.of("/usr/sbin/haproxy"), Path.of("/usr/bin/haproxy"));
    private static final Pattern SERVERS = Pattern.compile("(# SERVERS BEGIN[^\n]*\n).*?(    # SERVERS END)",
        Pattern.DOTALL);
    private static final Duration START = Duration.ofSeconds(30);

    /** A controller instance: its id (the server's name) and where it serves. */
    public record Instance(String id, String host, int port) {
    }

    /**
     * Where the clients connect and how HAProxy checks the instances.
     *
     * @param frontendPem the clients' certificate chain and private key, in one PEM file
     * @param caPem the certificates HAProxy trusts for the instances
     */
    public record Tls(Path frontendPem, Path caPem) {
    }

    private final ManagedProcess process;
    private final int port;
    private final Path config;

    private Haproxy(final ManagedProcess process, final int port, final Path config) {
        this.process = process;
        this.port = port;
        this.config = config;
    }

    /**
     * Start HAProxy on a free loopback port in front of {@code instances}.
     *
     * @param template the distribution's {@code haproxy.cfg}
     * @param workDir where its configuration and log go
     * @throws IllegalStateException when HAProxy is not installed, refuses the configuration or does not listen
     */
    public static Haproxy start(final Path template, final Path workDir, final List<Instance> instances,
            final Tls tls, final String monitorUser, final String monitorPassword)
            throws IOException, InterruptedException {
        final Path binary = BINARIES.stream().filter(Files::isExecutable).findFirst().orElseThrow(() ->
            new IllegalStateException("HAProxy is not installed: apt-get install haproxy (./sextant test does)"));
        final StringBuilder servers = new StringBuilder();
        for (Instance instance : instances) {
            final String name = instance.id();
            servers.append("    acl tx_").append(name).append(" req.hdr(Sextant-Transaction),field(1,~) -m str ")
                .append(name).append('\n')
                .append("    acl tx_").append(name).append(" req.cook(SEXTANTTXID),field(1,~) -m str ").append(name)
                .append('\n')
                .append("    use-server ").append(name).append(" if tx_").append(name).append('\n')
                .append("    server ").append(name).append(' ').append(instance.host()).append(':')
                .append(instance.port()).append('\n');
        }
        final Matcher matcher = SERVERS.matcher(Files.readString(template, StandardCharsets.UTF_8));
        if (!matcher.find()) {
            throw new IllegalStateException(template + " has no SERVERS BEGIN ... SERVERS END block");
        }
        final String text = matcher.replaceFirst(Matcher.quoteReplacement(matcher.group(1) + servers + matcher.group(2)));
        Files.createDirectories(workDir);
        final Path config = workDir.resolve("haproxy.cfg");
        Files.writeString(config, text, StandardCharsets.UTF_8);
        final int port = FreePorts.one();
        final Map<String, String> environment = Map.of(
            "SEXTANT_LB_BIND", "127.0.0.1:" + port,
            "SEXTANT_LB_PEM", tls.frontendPem().toString(),
            "SEXTANT_CA_PEM", tls.caPem().toString(),
            "SEXTANT_MONITOR_BASIC", Base64.getEncoder().encodeToString((monitorUser + ":" + monitorPassword)
                .getBytes(StandardCharsets.UTF_8)));
        final ManagedProcess process = ManagedProcess.start("haproxy", List.of(binary.toString(), "-db", "-f",
            config.toString()), workDir, workDir.resolve("haproxy.log"), environment);
        final long deadline = System.nanoTime() + START.toNanos();
        while (!FreePorts.accepts("127.0.0.1", port, Duration.ofMillis(200))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                final String tail = process.logTail(20);
                process.close();
                throw new IllegalStateException("HAProxy did not start: " + tail);
            }
            Thread.sleep(100);
        }
        return new Haproxy(process, port, config);
    }

    /** The port the clients connect to (on 127.0.0.1). */
    public int port() {
        return port;
    }

    /** The configuration it runs with. */
    public Path config() {
        return config;
    }

    /** The last lines of its log (its health-check verdicts among them). */
    public String logTail(final int lines) {
        return process.logTail(lines);
    }

    @Override
    public void close() {
        process.close();
    }
}
