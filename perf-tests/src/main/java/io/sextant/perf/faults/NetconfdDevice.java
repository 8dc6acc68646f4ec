package io.sextant.perf.faults;

import io.sextant.perf.faults.Fault.Kind;
import io.sextant.perf.faults.Fault.Mechanism;
import io.sextant.perf.faults.Fault.Phase;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.LogWatch;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.Netconfd;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A yuma123 netconfd device behind its own OpenSSH ({@code :candidate}, {@code :confirmed-commit:1.1}:
 * a commit is lock, edit-config, confirmed commit with a persist id, confirming commit, unlock),
 * OpenConfig interfaces. The SSH session is encrypted, so faults are timed by netconfd's own
 * debug log, which names every RPC as it starts ({@code agt_rpc: <commit> for 3=...}) and every
 * datastore commit as it completes; the log also tells afterwards what the device had received
 * when the fault hit. It rejects an interface whose {@code config/name} differs from its key (a
 * leafref the controller does not check).
 */
final class NetconfdDevice extends NetconfFaultDevice {
    private static final String OC_IF = "http://openconfig.net/yang/interfaces";
    private static final Pattern RPC = Pattern.compile("agt_rpc: <([\\w-]+)> for \\d+=");
    private static final String EMPTY_STARTUP = "<config/>\n";

    private final Path root;
    private volatile Netconfd current;
    private volatile LogWatch watch;
    private volatile CompletableFuture<Void> restarting = CompletableFuture.completedFuture(null);
    private int generation;
    /** The last complete startup file a restart booted from (netconfd's own start: empty). */
    private volatile String lastStartup = EMPTY_STARTUP;

    private NetconfdDevice(final String nodeId, final Path root, final Netconfd first, final FaultProxy proxy,
            final Duration stallFor) throws IOException {
        super(nodeId, proxy, stallFor);
        this.root = root;
        this.current = first;
        this.watch = LogWatch.start(first.log());
    }

    static NetconfdDevice start(final String nodeId, final Path root, final Duration stallFor) throws IOException {
        final Netconfd first = builder(root.resolve("gen-0"), EMPTY_STARTUP).start();
        try {
            return new NetconfdDevice(nodeId, root, first, FaultProxy.start(first.host(), first.port()), stallFor);
        } catch (IOException | RuntimeException e) {
            first.close();
            throw e;
        }
    }

    private static Netconfd.Builder builder(final Path dir, final String startup) {
        return Netconfd.builder().models(ModelSets.OPENCONFIG_INTERFACES).logLevel("debug").workDir(dir)
            .startupConfig(startup);
    }

    @Override
    public String description() {
        return "yuma123 netconfd, NETCONF over SSH (OpenSSH), :candidate + :confirmed-commit:1.1";
    }

    @Override
    public String mountBody(final Duration requestTimeout) {
        final Netconfd device = current;
        return "{\"node\":[{\"node-id\":\"" + nodeId() + "\",\"netconf-node-topology:host\":\"" + proxy().host()
            + "\",\"netconf-node-topology:port\":" + proxy().port() + ",\"netconf-node-topology:tcp-only\":false,"
            + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"" + device.username()
            + "\",\"password\":\"" + device.password() + "\"},\"netconf-node-topology:keepalive-delay\":120,"
            + "\"netconf-node-topology:default-request-timeout-millis\":" + requestTimeout.toMillis()
            + ",\"netconf-node-topology:between-attempts-timeout-millis\":1000}]}";
    }

