package io.sextant.restconf.api;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The outcome of a YANG-Patch (RFC 8072 section 2.3): all of its edits applied, or none of them
 * and the errors why. A refused patch is a result, not a failure, because its answer is the
 * patch's status (with its {@code patch-id}), not a plain errors body.
 *
 * @param patchId the patch's {@code patch-id}
 * @param errors why the patch was refused; null when it applied
 */
public record DataYangPatchResult(String patchId, @Nullable ServerErrors errors) {

    public static DataYangPatchResult ok(final String patchId) {
        return new DataYangPatchResult(patchId, null);
    }

    public static DataYangPatchResult refused(final String patchId, final ServerErrors errors) {
        return new DataYangPatchResult(patchId, errors);
    }

    public boolean isOk() {
        return errors == null;
    }
}
