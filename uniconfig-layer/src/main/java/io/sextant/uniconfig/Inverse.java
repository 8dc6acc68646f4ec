package io.sextant.uniconfig;

import io.sextant.persistence.codec.DiffEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The inverse of commits' diffs applied to a node's intended configuration: each change is
 * taken back (its before image put where its after image is) only where the configuration still
 * holds what the commit left; elsewhere (a later change touched the same data) it does not match.
 *
 * @param configuration the configuration with every matching change taken back
 * @param notMatching where the configuration no longer holds what a commit left
 */
record Inverse(NormalizedNode configuration, List<YangInstanceIdentifier> notMatching) {
    Inverse {
        notMatching = List.copyOf(notMatching);
    }

    /** Take back {@code changes} (of one node, newest first) from {@code intended}. */
    static Inverse of(final NormalizedNode intended, final List<NodeHistory.Change> changes) {
        NormalizedNode working = intended;
        final List<YangInstanceIdentifier> notMatching = new ArrayList<>();
        for (NodeHistory.Change change : changes) {
            final List<DiffEntry> diff = change.diff();
            for (int i = diff.size() - 1; i >= 0; i--) {
                final DiffEntry entry = diff.get(i);
                if (!Objects.equals(HistoryReplay.at(working, entry.path()), entry.afterOrNull())) {
                    notMatching.add(entry.path());
                    continue;
                }
                try {
                    working = HistoryReplay.put(working, entry.path(), entry.beforeOrNull());
                } catch (IllegalArgumentException e) {
                    // the place it was in is gone: a later change touched it
                    notMatching.add(entry.path());
                }
            }
        }
        return new Inverse(working, notMatching);
    }
}
