package io.sextant.uniconfig;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * A yangtools {@link DataTreeCandidate} built from a list of {@link Change}s between two
 * roots: {@code SUBTREE_MODIFIED} along the paths down to the changes, {@code WRITE} or
 * {@code DELETE} at each change. Southbound adapters turn it into device edits with the usual
 * candidate walk; it costs what the change costs.
 */
final class ChangeCandidate implements DataTreeCandidate {
    private final Node root;

    private ChangeCandidate(final Node root) {
        this.root = root;
    }

    static ChangeCandidate of(final NormalizedNode before, final NormalizedNode after, final List<Change> changes) {
        final Node root = new Node(null, before, after);
        for (Change change : changes) {
            Node current = root;
            final List<PathArgument> args = change.path().getPathArguments();
            for (int i = 0; i < args.size(); i++) {
                final PathArgument arg = args.get(i);
                final boolean last = i == args.size() - 1;
                final Node parent = current;
                current = parent.children.computeIfAbsent(arg, a -> new Node(a,
                    child(parent.before, a), child(parent.after, a)));
                if (last) {
                    current.terminal = change.after().isPresent() ? ModificationType.WRITE : ModificationType.DELETE;
                }
            }
        }
        return new ChangeCandidate(root);
    }

    private static NormalizedNode child(final NormalizedNode parent, final PathArgument arg) {
        return parent == null ? null : NormalizedNodes.getDirectChild(parent, arg).orElse(null);
    }

    @Override
    public DataTreeCandidateNode getRootNode() {
        return root;
    }

    @Override
    public YangInstanceIdentifier getRootPath() {
        return YangInstanceIdentifier.of();
    }

    /** One node of the candidate. */
    private static final class Node implements DataTreeCandidateNode {
        private final PathArgument name;
        private final NormalizedNode before;
        private final NormalizedNode after;
        private final Map<PathArgument, Node> children = new LinkedHashMap<>();
        private ModificationType terminal;

        Node(final PathArgument name, final NormalizedNode before, final NormalizedNode after) {
            this.name = name;
            this.before = before;
            this.after = after;
        }

        @Override
        public PathArgument name() {
            if (name == null) {
                throw new IllegalStateException("The root node has no name");
            }
            return name;
        }

        @Override
        public Collection<DataTreeCandidateNode> childNodes() {
            return terminal != null ? List.of() : new ArrayList<>(children.values());
        }

        @Override
        public DataTreeCandidateNode modifiedChild(final PathArgument childName) {
            return terminal != null ? null : children.get(childName);
        }

        @Override
        public ModificationType modificationType() {
            if (terminal != null) {
                return terminal;
            }
            if (children.isEmpty()) {
                return ModificationType.UNMODIFIED;
            }
            if (before == null) {
                return ModificationType.APPEARED;
            }
            return after == null ? ModificationType.DISAPPEARED : ModificationType.SUBTREE_MODIFIED;
        }

        @Override
        public NormalizedNode dataBefore() {
            return before;
        }

        @Override
        public NormalizedNode dataAfter() {
            return after;
        }

        @Override
        public String toString() {
            return "ChangeCandidate.Node{" + name + ", " + modificationType() + "}";
        }
    }

    @Override
    public String toString() {
        return "ChangeCandidate" + Optional.ofNullable(root.children.keySet()).orElseThrow();
    }
}
