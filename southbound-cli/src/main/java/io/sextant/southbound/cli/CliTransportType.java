package io.sextant.southbound.cli;

/** How a CLI device is reached. */
public enum CliTransportType {
    SSH("ssh"),
    TELNET("telnet");

    private final String yangName;

    CliTransportType(final String yangName) {
        this.yangName = yangName;
    }

    /** The enum value in cli-topology's {@code transport} leaf. */
    public String yangName() {
        return yangName;
    }

    public static CliTransportType ofYangName(final String name) {
        for (CliTransportType type : values()) {
            if (type.yangName.equals(name)) {
                return type;
            }
        }
        throw new IllegalArgumentException("Unknown CLI transport " + name);
    }
}
