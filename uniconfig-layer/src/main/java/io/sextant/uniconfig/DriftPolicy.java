package io.sextant.uniconfig;

import java.util.Set;

/**
 * One stored drift policy ({@code sextant-drift:drift-policies/policy}): what a drift check does with a change the
 * device made at or below {@code path}.
 *
 * @param nodes the nodes it applies to; empty: every node
 */
public record DriftPolicy(String name, String path, Action action, Set<String> nodes) {
    /** What a drift check does with a change. */
    public enum Action { IGNORE, REPORT, RESTORE }

    public DriftPolicy {
        nodes = Set.copyOf(nodes);
    }
}
