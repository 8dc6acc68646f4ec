package io.sextant.perf.faults;

import io.sextant.testing.FaultProxy;
import io.sextant.testing.NetconfVerifier;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A NETCONF device of the fault fleet: read through a {@link NetconfVerifier} session of the
 * harness's own, straight to the device. Besides running it reads the candidate (it must equal
 * running: nobody left changes uncommitted) and tries a {@code <lock>} of the candidate (nobody
 * may still hold it), releasing it at once.
 */
abstract class NetconfFaultDevice extends FaultDevice {
    static final String FAULT_INTERFACE = "fx0";
    static final String EXTRA_INTERFACE = "fx1";

    NetconfFaultDevice(final String nodeId, final FaultProxy proxy, final Duration stallFor) {
        super(nodeId, proxy, stallFor);
    }

    @Override
    public final boolean netconf() {
        return true;
    }

    @Override
    public final boolean hasExtra() {
        return true;
    }

    /** A new independent session to the device itself (not through the proxy). */
    abstract NetconfVerifier verifier() throws IOException;

    /** The flattened path of the fault interface's description. */
    abstract String descriptionPath();

    /** The flattened path of an interface entry. */
    static String interfacePath(final String name) {
        return "/interfaces/interface[" + name + "]";
    }

    @Override
    public DeviceState read() throws IOException {
        try (NetconfVerifier device = verifier().withTimeout(Duration.ofSeconds(20))) {
            final FlatConfig running = FlatConfig.ofReply(device.getConfig("running"));
            final FlatConfig candidate = FlatConfig.ofReply(device.getConfig("candidate"));
            final List<String> problems = new ArrayList<>();
            if (!candidate.equals(running)) {
                problems.add("uncommitted changes in the candidate: " + DeviceState.firstDifference(running.text(),
                    candidate.text()));
            }
            try {
                device.lock("candidate");
                device.unlock("candidate");
            } catch (NetconfVerifier.RpcErrorException e) {
                problems.add("candidate locked: " + String.join(",", e.errorTags()) + " " + e.getMessage()
                    .replaceAll("\\s+", " "));
            }
            final Map<String, String> facts = new HashMap<>();
            facts.put(DESCRIPTION, running.value(descriptionPath()).orElse("(none)"));
            facts.put(EXTRA, running.has(interfacePath(EXTRA_INTERFACE)) ? "present" : "absent");
            return new DeviceState(facts, running.without(descriptionPath(), interfacePath(EXTRA_INTERFACE)),
                problems);
        }
    }
}
