package io.sextant.translation.engine;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Entry;
import io.sextant.translation.spi.Handler;
import io.sextant.translation.spi.Handler.ListHandler;
import io.sextant.translation.spi.Handler.SubtreeHandler;
import io.sextant.translation.spi.WriteContext;
import io.sextant.translation.spi.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * Computes the commands of a change by walking its {@code DataTreeCandidate} along the unit's
 * handlers: it follows the candidate's modified children, goes below {@code WRITE} and
 * {@code DELETE} nodes by comparing their data ({@link DiffNode}), hands every changed instance
 * of a writer's data to the writer with its candidate node, and orders the result by the unit's
 * write order: deletions first, in reverse write order (children before parents), then
 * creations and updates in write order (parents before children). A change that no writer owns
 * is refused with {@code operation-not-supported}.
 */
public final class CommandPlanner {
    private final HandlerTree tree;
    private final String device;

    /** @param device the device type, for error messages */
    public CommandPlanner(final HandlerTree tree, final String device) {
        this.tree = tree;
        this.device = device;
    }

    /** One changed instance of a writer's data, in the order the walk found it. */
    private record Found(Writer writer, int order, int walkIndex, YangInstanceIdentifier path,
            DataTreeCandidateNode node) {
        boolean isDelete() {
            return node.dataAfter() == null;
        }
    }

    /**
     * The plan of a change of a configuration root.
     *
     * @param root the candidate's root node: its data are root containers (either may be absent)
     */
    public CommandPlan plan(final DataTreeCandidateNode root) throws OperationErrorsException {
        final List<Found> found = new ArrayList<>();
        collect(tree.root(), YangInstanceIdentifier.of(), root, found);
        final List<Found> ordered = new ArrayList<>();
        // deletions: later writers first, and within a writer the reverse of the walk order
        found.stream().filter(Found::isDelete)
            .sorted(Comparator.comparingInt(Found::order).thenComparingInt(Found::walkIndex).reversed())
            .forEach(ordered::add);
        found.stream().filter(f -> !f.isDelete())
            .sorted(Comparator.comparingInt(Found::order).thenComparingInt(Found::walkIndex))
            .forEach(ordered::add);

        final WriteContext forwardContext = new TreeContext(root.dataBefore(), root.dataAfter());
        final WriteContext reverseContext = new TreeContext(root.dataAfter(), root.dataBefore());
        final List<List<Entry>> forward = new ArrayList<>();
        final List<List<Entry>> reverse = new ArrayList<>();
        for (Found f : ordered) {
            final Writer writer = f.writer();
            final CliCommands commands = new CliCommands();
            writer.write(f.path(), f.node(), forwardContext, commands);
            final CliCommands undo = new CliCommands();
            writer.write(f.path(), DiffNode.reverse(f.node()), reverseContext, undo);
            if (!commands.isEmpty() || !undo.isEmpty()) {
                forward.add(commands.entries());
                reverse.add(undo.entries());
            }
        }
        return new CommandPlan(forward, reverse);
    }

    private void collect(final HandlerTree.Step step, final YangInstanceIdentifier path,
            final DataTreeCandidateNode node, final List<Found> found) throws OperationErrorsException {
        if (!DiffNode.changed(node)) {
            return;
        }
        final Handler handler = step.handler().orElse(null);
        if (handler instanceof SubtreeHandler subtree) {
            found.add(new Found(subtree.writer(), step.order(), found.size(), path, node));
            return;
        }
        final DataTreeCandidateNode expanded = expand(path, node);
        checkOwnContent(step, handler, path, expanded, found);
        for (HandlerTree.Step child : step.children().values()) {
            final NodeIdentifier id = new NodeIdentifier(child.name());
            final DataTreeCandidateNode childNode = expanded.modifiedChild(id);
            if (childNode == null || !DiffNode.changed(childNode)) {
                continue;
            }
            if (child.isList()) {
                final List<DataTreeCandidateNode> entries = new ArrayList<>(
                    expand(path.node(id), childNode).childNodes());
                entries.sort(Comparator.comparing(DataTreeCandidateNode::name, entryOrder(child)));
                for (DataTreeCandidateNode entry : entries) {
                    collect(child, path.node(id).node(entry.name()), entry, found);
                }
            } else {
                collect(child, path.node(id), childNode, found);
            }
        }
    }

    /**
     * A node whose modified children can be asked for: a {@code WRITE} or {@code DELETE} node of
     * a candidate need not list them, so its data are compared instead.
     */
    private static DataTreeCandidateNode expand(final YangInstanceIdentifier path, final DataTreeCandidateNode node) {
        final ModificationType type = node.modificationType();
        if (node instanceof DiffNode || type != ModificationType.WRITE && type != ModificationType.DELETE) {
            return node;
        }
        return DiffNode.expand(path.isEmpty() ? DiffNode.ROOT : node.name(), node);
    }

    /** Data of this step that belongs to no deeper step must be owned by this step's writer. */
    private void checkOwnContent(final HandlerTree.Step step, final @Nullable Handler handler,
            final YangInstanceIdentifier path, final DataTreeCandidateNode node, final List<Found> found)
            throws OperationErrorsException {
        final Writer writer = handler == null ? null : handler.writer();
        for (DataTreeCandidateNode child : node.childNodes()) {
            final PathArgument name = child.name();
            if (step.children().containsKey(name.getNodeType()) || !DiffNode.changed(child)) {
                continue;
            }
            if (writer != null) {
                found.add(new Found(writer, step.order(), found.size(), path, node));
                return;
            }
            // a list entry appearing or disappearing carries its keys; that alone needs no writer
            if (!(path.getLastPathArgument() instanceof NodeIdentifierWithPredicates key
                    && key.keySet().contains(name.getNodeType()))) {
                throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                    "The " + device + " translation unit cannot configure " + name.getNodeType().getLocalName(),
                    path.node(name));
            }
        }
    }

    /** The handler's entry order, else by key text: deterministic output for unordered lists. */
    private static Comparator<PathArgument> entryOrder(final HandlerTree.Step list) {
        final Comparator<NodeIdentifierWithPredicates> order =
            list.handler().orElse(null) instanceof ListHandler handler ? handler.entryOrder() : ListHandler.BY_KEY;
        final Comparator<PathArgument> byKey = Comparator.comparing(arg -> ((NodeIdentifierWithPredicates) arg)
            .values().toString());
        final Comparator<PathArgument> entries = (a, b) -> order.compare((NodeIdentifierWithPredicates) a,
            (NodeIdentifierWithPredicates) b);
        return entries.thenComparing(byKey);
    }

    /** Reads the whole before and after trees by path. */
    private static final class TreeContext implements WriteContext {
        private final @Nullable NormalizedNode before;
        private final @Nullable NormalizedNode after;

        TreeContext(final @Nullable NormalizedNode before, final @Nullable NormalizedNode after) {
            this.before = before;
            this.after = after;
        }

        @Override
        public Optional<NormalizedNode> before(final YangInstanceIdentifier path) {
            return before == null ? Optional.empty() : NormalizedNodes.findNode(before, path);
        }

        @Override
        public Optional<NormalizedNode> after(final YangInstanceIdentifier path) {
            return after == null ? Optional.empty() : NormalizedNodes.findNode(after, path);
        }
    }
}
