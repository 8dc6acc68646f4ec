package io.sextant.console;

import io.sextant.spi.ControllerInfo;
import io.sextant.spi.ClusterMember;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The text {@code sextant:status} prints. */
public final class StatusReport {
    private StatusReport() {
    }

    /** While the controller is not up yet (waiting for its database): what it waits for. */
    public static String starting(final String state) {
        return String.format("""
            Sextant is starting
            State:                 %s
            """, state);
    }

    public static String render(final ControllerInfo info, final String state, final Instant now) {
        final Instant started = info.startedAt();
        return String.format("""
            Sextant %s
            Uptime:                %s (since %s)
            Config datastore:      %d data nodes
            Operational datastore: %d data nodes
            Mounted nodes:         %d (%d connected, %d waiting to set up a session)
            Schema contexts:       %d in use (%d built since start)
            State:                 %s
            """, info.version(), uptime(Duration.between(started, now)), started.truncatedTo(ChronoUnit.SECONDS),
            info.configDatastoreNodes(), info.operationalDatastoreNodes(), info.mountedNodes(), info.connectedNodes(),
            info.setupsWaiting(),
            info.schemaContexts(), info.schemaContextsBuilt(), state) + instances(info);
    }

    /** One line per controller instance sharing the database: id, address, heartbeat, alive or expired, nodes. */
    static String instances(final ControllerInfo info) {
        final StringBuilder out = new StringBuilder(String.format("Instances:             %d (this one: %s)%n",
            info.instances().size(), info.instanceId()));
        for (ClusterMember instance : info.instances()) {
            out.append(String.format("  %-20s %-22s started %s, last heartbeat %s, %s, %d node(s) owned%s%n",
                instance.instanceId(), instance.address().isEmpty() ? "-" : instance.address(),
                instance.startedAt().truncatedTo(ChronoUnit.SECONDS),
                instance.heartbeatAt().truncatedTo(ChronoUnit.SECONDS), instance.live() ? "alive" : "expired",
                instance.ownedNodes(), instance.instanceId().equals(info.instanceId()) ? " (this instance)" : ""));
        }
        return out.toString();
    }

    /** {@code 1d 02:03:04}, or {@code 02:03:04} under a day; never negative. */
    static String uptime(final Duration duration) {
        final Duration up = duration.isNegative() ? Duration.ZERO : duration;
        final String clock = String.format("%02d:%02d:%02d", up.toHoursPart(), up.toMinutesPart(), up.toSecondsPart());
        return up.toDays() > 0 ? up.toDays() + "d " + clock : clock;
    }
}
