package io.sextant.security.nacm;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The access operations of RFC 8341 ({@code access-operations-type} bits). */
public enum NacmOperation {
    CREATE,
    READ,
    UPDATE,
    DELETE,
    EXEC;

    /** Every operation: the value {@code "*"} of {@code access-operations}. */
    public static final Set<NacmOperation> ALL = Set.copyOf(EnumSet.allOf(NacmOperation.class));

    /** The bit name in {@code ietf-netconf-acm}. */
    public String bitName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The operation of a bit name, such as {@code read}. */
    public static NacmOperation ofBitName(final String bit) {
        for (NacmOperation op : values()) {
            if (op.bitName().equals(bit)) {
                return op;
            }
        }
        throw new IllegalArgumentException("\"" + bit + "\" is not an NACM access operation (create, read, update, "
            + "delete, exec or *)");
    }

    boolean isWrite() {
        return this == CREATE || this == UPDATE || this == DELETE;
    }
}