    @Override
    public List<Request> writes(final DeviceEdit edit) {
        final String base = "/openconfig-interfaces:interfaces/interface=";
        final List<Request> requests = new ArrayList<>();
        requests.add(new Request("PUT", base + FAULT_INTERFACE + "/config/description",
            "{\"openconfig-interfaces:description\":\"" + edit.description() + "\"}"));
        edit.extra().ifPresent(present -> requests.add(present
            ? new Request("PUT", base + EXTRA_INTERFACE, ocInterface(EXTRA_INTERFACE, EXTRA_INTERFACE, "extra"))
            : new Request("DELETE", base + EXTRA_INTERFACE, null)));
        if (edit.rejected()) {
            // the key leafref name -> config/name is not checked by the controller; netconfd refuses it
            requests.add(new Request("PUT", base + "fxbad", ocInterface("fxbad", "not-the-key", "refused")));
        }
        return requests;
    }

    private static String ocInterface(final String name, final String configName, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + configName
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"" + description + "\"}}]}";
    }

    @Override
    String descriptionPath() {
        return interfacePath(FAULT_INTERFACE) + "/config[" + FAULT_INTERFACE + "]/description";
    }

    /**
     * A session of the harness's own, base:1.0 framing, whose first request goes out only once
     * netconfd has taken the hello in. netconfd (yuma123) leaves a request that reaches it together
     * with the client's hello unread until more bytes come on that session: its log showed the
     * verifying {@code <get-config>} handled only when the {@code <close-session>} sent after a 20 s
     * timeout arrived (twice in a 300-commit run, each the session's first request).
     */
    @Override
    NetconfVerifier verifier() throws IOException {
        restarting.join();
        final Netconfd device = current;
        final NetconfVerifier session = NetconfVerifier.ssh(device.host(), device.port(), device.username(),
            device.password(), false);
        try {
            awaitActive(device.log(), session.sessionId());
            return session;
        } catch (IOException | RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Waits until netconfd logs that it took session {@code id}'s hello in. */
    private static void awaitActive(final Path log, final String id) throws IOException {
        final String active = "Session " + id + " for ";
        final long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream().noneMatch(line -> line.startsWith(active)
                && line.contains("now active"))) {
            if (System.nanoTime() > deadline) {
                throw new IOException("netconfd did not take the hello of session " + id + " in within 20 s");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted waiting for netconfd's session " + id, e);
            }
        }
    }

    @Override
    public void prepare() throws IOException {
        try (NetconfVerifier device = verifier()) {
            device.editAndCommit("<interfaces xmlns=\"" + OC_IF + "\"><interface><name>" + FAULT_INTERFACE
                + "</name><config><name>" + FAULT_INTERFACE + "</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:"
                + "yang:iana-if-type\">ianaift:ethernetCsmacd</type><description>start</description></config>"
                + "</interface></interfaces>");
        }
    }

    @Override
    public List<Mechanism> mechanisms(final Kind kind) {
        return switch (kind) {
            case REJECT -> List.of(Mechanism.BAD_VALUE);
            case DROP -> List.of(Mechanism.PROXY_CUT, Mechanism.SESSION_KILL, Mechanism.DEVICE_RESTART);
            case STALL -> List.of(Mechanism.PROCESS_STOP, Mechanism.PROXY_STALL);
        };
    }

    /** A line of netconfd's log, and which occurrence of it. */
    private record Watch(Predicate<String> line, int occurrence) {
    }

    private static final Predicate<String> CANDIDATE_CHANGED = line -> line.startsWith("Complete commit OK")
        && line.contains("on candidate");
    private static final Predicate<String> RUNNING_CHANGED = line -> line.startsWith("Complete commit OK")
        && line.contains("on running");

    private static Predicate<String> rpc(final String name) {
        return line -> line.contains("agt_rpc: <" + name + ">");
    }

    /** Where this device's own part of a commit reaches {@code phase}. */
    private static Watch own(final Phase phase) {
        return switch (phase) {
            case BEFORE_STAGING -> new Watch(rpc("lock"), 1);
            case DURING_STAGING -> new Watch(rpc("edit-config"), 1);
            case AFTER_STAGING -> new Watch(CANDIDATE_CHANGED, 1);
            case DURING_COMMIT -> new Watch(rpc("commit"), 1);
            case BEFORE_CONFIRM -> new Watch(RUNNING_CHANGED, 1);
        };
    }

    /**
     * Where this device shows the whole commit reaching {@code phase}: staging is over for every
     * device (CLI ones included) when the confirmed commit comes, the commit phase goes on after it
     * was applied, and the confirm comes as the second commit.
     */
    private static Watch global(final Phase phase) {
        return switch (phase) {
            case BEFORE_STAGING -> new Watch(rpc("lock"), 1);
            case DURING_STAGING -> new Watch(rpc("edit-config"), 1);
            case AFTER_STAGING -> new Watch(rpc("commit"), 1);
            case DURING_COMMIT -> new Watch(RUNNING_CHANGED, 1);
            case BEFORE_CONFIRM -> new Watch(rpc("commit"), 2);
        };
    }

    @Override
    public Optional<Armed> arm(final Fault fault) {
        if (fault.kind() == Kind.REJECT) {
            return Optional.empty();
        }
        return Optional.of(watch(own(fault.phase()), () -> act(fault.mechanism())));
    }

    @Override
    public Optional<Armed> mark(final Phase phase, final Runnable action) {
        return Optional.of(watch(global(phase), action));
    }

    @Override
    public Supplier<String> observe() {
        final LogWatch log = watch;
        final long from = log.length();
        return () -> received(log, from, log.length());
    }

    private Armed watch(final Watch where, final Runnable action) {
        final LogWatch log = watch;
        final long from = log.length();
        final LogWatch.Armed armed = log.arm(where.line(), where.occurrence(), action);
        return new Armed(armed.fired(), () -> received(log, from, armed.offset()), log::disarm);
    }

    /** The RPCs netconfd logged between two offsets (what it had received when the fault hit). */
    private static String received(final LogWatch log, final long from, final long to) {
        if (to < 0) {
            return "";
        }
        try {
            final List<String> operations = new ArrayList<>();
            for (String line : log.text(from, to).split("\n")) {
                final Matcher matcher = RPC.matcher(line);
                if (matcher.find() && !matcher.group(1).equals("get-config")) {
                    operations.add(matcher.group(1));
                } else if (line.startsWith("Complete commit OK") && line.contains("on running")) {
                    operations.add("(running changed)");
                }
            }
            return String.join(" ", operations);
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void act(final Mechanism mechanism) {
        switch (mechanism) {
            case SESSION_KILL -> current.dropSessions();
            case DEVICE_RESTART -> restart();
            default -> super.act(mechanism);
        }
    }

    /** Kill netconfd and its sshd, and start them again (in the background) from the saved startup file. */
    private synchronized void restart() {
        final Netconfd old = current;
        old.kill();
        final Path next = root.resolve("gen-" + (++generation));
        restarting = CompletableFuture.runAsync(() -> {
            try {
                final String saved = StartupFiles.lastComplete(old.workDir(), lastStartup);
                lastStartup = saved;
                // the device keeps its SSH host key (the controller checks it: trust on first use); started
                // before the old one's directory, which holds that key, is deleted
                final Netconfd started = builder(next, saved).sameHostKeyAs(old).start();
                old.close();
                watch.close();
                watch = LogWatch.start(started.log());
                current = started;
                proxy().retarget(started.host(), started.port());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    @Override
    protected void stopProcess() {
        signal("STOP", current.serverPid());
    }

    @Override
    protected void continueProcess() {
        signal("CONT", current.serverPid());
    }

    @Override
    public void heal() throws IOException, InterruptedException {
        super.heal();
        try {
            restarting.join();
        } catch (RuntimeException e) {
            throw new IOException("netconfd of " + nodeId() + " did not restart", e);
        }
    }

    @Override
    public void close() {
        proxy().close();
        watch.close();
        restarting.exceptionally(e -> null).join();
        continueProcess();
        current.close();
    }
}
