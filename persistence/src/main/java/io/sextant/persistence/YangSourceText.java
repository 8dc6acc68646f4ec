package io.sextant.persistence;

/**
 * A YANG module's source as fetched from a device.
 *
 * @param revision the revision date, or "" for a module without one
 */
public record YangSourceText(String module, String revision, String source) {
    public YangSourceText {
        if (revision == null) {
            throw new IllegalArgumentException("use \"\" for a module without a revision");
        }
    }
}
