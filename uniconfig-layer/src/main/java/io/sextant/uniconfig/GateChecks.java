package io.sextant.uniconfig;

import io.sextant.uniconfig.NodeResult.ErrorKind;
import io.sextant.unified.UnifiedDevice;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The checks of a gated commit, matched to the devices they read before any device is changed. */
final class GateChecks {
    private GateChecks() {
        // static only
    }

    /**
     * The checks of {@code gate}, ready to read their devices; a check that cannot run (its node
     * is not a target, is not connected, or the check does not fit the node) adds a failure.
     */
    static List<GateRun.Resolved> resolve(final GateOptions gate, final List<CommitTarget> targets,
            final NodeRegistry registry, final List<NodeResult> failures) {
        final Map<String, CommitTarget> byId = new HashMap<>();
        targets.forEach(t -> byId.put(t.nodeId(), t));
        final List<GateRun.Resolved> resolved = new ArrayList<>();
        for (GateCheck check : gate.checks()) {
            final CommitTarget target = byId.get(check.nodeId());
            final String nodeId = check.nodeId();
            if (target == null) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "' names node " + nodeId + ", which is not a target of this commit"));
                continue;
            }
            final Optional<UnifiedDevice> device = registry.device(nodeId);
            if (device.isEmpty()) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.NO_CONNECTION, CommitResults.notConnected(registry,
                    nodeId) + ": check '" + check.name() + "' cannot read it"));
                continue;
            }
            final UnifiedDevice found = device.orElseThrow();
            final boolean cli = found.protocol() == UnifiedDevice.Protocol.CLI;
            final String command = check.command();
            if (cli != (command != null)) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': node " + nodeId + " is a " + found.protocol().name() + " node, so its checks give "
                    + (cli ? "a command" : "a path")));
                continue;
            }
            if (command != null && !command.strip().startsWith("show ")) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': a check only reads, so its command must begin with 'show' (got '" + command + "')"));
                continue;
            }
            try {
                resolved.add(GateRun.resolve(check, found, target.node().schema()));
            } catch (TemplateFailure e) {
                failures.add(NodeResult.failed(nodeId, ErrorKind.PROCESSING_ERROR, "Check '" + check.name()
                    + "': " + e.getMessage()));
            }
        }
        return resolved;
    }
}
