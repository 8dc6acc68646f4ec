package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

/**
 * The outcome of one access check and what decided it: a rule ({@code rule-list/rule}) or a
 * default ({@code read-default}, {@code write-default}, {@code exec-default},
 * {@code default-deny-all}, {@code default-deny-write}, {@code nacm-disabled}).
 */
public record Decision(NacmAction action, String decidedBy) {
    static final Decision UNRESTRICTED = new Decision(NacmAction.PERMIT, "unrestricted");

    public Decision {
        requireNonNull(action);
        requireNonNull(decidedBy);
    }

    public boolean permitted() {
        return action == NacmAction.PERMIT;
    }
}
