package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A {@code rule-list}: rules that apply to the users of its groups ({@code "*"}: every user),
 * tried in order.
 */
public record NacmRuleList(String name, List<String> groups, List<NacmRule> rules) {
    public NacmRuleList {
        requireNonNull(name);
        groups = List.copyOf(groups);
        rules = List.copyOf(rules);
    }
}
