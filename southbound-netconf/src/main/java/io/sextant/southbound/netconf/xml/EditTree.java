package io.sextant.southbound.netconf.xml;

import io.sextant.spi.Edit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/**
 * Edits merged into one tree, so that one {@code <config>} carries each parent element once.
 * Edits whose paths nest (one at or below another) cannot share a tree; {@link #batches} starts
 * a new tree for them, keeping the order of the edits.
 */
final class EditTree {
    /** One step of the tree: structural, or the target of an edit. */
    static final class Node {
        private final YangInstanceIdentifier path;
        private final Map<PathArgument, Node> children = new LinkedHashMap<>();
        private @Nullable Edit edit;

        Node(final YangInstanceIdentifier path) {
            this.path = path;
        }

        YangInstanceIdentifier path() {
            return path;
        }

        /** The children, in order, by the path argument that leads to each. */
        Map<PathArgument, Node> children() {
            return Collections.unmodifiableMap(children);
        }

        Optional<Edit> edit() {
            return Optional.ofNullable(edit);
        }
    }

    private final Node root = new Node(YangInstanceIdentifier.of());

    Node root() {
        return root;
    }

    /** The edit of the whole datastore, when this tree holds one (it then holds nothing else). */
    Optional<Edit> rootEdit() {
        return root.edit();
    }

    /** Split {@code edits} into trees of non-nesting edits, in order. */
    static List<EditTree> batches(final List<Edit> edits) {
        final List<EditTree> result = new ArrayList<>();
        EditTree current = new EditTree();
        for (Edit edit : edits) {
            if (!current.tryAdd(edit)) {
                result.add(current);
                current = new EditTree();
                current.tryAdd(edit);
            }
        }
        result.add(current);
        return result;
    }

    /** Add {@code edit} unless its path nests with an edit already in this tree. */
    boolean tryAdd(final Edit edit) {
        Node node = root;
        if (node.edit != null) {
            return false;
        }
        for (PathArgument arg : edit.path().getPathArguments()) {
            Node child = node.children.get(arg);
            if (child == null) {
                child = new Node(node.path.node(arg));
                // Not linked yet: a conflict found below must leave the tree unchanged.
                return attach(node, arg, child, edit);
            }
            if (child.edit != null) {
                return false;
            }
            node = child;
        }
        if (node.edit != null || !node.children.isEmpty()) {
            return false;
        }
        node.edit = edit;
        return true;
    }

    private static boolean attach(final Node parent, final PathArgument firstArg, final Node first, final Edit edit) {
        final List<PathArgument> args = edit.path().getPathArguments();
        Node node = first;
        parent.children.put(firstArg, first);
        for (int i = first.path.getPathArguments().size(); i < args.size(); i++) {
            final Node child = new Node(node.path.node(args.get(i)));
            node.children.put(args.get(i), child);
            node = child;
        }
        node.edit = edit;
        return true;
    }
}
