package io.sextant.perf.faults;

import io.sextant.perf.faults.Fault.Kind;
import io.sextant.perf.faults.Fault.Mechanism;
import io.sextant.perf.faults.Fault.Phase;
import io.sextant.testing.FaultProxy;
import io.sextant.testing.FaultProxy.Effect;
import io.sextant.testing.FaultProxy.Moment;
import io.sextant.testing.FaultProxy.Trigger;
import io.sextant.testing.frr.FrrRouter;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A real FRR router, mounted as a CLI device (unit {@code frr}) over Telnet (zebra's own vty:
 * the proxy reads the lines, so faults hit exactly before {@code configure terminal}, after a
 * line was executed but before its prompt came back, or after {@code end}) or over SSH (vtysh
 * behind OpenSSH: encrypted, so the proxy counts the controller's packets, one per line). CLI
 * devices apply each line at once; the phases after their own staging are those of the other
 * devices of the commit, seen on them. Read with vtysh in the router's namespace. It rejects an
 * interface name longer than the kernel allows.
 */
final class FrrDevice extends FaultDevice {
    static final String INTERFACE = "eth0";
    private static final String PROMPT_END = "#";

    private final FrrRouter router;
    private final boolean telnet;

    private FrrDevice(final String nodeId, final FrrRouter router, final boolean telnet, final FaultProxy proxy,
            final Duration stallFor) {
        super(nodeId, proxy, stallFor);
        this.router = router;
        this.telnet = telnet;
    }

    static FrrDevice start(final String nodeId, final boolean telnet, final Duration stallFor) throws IOException {
        final FrrRouter router = FrrRouter.builder().namePrefix(telnet ? "fxt" : "fxs").interfaces(1).telnet(telnet)
            .start();
        try {
            final FaultProxy proxy = telnet ? FaultProxy.start(router.telnetHost(), router.telnetPort())
                : FaultProxy.start(router.sshHost(), router.sshPort());
            return new FrrDevice(nodeId, router, telnet, proxy, stallFor);
        } catch (IOException | RuntimeException e) {
            router.close();
            throw e;
        }
    }

    @Override
    public String description() {
        return telnet ? "FRR 8.4 zebra vty over Telnet (CLI, unit frr)" : "FRR 8.4 vtysh over SSH (CLI, unit frr)";
    }

    @Override
    public boolean netconf() {
        return false;
    }

    @Override
    public boolean hasExtra() {
        return false;
    }

    @Override
    public String mountBody(final Duration requestTimeout) {
        return "{\"node\":[{\"node-id\":\"" + nodeId() + "\",\"cli-topology:host\":\"" + proxy().host()
            + "\",\"cli-topology:port\":" + proxy().port() + ",\"cli-topology:transport\":\""
            + (telnet ? "telnet" : "ssh") + "\",\"cli-topology:device-type\":\"frr\","
            + "\"cli-topology:device-version\":\"8.4\",\"cli-topology:username\":\"" + (telnet ? "" : router.username())
            + "\",\"cli-topology:password\":\"" + router.password() + "\",\"cli-topology:command-timeout-millis\":"
            + requestTimeout.toMillis() + ",\"cli-topology:between-attempts-timeout-millis\":1000}]}";
    }

    @Override
    public List<Request> writes(final DeviceEdit edit) {
        final String base = "/openconfig-interfaces:interfaces/interface=";
        final List<Request> requests = new ArrayList<>();
        requests.add(new Request("PUT", base + INTERFACE + "/config/description",
            "{\"openconfig-interfaces:description\":\"" + edit.description() + "\"}"));
        if (edit.rejected()) {
            // longer than IFNAMSIZ: FRR answers "% Interface name ... is invalid"
            final String bad = "fxinterfacenametoolong";
            requests.add(new Request("PUT", base + bad, "{\"openconfig-interfaces:interface\":[{\"name\":\"" + bad
                + "\",\"config\":{\"name\":\"" + bad + "\",\"type\":\"iana-if-type:ethernetCsmacd\","
                + "\"description\":\"refused\"}}]}"));
        }
        return requests;
    }

    /** A description on the interface, so that its block is in the running configuration from the start. */
    @Override
    public void prepare() {
        router.configure("interface " + INTERFACE, "description start");
    }

    @Override
    public DeviceState read() {
        final String running = router.runningConfig();
        final List<String> lines = new ArrayList<>(running.lines().toList());
        String description = "(none)";
        boolean inInterface = false;
        for (int i = 0; i < lines.size(); i++) {
            final String line = lines.get(i);
            if (!line.startsWith(" ")) {
                inInterface = line.equals("interface " + INTERFACE);
            } else if (inInterface && line.startsWith(" description ")) {
                description = line.substring(" description ".length());
                lines.remove(i--);
            }
        }
        final Map<String, String> facts = new HashMap<>();
        facts.put(DESCRIPTION, description);
        return new DeviceState(facts, String.join("\n", lines), List.of());
    }

    @Override
    public List<Mechanism> mechanisms(final Kind kind) {
        return switch (kind) {
            case REJECT -> List.of(Mechanism.BAD_VALUE);
            case DROP -> telnet ? List.of(Mechanism.PROXY_CUT) : List.of(Mechanism.PROXY_CUT, Mechanism.SESSION_KILL);
            case STALL -> telnet ? List.of(Mechanism.PROXY_STALL)
                : List.of(Mechanism.PROXY_STALL, Mechanism.PROCESS_STOP);
        };
    }

    /** Where this device sees a phase in its own traffic: its own staging only. */
    private Optional<Trigger> at(final Phase phase, final Effect effect) {
        if (telnet) {
            return Optional.ofNullable(switch (phase) {
                case BEFORE_STAGING -> Trigger.of("configure terminal", Moment.BEFORE, PROMPT_END, effect);
                case DURING_STAGING -> Trigger.of("description ", Moment.REPLY_LOST, PROMPT_END, effect);
                case AFTER_STAGING -> Trigger.of("end\r\n", Moment.AFTER_REPLY, PROMPT_END, effect);
                default -> null;
            });
        }
        // SSH: the first packet of the commit is "configure terminal", the third the first changed line
        return Optional.ofNullable(switch (phase) {
            case BEFORE_STAGING -> Trigger.anyChunk(1, Moment.BEFORE, effect);
            case DURING_STAGING -> Trigger.anyChunk(3, Moment.BEFORE, effect);
            default -> null;
        });
    }

    @Override
    public Optional<Armed> arm(final Fault fault) {
        final Optional<Trigger> trigger = switch (fault.mechanism()) {
            case PROXY_CUT -> at(fault.phase(), Effect.CUT);
            case PROXY_STALL -> at(fault.phase(), Effect.STALL).map(t -> t.withCallback(this::stallStarted));
            case SESSION_KILL, PROCESS_STOP -> at(fault.phase(), Effect.NONE)
                .map(t -> t.withCallback(() -> act(fault.mechanism())));
            default -> Optional.empty();
        };
        return trigger.map(t -> armed(proxy().arm(t)));
    }

    @Override
    public Optional<Armed> mark(final Phase phase, final Runnable action) {
        return telnet ? at(phase, Effect.NONE).map(t -> armed(proxy().arm(t.withCallback(action)))) : Optional.empty();
    }

    @Override
    public void act(final Mechanism mechanism) {
        if (mechanism == Mechanism.SESSION_KILL) {
            router.dropSshSessions();
        } else {
            super.act(mechanism);
        }
    }

    /** Stops every process of the router's login user: its sshd session and vtysh. */
    @Override
    protected void stopProcess() {
        loginProcesses().forEach(p -> signal("STOP", p.pid()));
    }

    @Override
    protected void continueProcess() {
        loginProcesses().forEach(p -> signal("CONT", p.pid()));
    }

    private List<ProcessHandle> loginProcesses() {
        return ProcessHandle.allProcesses().filter(p -> p.info().user().map(router.username()::equals).orElse(false))
            .toList();
    }

    @Override
    public void close() {
        proxy().close();
        if (!telnet) {
            continueProcess();
        }
        router.close();
    }
}
