package io.sextant.uniconfig;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * One node of a {@link ConfigDiff}: immutable, and one of five kinds. A created, replaced or
 * deleted node is where a change is (its subtree is written or deleted whole); a modified node
 * lies on the way to changes and holds the children that changed, in the intended order
 * followed by deletions; an empty diff's root is unmodified.
 */
public sealed interface DiffNode extends DataTreeCandidateNode {

    /** The data appeared: {@link ModificationType#WRITE} with nothing before. */
    record Created(@Nullable PathArgument name, NormalizedNode dataAfter) implements DiffNode {
        @Override
        public ModificationType modificationType() {
            return ModificationType.WRITE;
        }

        @Override
        public @Nullable NormalizedNode dataBefore() {
            return null;
        }
    }

    /** The data went away: {@link ModificationType#DELETE}. */
    record Deleted(@Nullable PathArgument name, NormalizedNode dataBefore) implements DiffNode {
        @Override
        public ModificationType modificationType() {
            return ModificationType.DELETE;
        }

        @Override
        public @Nullable NormalizedNode dataAfter() {
            return null;
        }
    }

    /**
     * The data was replaced as a whole: a leaf's value, a user-ordered list whose order
     * changed, or a node of another kind. {@link ModificationType#WRITE} with data before.
     */
    record Replaced(@Nullable PathArgument name, NormalizedNode dataBefore, NormalizedNode dataAfter)
            implements DiffNode {
        @Override
        public ModificationType modificationType() {
            return ModificationType.WRITE;
        }
    }

    /**
     * Changes below: {@link ModificationType#SUBTREE_MODIFIED}. The root of a diff has no name
     * ({@link #name()} fails there, as for yangtools' own root candidate nodes).
     */
    record Modified(@Nullable PathArgument nodeName, NormalizedNode dataBefore, NormalizedNode dataAfter,
            Map<PathArgument, DiffNode> children) implements DiffNode {
        public Modified {
            children = Collections.unmodifiableMap(children);
        }

        @Override
        public PathArgument name() {
            if (nodeName == null) {
                throw new IllegalStateException("The root of a diff has no name");
            }
            return nodeName;
        }

        @Override
        public ModificationType modificationType() {
            return ModificationType.SUBTREE_MODIFIED;
        }

        @Override
        public Collection<DataTreeCandidateNode> childNodes() {
            return List.copyOf(children.values());
        }

        @Override
        public @Nullable DataTreeCandidateNode modifiedChild(final PathArgument childName) {
            return children.get(childName);
        }
    }

    /** The root of an empty diff: {@link ModificationType#UNMODIFIED}. */
    record Unmodified(@Nullable NormalizedNode dataBefore) implements DiffNode {
        @Override
        public PathArgument name() {
            throw new IllegalStateException("The root of a diff has no name");
        }

        @Override
        public ModificationType modificationType() {
            return ModificationType.UNMODIFIED;
        }

        @Override
        public @Nullable NormalizedNode dataAfter() {
            return dataBefore;
        }
    }

    /** Whether this node is where a change is (rather than on the way to changes). */
    default boolean isChange() {
        return !(this instanceof Modified) && !(this instanceof Unmodified);
    }

    /** A change's subtree is written or deleted whole: its candidate has no children. */
    @Override
    default Collection<DataTreeCandidateNode> childNodes() {
        return List.of();
    }

    @Override
    default @Nullable DataTreeCandidateNode modifiedChild(final PathArgument childName) {
        return null;
    }
}
