package io.sextant.southbound.netconf;

/**
 * A module the device advertises but whose schema could not be used, so its data is not
 * available through the mount point.
 *
 * @param capability the capability URI (or module name with revision)
 * @param reason why
 * @param detail what went wrong, for a person
 */
public record UnavailableCapability(String capability, Reason reason, String detail) {

    /** The {@code failure-reason} enumeration of netconf-node-topology. */
    public enum Reason {
        /** The source was neither cached, bundled, nor obtainable from the device (get-schema). */
        MISSING_SOURCE("missing-source"),
        /** The source was found but does not parse, or it depends on a module that failed. */
        UNABLE_TO_RESOLVE("unable-to-resolve");

        private final String yangName;

        Reason(final String yangName) {
            this.yangName = yangName;
        }

        public String yangName() {
            return yangName;
        }
    }
}
