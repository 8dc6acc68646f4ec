package io.sextant.perf.faults;

import java.util.Locale;

/**
 * One fault injected into one commit: on which device, of which kind, at which phase of the
 * commit, and how it is produced.
 */
public record Fault(String nodeId, Kind kind, Phase phase, Mechanism mechanism) {

    /** What goes wrong. */
    public enum Kind {
        /** The device refuses the change (rpc-error, or a rejected CLI line). */
        REJECT("rejects the edit"),
        /** The device's session ends. */
        DROP("session drops"),
        /** The device stops answering for longer than the request timeout, then goes on. */
        STALL("stalls past the request timeout");

        private final String text;

        Kind(final String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** Where the commit as a whole is when the fault hits the device. */
    public enum Phase {
        BEFORE_STAGING("before staging"),
        DURING_STAGING("during staging"),
        AFTER_STAGING("after staging"),
        DURING_COMMIT("during commit"),
        BEFORE_CONFIRM("before the confirm");

        private final String text;

        Phase(final String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** How the fault is produced. */
    public enum Mechanism {
        BAD_VALUE("a value the device's model forbids (the controller's allows) or a line the device rejects"),
        PROXY_CUT("TCP connection cut at the fault proxy"),
        SESSION_KILL("the device's session processes killed (SIGKILL)"),
        DEVICE_RESTART("the device's server process killed (SIGKILL) and restarted"),
        PROXY_STALL("the fault proxy stops forwarding, then forwards what it held"),
        PROCESS_STOP("the device's process stopped (SIGSTOP), then continued (SIGCONT)");

        private final String text;

        Mechanism(final String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    @Override
    public String toString() {
        return nodeId + " " + kind.text() + " " + phase.text() + " (" + mechanism.name().toLowerCase(
            Locale.ROOT).replace('_', '-') + ")";
    }
}
