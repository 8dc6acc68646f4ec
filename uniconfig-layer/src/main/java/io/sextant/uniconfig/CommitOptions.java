package io.sextant.uniconfig;

import java.util.List;

/**
 * The options of a commit beyond its target nodes.
 *
 * @param skipUnreachable leave out target nodes whose devices are not connected: the others commit, the
 *     skipped ones are reported with status {@code skipped} and keep their pending intent (in a
 *     transaction, their changes stay in it)
 * @param gate the verification gate (module sextant-gate); {@link #NO_GATE} for a plain commit
 */
public record CommitOptions(boolean skipUnreachable, GateOptions gate) {
    public static final GateOptions NO_GATE = new GateOptions(null, GateOptions.DEFAULT_CHECK_TIMEOUT,
        List.of());
    public static final CommitOptions PLAIN = new CommitOptions(false, NO_GATE);
}
