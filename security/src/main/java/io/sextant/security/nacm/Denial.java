package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * The first node of a write the user may not change: the whole write is refused with
 * {@code access-denied}.
 *
 * @param path the denied node, in the schema of the edit's target (the innermost segment)
 * @param operation the access that was needed there
 * @param decision the rule or default that denied it
 */
public record Denial(YangInstanceIdentifier path, NacmOperation operation, Decision decision) {
    public Denial {
        requireNonNull(path);
        requireNonNull(operation);
        requireNonNull(decision);
    }
}
