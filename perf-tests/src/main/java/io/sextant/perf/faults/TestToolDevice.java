package io.sextant.perf.faults;

import io.sextant.model.YangSource;
import io.sextant.perf.faults.Fault.Kind;
import io.sextant.perf.faults.Fault.Mechanism;
import io.sextant.perf.faults.Fault.Phase;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.FaultProxy.Effect;
import io.sextant.testing.FaultProxy.Moment;
import io.sextant.testing.FaultProxy.Trigger;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.NetconfVerifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A netconf-testtool device (one per process, so that stopping the process stops this device
 * only), NETCONF over plain TCP so that the proxy reads the controller's requests: {@code :candidate}
 * without confirmed commit, so a commit is lock, edit-config, commit, unlock. Its data is
 * ietf-interfaces; its copy of ietf-interfaces limits {@code description} to 40 characters, which
 * the controller's copy of the same revision does not: a longer description is the edit it rejects.
 */
final class TestToolDevice extends NetconfFaultDevice {
    static final int MAX_DESCRIPTION = 40;
    private static final String RPC_END = "</rpc-reply>";
    private static final String IETF_IF = "urn:ietf:params:xml:ns:yang:ietf-interfaces";

    private final NetconfTestTool tool;

    private TestToolDevice(final String nodeId, final NetconfTestTool tool, final FaultProxy proxy,
            final Duration stallFor) {
        super(nodeId, proxy, stallFor);
        this.tool = tool;
    }

    static TestToolDevice start(final String nodeId, final Path workDir, final Duration stallFor) throws IOException {
        final NetconfTestTool tool = NetconfTestTool.builder().deviceCount(1).ssh(false).maxHeapMb(256)
            .schemas(stricterSchemas(workDir.resolve("models"))).workDir(workDir).start();
        try {
            return new TestToolDevice(nodeId, tool, FaultProxy.start(tool.host(), tool.port(0)), stallFor);
        } catch (IOException | RuntimeException e) {
            tool.close();
            throw e;
        }
    }

