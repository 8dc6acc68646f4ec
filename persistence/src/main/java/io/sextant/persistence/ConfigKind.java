package io.sextant.persistence;

/** Which of a UniConfig node's two configurations. */
public enum ConfigKind {
    /** What users edit and commit. */
    INTENDED("intended"),
    /** What the device has, as last read or committed. */
    ACTUAL("actual");

    private final String column;

    ConfigKind(final String column) {
        this.column = column;
    }

    String column() {
        return column;
    }

    /** The kind stored as {@code column}. */
    static ConfigKind of(final String column) {
        for (ConfigKind kind : values()) {
            if (kind.column.equals(column)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("No configuration kind " + column);
    }
}
