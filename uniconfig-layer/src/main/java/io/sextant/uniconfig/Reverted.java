package io.sextant.uniconfig;

import java.util.List;
import java.util.Map;

/**
 * The outcome of revert-changes.
 *
 * @param result overall and per node
 * @param skipped per node, the places (RFC 8040 api-paths relative to the node's configuration)
 *     that were left as they are because later changes touched them (ignore-non-matching)
 */
public record Reverted(OperationResult result, Map<String, List<String>> skipped) {
    public Reverted {
        skipped = Map.copyOf(skipped);
    }

    static Reverted of(final OperationResult result) {
        return new Reverted(result, Map.of());
    }
}
