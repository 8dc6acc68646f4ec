package io.sextant.persistence;

/**
 * The versions of a stored node's configurations: each counts the changes recorded for that
 * configuration since the node was created (0 then). A change names the version it was based
 * on, and is refused when another was recorded meanwhile.
 */
public record NodeVersion(long intended, long actual) {
    /** A node just created. */
    public static final NodeVersion CREATED = new NodeVersion(0, 0);

    public long of(final ConfigKind kind) {
        return kind == ConfigKind.INTENDED ? intended : actual;
    }

    /** This version with {@code kind}'s version {@code version}. */
    public NodeVersion with(final ConfigKind kind, final long version) {
        return kind == ConfigKind.INTENDED ? new NodeVersion(version, actual) : new NodeVersion(intended, version);
    }
}
