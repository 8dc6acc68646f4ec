package io.sextant.restconf.api;

import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The outcome of a YANG-Patch (RFC 8072 section 2.3): all of its edits applied, or none of them
 * and the errors why. A refused patch is a result, not a failure, because its answer is the
 * patch's status (with its {@code patch-id}), not a plain errors body.
 *
 * @param patchId the patch's {@code patch-id}
 * @param errors why the patch was refused; null when it applied
 * @param targets each edit's target as the patch gives it, relative to the request target (what the
 *     audit log names as the paths the patch changed, or would have)
 */
public record DataYangPatchResult(String patchId, @Nullable ServerErrors errors, List<String> targets) {

    public DataYangPatchResult {
        targets = List.copyOf(targets);
    }

    public static DataYangPatchResult ok(final String patchId, final List<String> targets) {
        return new DataYangPatchResult(patchId, null, targets);
    }

    public static DataYangPatchResult refused(final String patchId, final ServerErrors errors,
            final List<String> targets) {
        return new DataYangPatchResult(patchId, errors, targets);
    }

    public boolean isOk() {
        return errors == null;
    }
}
