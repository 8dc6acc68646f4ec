package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The configuration of the {@code ietf-netconf-acm:nacm} container, as plain values
 * ({@link NacmCodec} converts it from and to yangtools data).
 *
 * @param enabled {@code enable-nacm}: when false every request is permitted
 * @param readDefault {@code read-default}
 * @param writeDefault {@code write-default}
 * @param execDefault {@code exec-default}
 * @param externalGroups {@code enable-external-groups}: whether groups the authentication
 *     brings (for example from a token's claim) count
 * @param groups group name to the user names in it, in document order
 * @param ruleLists the rule lists in document order
 */
public record NacmConfig(boolean enabled, NacmAction readDefault, NacmAction writeDefault, NacmAction execDefault,
        boolean externalGroups, Map<String, Set<String>> groups, List<NacmRuleList> ruleLists) {

    /** RFC 8341's defaults with no groups and no rules: reads and RPCs permitted, writes denied. */
    public static final NacmConfig RFC_DEFAULTS = new NacmConfig(true, NacmAction.PERMIT, NacmAction.DENY,
        NacmAction.PERMIT, true, Map.of(), List.of());

    public NacmConfig {
        requireNonNull(readDefault);
        requireNonNull(writeDefault);
        requireNonNull(execDefault);
        final Map<String, Set<String>> copy = new LinkedHashMap<>();
        groups.forEach((name, users) -> copy.put(name, Set.copyOf(users)));
        groups = Collections.unmodifiableMap(copy);
        ruleLists = List.copyOf(ruleLists);
    }

    /** The default for an operation when no rule matches (before the schema's extensions). */
    public NacmAction defaultFor(final NacmOperation operation) {
        return switch (operation) {
            case READ -> readDefault;
            case EXEC -> execDefault;
            case CREATE, UPDATE, DELETE -> writeDefault;
        };
    }
}
