package io.sextant.translation.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.DistinctNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * A candidate node of a node's data before and after, whose modified children are found by
 * comparing the data (children that are the same object, or equal, are unmodified). It goes below
 * a candidate's {@code WRITE} and {@code DELETE} nodes, which need not list what changed inside
 * them, and turns a change around for its reverse.
 */
public final class DiffNode implements DataTreeCandidateNode {
    /** The name of a configuration's root container. */
    public static final NodeIdentifier ROOT = new NodeIdentifier(SchemaContext.NAME);

    private final PathArgument name;
    private final @Nullable NormalizedNode before;
    private final @Nullable NormalizedNode after;
    private final ModificationType type;

    private DiffNode(final PathArgument name, final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after, final ModificationType type) {
        this.name = name;
        this.before = before;
        this.after = after;
        this.type = type;
    }

    public static DiffNode of(final PathArgument name, final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after) {
        return new DiffNode(name, before, after, before == after || Objects.equals(before, after)
            ? ModificationType.UNMODIFIED : differing(before, after));
    }

    /** The same data as {@code node}, known to differ, with its modified children found by comparing them. */
    static DiffNode expand(final PathArgument name, final DataTreeCandidateNode node) {
        return new DiffNode(name, node.dataBefore(), node.dataAfter(), differing(node.dataBefore(), node.dataAfter()));
    }

    /** The change from one configuration root to another; null is an empty configuration. */
    public static DiffNode root(final @Nullable NormalizedNode before, final @Nullable NormalizedNode after) {
        return of(ROOT, before, after);
    }

    /** The same change the other way round: what undoes {@code node}. */
    public static DiffNode reverse(final DataTreeCandidateNode node) {
        return of(node.name(), node.dataAfter(), node.dataBefore());
    }

    /**
     * Whether {@code node}'s data differs before and after. Nodes whose children carry the
     * modification are trusted; written and deleted nodes are compared, so that data written
     * again unchanged is no change.
     */
    public static boolean changed(final DataTreeCandidateNode node) {
        final ModificationType modification = node.modificationType();
        if (modification == ModificationType.UNMODIFIED) {
            return false;
        }
        if (node instanceof DiffNode) {
            return true;
        }
        final NormalizedNode dataBefore = node.dataBefore();
        final NormalizedNode dataAfter = node.dataAfter();
        return dataBefore != dataAfter && (modification != ModificationType.WRITE
            && modification != ModificationType.DELETE || !Objects.equals(dataBefore, dataAfter));
    }

    /** The modification between data known to differ. */
    private static ModificationType differing(final @Nullable NormalizedNode before,
            final @Nullable NormalizedNode after) {
        if (after == null) {
            return ModificationType.DELETE;
        }
        return before instanceof DistinctNodeContainer && after instanceof DistinctNodeContainer
            ? ModificationType.SUBTREE_MODIFIED : ModificationType.WRITE;
    }

    @Override
    public PathArgument name() {
        return name;
    }

    @Override
    public @Nullable NormalizedNode dataBefore() {
        return before;
    }

    @Override
    public @Nullable NormalizedNode dataAfter() {
        return after;
    }

    @Override
    public ModificationType modificationType() {
        return type;
    }

    @Override
    public Collection<DataTreeCandidateNode> childNodes() {
        final Set<PathArgument> names = new LinkedHashSet<>();
        childNames(before, names);
        childNames(after, names);
        final List<DataTreeCandidateNode> children = new ArrayList<>();
        for (PathArgument child : names) {
            final DataTreeCandidateNode node = modifiedChild(child);
            if (node != null) {
                children.add(node);
            }
        }
        return children;
    }

    @Override
    public @Nullable DataTreeCandidateNode modifiedChild(final PathArgument childName) {
        final NormalizedNode childBefore = child(before, childName);
        final NormalizedNode childAfter = child(after, childName);
        return childBefore == childAfter || Objects.equals(childBefore, childAfter) ? null
            : new DiffNode(childName, childBefore, childAfter, differing(childBefore, childAfter));
    }

    private static void childNames(final @Nullable NormalizedNode node, final Set<PathArgument> names) {
        if (node instanceof DistinctNodeContainer<?, ?> container) {
            for (NormalizedNode child : container.body()) {
                names.add(child.name());
            }
        }
    }

    private static @Nullable NormalizedNode child(final @Nullable NormalizedNode node, final PathArgument name) {
        return node == null ? null : NormalizedNodes.getDirectChild(node, name).orElse(null);
    }

    @Override
    public String toString() {
        return "DiffNode[" + name + ", " + type + "]";
    }
}
