package io.sextant.perf.config;

/**
 * The two device shapes of the reference benchmark: a customer-premises router with about a
 * thousand lines of configuration, and a multi-tenant provider-edge router with about six hundred
 * thousand.
 */
public enum DeviceProfile {
    /** Access ports with subinterfaces, one or two customer VRFs, a BGP session or two, one ACL. */
    CPE(1_000),
    /** Hundreds of customer VRFs, each with subinterfaces, static routes, BGP neighbors and an ACL. */
    PE_ROUTER(600_000);

    private final int defaultLines;

    DeviceProfile(final int defaultLines) {
        this.defaultLines = defaultLines;
    }

    /** Pretty-printed JSON lines of a typical configuration of this profile. */
    public int defaultLines() {
        return defaultLines;
    }

    /** The profile a benchmark uses for a configuration of {@code lines} lines. */
    public static DeviceProfile forLines(final int lines) {
        return lines >= 20_000 ? PE_ROUTER : CPE;
    }
}
