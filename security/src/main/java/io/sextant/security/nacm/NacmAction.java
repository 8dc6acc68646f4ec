package io.sextant.security.nacm;

/** The outcome of a rule or a default: {@code action-type} of RFC 8341. */
public enum NacmAction {
    PERMIT,
    DENY;

    /** The enum value in {@code ietf-netconf-acm}. */
    public String yangName() {
        return this == PERMIT ? "permit" : "deny";
    }

    public static NacmAction ofYangName(final String name) {
        return switch (name) {
            case "permit" -> PERMIT;
            case "deny" -> DENY;
            default -> throw new IllegalArgumentException("\"" + name + "\" is not an NACM action (permit or deny)");
        };
    }
}
