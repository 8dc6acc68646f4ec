package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.TreeSet;

/**
 * A {@code rule-list}: rules that apply to the users of its groups ({@code "*"}: every user),
 * tried in order.
 */
public record NacmRuleList(String name, List<String> groups, List<NacmRule> rules) {
    public NacmRuleList {
        requireNonNull(name);
        // a set in YANG (rule-list/group is not ordered-by user): kept sorted, so equal lists are equal
        groups = List.copyOf(new TreeSet<>(groups));
        rules = List.copyOf(rules);
    }
}
