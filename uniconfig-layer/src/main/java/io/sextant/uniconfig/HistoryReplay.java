package io.sextant.uniconfig;

import io.sextant.persistence.codec.ConfigChange;
import io.sextant.persistence.codec.DiffEntry;
import io.sextant.persistence.codec.TreeEdits;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;

/** Diffs applied to configurations without a schema: forward (their after images) or backward (their before images). */
final class HistoryReplay {
    private HistoryReplay() {
    }

    /** {@code base} with every diff's after images put in order. */
    static NormalizedNode forward(final NormalizedNode base, final List<List<DiffEntry>> diffs) {
        NormalizedNode current = base;
        for (List<DiffEntry> diff : diffs) {
            for (DiffEntry entry : diff) {
                current = put(current, entry.path(), entry.afterOrNull());
            }
        }
        return current;
    }

    /** {@code root} whose subtree at {@code path} is {@code data}, or without it when null. */
    static NormalizedNode put(final NormalizedNode root, final YangInstanceIdentifier path,
            final @Nullable NormalizedNode data) {
        if (data == null) {
            return at(root, path) == null ? root : TreeEdits.apply(root, ConfigChange.delete(path));
        }
        return TreeEdits.apply(root, ConfigChange.put(path, data));
    }

    /** The subtree at {@code path}, or null. */
    static @Nullable NormalizedNode at(final NormalizedNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path).orElse(null);
    }
}