    /** The interface models, with ietf-interfaces' description limited to {@link #MAX_DESCRIPTION} characters. */
    private static List<YangSource> stricterSchemas(final Path dir) throws IOException {
        Files.createDirectories(dir);
        final List<YangSource> sources = new ArrayList<>();
        for (YangSource source : ModelSets.closure(ModelSets.OPENCONFIG_INTERFACES)) {
            if (!source.name().equals("ietf-interfaces")) {
                sources.add(source);
                continue;
            }
            final String text;
            try (InputStream in = source.open()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            final String leaf = "leaf description {\n        type string;";
            if (!text.contains(leaf)) {
                throw new IOException("ietf-interfaces has no description leaf to restrict");
            }
            final Path file = dir.resolve(source.fileName());
            Files.writeString(file, text.replaceFirst(Pattern.quote(leaf),
                "leaf description {\n        type string { length \"0.." + MAX_DESCRIPTION + "\"; }"),
                StandardCharsets.UTF_8);
            sources.add(new YangSource(source.name(), source.revision(), file.toUri().toURL()));
        }
        return sources;
    }

    @Override
    public String description() {
        return "netconf-testtool 7.0.4, NETCONF over TCP, :candidate";
    }

    @Override
    public String mountBody(final Duration requestTimeout) {
        return "{\"node\":[{\"node-id\":\"" + nodeId() + "\",\"netconf-node-topology:host\":\"" + proxy().host()
            + "\",\"netconf-node-topology:port\":" + proxy().port() + ",\"netconf-node-topology:tcp-only\":true,"
            + "\"netconf-node-topology:login-password-unencrypted\":{\"username\":\"admin\",\"password\":\"admin\"},"
            + "\"netconf-node-topology:keepalive-delay\":120,\"netconf-node-topology:default-request-timeout-millis\":"
            + requestTimeout.toMillis() + ",\"netconf-node-topology:between-attempts-timeout-millis\":1000}]}";
    }

    @Override
    public List<Request> writes(final DeviceEdit edit) {
        final String base = "/ietf-interfaces:interfaces/interface=";
        final List<Request> requests = new ArrayList<>();
        requests.add(new Request("PUT", base + FAULT_INTERFACE + "/description",
            "{\"ietf-interfaces:description\":\"" + edit.description() + "\"}"));
        edit.extra().ifPresent(present -> requests.add(present
            ? new Request("PUT", base + EXTRA_INTERFACE, "{\"ietf-interfaces:interface\":[{\"name\":\""
                + EXTRA_INTERFACE + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"extra\"}]}")
            : new Request("DELETE", base + EXTRA_INTERFACE, null)));
        return requests;
    }

    /** A description longer than the device allows (and the controller does not mind). */
    @Override
    public DeviceEdit rejected(final DeviceEdit edit) {
        final String tooLong = (edit.description() + "-" + "x".repeat(MAX_DESCRIPTION + 10)).substring(0,
            MAX_DESCRIPTION + 10);
        return new DeviceEdit(tooLong, edit.extra(), true);
    }

    @Override
    String descriptionPath() {
        return interfacePath(FAULT_INTERFACE) + "/description";
    }

    @Override
    NetconfVerifier verifier() throws IOException {
        return NetconfVerifier.connect(tool, 0);
    }

    @Override
    public void prepare() throws IOException {
        try (NetconfVerifier device = verifier()) {
            device.editAndCommit("<interfaces xmlns=\"" + IETF_IF + "\"><interface><name>" + FAULT_INTERFACE
                + "</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ianaift:ethernetCsmacd"
                + "</type><description>start</description></interface></interfaces>");
        }
    }

    @Override
    public List<Mechanism> mechanisms(final Kind kind) {
        return switch (kind) {
            case REJECT -> List.of(Mechanism.BAD_VALUE);
            case DROP -> List.of(Mechanism.PROXY_CUT);
            case STALL -> List.of(Mechanism.PROXY_STALL, Mechanism.PROCESS_STOP);
        };
    }

    /** Where in its own requests this device sees each phase. */
    private static Trigger at(final Phase phase, final Effect effect) {
        return switch (phase) {
            case BEFORE_STAGING -> Trigger.of("<lock", Moment.BEFORE, RPC_END, effect);
            case DURING_STAGING -> Trigger.of("<edit-config", Moment.REPLY_LOST, RPC_END, effect);
            case AFTER_STAGING -> Trigger.of("<commit", Moment.BEFORE, RPC_END, effect);
            case DURING_COMMIT -> Trigger.of("<commit", Moment.REPLY_LOST, RPC_END, effect);
            case BEFORE_CONFIRM -> Trigger.of("<unlock", Moment.BEFORE, RPC_END, effect);
        };
    }

    @Override
    public Optional<Armed> arm(final Fault fault) {
        final Trigger trigger = switch (fault.mechanism()) {
            case PROXY_CUT -> at(fault.phase(), Effect.CUT);
            case PROXY_STALL -> at(fault.phase(), Effect.STALL).withCallback(this::stallStarted);
            case PROCESS_STOP -> {
                final Trigger where = at(fault.phase(), Effect.NONE);
                // a lost reply is held while the process stands still, so that it too comes late
                yield (where.moment() == Moment.REPLY_LOST ? at(fault.phase(), Effect.STALL) : where)
                    .withCallback(() -> act(Mechanism.PROCESS_STOP));
            }
            default -> null;
        };
        return trigger == null ? Optional.empty() : Optional.of(armed(proxy().arm(trigger)));
    }

    @Override
    public Optional<Armed> mark(final Phase phase, final Runnable action) {
        return Optional.of(armed(proxy().arm(at(phase, Effect.NONE).withCallback(action))));
    }

    @Override
    protected void stopProcess() {
        signal("STOP", tool.pid());
    }

    @Override
    protected void continueProcess() {
        signal("CONT", tool.pid());
    }

    @Override
    public void close() {
        proxy().close();
        continueProcess();
        tool.close();
    }
}
