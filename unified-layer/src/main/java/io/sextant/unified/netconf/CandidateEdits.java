package io.sextant.unified.netconf;

import io.sextant.spi.Edit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * Turns a change (a {@link DataTreeCandidate} rooted at the configuration root) into the
 * edit-config edits that make it on a device, and into the edits that undo it.
 *
 * <ul>
 *   <li>a new container or list entry is merged (the device may already hold parts of it);</li>
 *   <li>a changed container or list entry written as a whole is replaced;</li>
 *   <li>a leaf is merged; a removed node is deleted;</li>
 *   <li>lists, leaf-lists and choices have no element of their own, so a change to one as a
 *       whole becomes one edit per entry or child.</li>
 * </ul>
 */
final class CandidateEdits {
    /** The edits for the change, and the edits that restore the previous state. */
    record Plan(List<Edit> forward, List<Edit> reverse) {
        boolean isEmpty() {
            return forward.isEmpty();
        }
    }

    private final List<Edit> forward = new ArrayList<>();
    private final List<Edit> reverse = new ArrayList<>();

    private CandidateEdits() {
    }

    static Plan of(final DataTreeCandidate candidate) {
        final CandidateEdits edits = new CandidateEdits();
        edits.walk(candidate.getRootPath(), candidate.getRootNode());
        // Undo in the opposite order.
        final List<Edit> reverse = new ArrayList<>(edits.reverse);
        Collections.reverse(reverse);
        return new Plan(List.copyOf(edits.forward), List.copyOf(reverse));
    }

    private void walk(final YangInstanceIdentifier path, final DataTreeCandidateNode node) {
        switch (node.modificationType()) {
            case UNMODIFIED -> {
                // nothing changed here
            }
            case SUBTREE_MODIFIED, APPEARED, DISAPPEARED -> {
                for (DataTreeCandidateNode child : node.childNodes()) {
                    walk(path.node(child.name()), child);
                }
            }
            case WRITE, DELETE -> change(path, node.dataBefore(), node.dataAfter());
            default -> throw new IllegalStateException("Unhandled modification " + node.modificationType());
        }
    }

    /** One node changed from {@code before} to {@code after} (either may be null). */
    private void change(final YangInstanceIdentifier path, final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after) {
        if (path.isEmpty() || isMixin(before) || isMixin(after)) {
            expand(path, before, after);
            return;
        }
        if (after == null) {
            if (before != null) {
                forward.add(Edit.delete(path));
                reverse.add(Edit.merge(path, before));
            }
        } else if (before == null) {
            forward.add(Edit.merge(path, after));
            reverse.add(Edit.remove(path));
        } else if (after instanceof LeafNode<?>) {
            forward.add(Edit.merge(path, after));
            reverse.add(Edit.merge(path, before));
        } else {
            forward.add(Edit.replace(path, after));
            reverse.add(Edit.replace(path, before));
        }
    }

    private static boolean isMixin(final @Nullable NormalizedNode node) {
        return node instanceof MapNode || node instanceof LeafSetNode<?> || node instanceof ChoiceNode;
    }

    /** A change to a node without an element of its own (or the root): one change per child. */
    private void expand(final YangInstanceIdentifier path, final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after) {
        final Map<PathArgument, NormalizedNode> beforeChildren = children(before);
        final Map<PathArgument, NormalizedNode> afterChildren = children(after);
        for (var entry : afterChildren.entrySet()) {
            final NormalizedNode old = beforeChildren.get(entry.getKey());
            if (!entry.getValue().equals(old)) {
                change(path.node(entry.getKey()), old, entry.getValue());
            }
        }
        for (var entry : beforeChildren.entrySet()) {
            if (!afterChildren.containsKey(entry.getKey())) {
                change(path.node(entry.getKey()), entry.getValue(), null);
            }
        }
    }

    private static Map<PathArgument, NormalizedNode> children(final @Nullable NormalizedNode node) {
        final Map<PathArgument, NormalizedNode> result = new LinkedHashMap<>();
        if (node instanceof MapNode map) {
            map.body().forEach(child -> result.put(child.name(), child));
        } else if (node instanceof DistinctNodeContainer<?, ?> container) {
            for (NormalizedNode child : container.body()) {
                result.put(child.name(), child);
            }
        } else if (node instanceof LeafSetNode<?> leafSet) {
            for (NormalizedNode child : leafSet.body()) {
                result.put(child.name(), child);
            }
        }
        return result;
    }
}
