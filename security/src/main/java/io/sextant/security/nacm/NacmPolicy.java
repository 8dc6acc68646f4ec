package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The NACM rules in force, compiled. Build a new policy whenever the {@code nacm} configuration
 * changes ({@link #compile}) and swap it in atomically; a policy never changes. Rule sets are
 * compiled per distinct set of groups on first use and shared by all users with those groups.
 */
public final class NacmPolicy {
    /** Distinct group sets kept compiled; beyond this the cache starts over (they are cheap to build). */
    private static final int MAX_GROUP_SETS = 4096;

    private final NacmConfig config;
    private final Map<Set<String>, RuleSet> compiled = new ConcurrentHashMap<>();

    private NacmPolicy(final NacmConfig config) {
        this.config = requireNonNull(config);
    }

    /** The policy of a configuration (parse one with {@link NacmCodec#fromNormalizedNode}). */
    public static NacmPolicy compile(final NacmConfig config) {
        return new NacmPolicy(config);
    }

    public NacmConfig config() {
        return config;
    }

    /**
     * What a user may do.
     *
     * @param user the authenticated user name
     * @param externalGroups groups the authentication brought (a token's claim); they count only
     *     when {@code enable-external-groups} is true
     */
    public NacmAccess access(final String user, final Set<String> externalGroups) {
        final Set<String> groups = new TreeSet<>();
        config.groups().forEach((group, users) -> {
            if (users.contains(user)) {
                groups.add(group);
            }
        });
        if (config.externalGroups()) {
            groups.addAll(externalGroups);
        }
        if (!config.enabled()) {
            return NacmAccess.unrestricted(user);
        }
        final Set<String> key = Set.copyOf(groups);
        RuleSet rules = compiled.get(key);
        if (rules == null) {
            if (compiled.size() >= MAX_GROUP_SETS) {
                compiled.clear();
            }
            rules = compiled.computeIfAbsent(key, k -> new RuleSet(config, k));
        }
        return new NacmAccess(user, groups, rules);
    }
}
