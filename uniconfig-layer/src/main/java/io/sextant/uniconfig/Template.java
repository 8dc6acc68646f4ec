package io.sextant.uniconfig;

import java.util.Comparator;
import java.util.List;

/**
 * A stored template: configuration as RFC 7951 JSON text whose string values may hold
 * variables, and per-subtree operations (module sextant-templates).
 *
 * @param name the template's name
 * @param configuration the JSON text
 * @param operations the per-subtree operations, shallowest path first
 */
record Template(String name, String configuration, List<Operation> operations) {

    /** What an operation does with its subtree. */
    enum Kind {
        MERGE, REPLACE, CREATE, DELETE, REMOVE
    }

    /**
     * One per-subtree operation.
     *
     * @param path the api-path below the configuration root, variables not yet replaced
     * @param kind what to do there
     */
    record Operation(String path, Kind kind) {
        int depth() {
            return path.split("/", -1).length;
        }
    }

    Template {
        operations = operations.stream().sorted(Comparator.comparingInt(Operation::depth)
            .thenComparing(Operation::path)).toList();
    }
}
