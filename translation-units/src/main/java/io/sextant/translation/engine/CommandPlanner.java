package io.sextant.translation.engine;

import io.sextant.datastore.OperationFailedException;
import io.sextant.translation.CommandPlan;
import io.sextant.translation.spi.Change;
import io.sextant.translation.spi.CliCommands;
import io.sextant.translation.spi.CliCommands.Entry;
import io.sextant.translation.spi.Handler;
import io.sextant.translation.spi.Handler.ListHandler;
import io.sextant.translation.spi.Handler.SubtreeHandler;
import io.sextant.translation.spi.WriteContext;
import io.sextant.translation.spi.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;

/**
 * Computes the commands between two configuration trees: finds every changed instance of
 * every handler's data (skipping unchanged subtrees), lets the writers translate them, and
 * orders the result by the unit's write order: deletions first, in reverse write order (children
 * before parents), then creations and updates in write order (parents before children). A change
 * that no writer owns is refused with {@code operation-not-supported}.
 */
public final class CommandPlanner {
    private final HandlerTree tree;
    private final String device;

    /** @param device the device type, for error messages */
    public CommandPlanner(final HandlerTree tree, final String device) {
        this.tree = tree;
        this.device = device;
    }

    private record Found(Handler handler, int order, int walkIndex, Change change) {
    }

    /** The plan turning {@code before} into {@code after}; both are root containers, either may be empty. */
    public CommandPlan plan(final Optional<ContainerNode> before, final Optional<ContainerNode> after)
            throws OperationFailedException {
        final List<Found> found = new ArrayList<>();
        collect(tree.root(), YangInstanceIdentifier.of(), before.orElse(null), after.orElse(null), found);
        final List<Found> ordered = new ArrayList<>();
        // deletions: later handlers first, and within a handler the reverse of the walk order
        found.stream().filter(f -> f.change().isDelete())
            .sorted(Comparator.comparingInt(Found::order).thenComparingInt(Found::walkIndex).reversed())
            .forEach(ordered::add);
        found.stream().filter(f -> !f.change().isDelete())
            .sorted(Comparator.comparingInt(Found::order).thenComparingInt(Found::walkIndex))
            .forEach(ordered::add);

        final WriteContext forwardContext = new TreeContext(before, after);
        final WriteContext reverseContext = new TreeContext(after, before);
        final List<List<Entry>> forward = new ArrayList<>();
        final List<List<Entry>> reverse = new ArrayList<>();
        for (Found f : ordered) {
            final Writer writer = f.handler().writer();
            final CliCommands commands = new CliCommands();
            writer.write(f.change(), forwardContext, commands);
            final CliCommands undo = new CliCommands();
            writer.write(f.change().reverse(), reverseContext, undo);
            if (!commands.isEmpty() || !undo.isEmpty()) {
                forward.add(commands.entries());
                reverse.add(undo.entries());
            }
        }
        return new CommandPlan(forward, reverse);
    }

    private void collect(final HandlerTree.Step step, final YangInstanceIdentifier path,
            final DataContainerNode before, final DataContainerNode after, final List<Found> found)
            throws OperationFailedException {
        if (before == after || Objects.equals(before, after)) {
            return;
        }
        final Optional<Handler> handler = step.handler();
        if (handler.isPresent() && handler.orElseThrow() instanceof SubtreeHandler) {
            found.add(new Found(handler.orElseThrow(), step.order(), found.size(),
                new Change(path, Optional.ofNullable(before), Optional.ofNullable(after))));
            return;
        }
        checkOwnContent(step, path, before, after, found);
        for (HandlerTree.Step child : step.children().values()) {
            final NodeIdentifier id = new NodeIdentifier(child.name());
            final NormalizedNode childBefore = before == null ? null : before.childByArg(id);
            final NormalizedNode childAfter = after == null ? null : after.childByArg(id);
            if (childBefore == childAfter) {
                continue;
            }
            if (child.isList()) {
                final Map<PathArgument, MapEntryNode> entriesBefore = entries(childBefore);
                final Map<PathArgument, MapEntryNode> entriesAfter = entries(childAfter);
                final Set<PathArgument> union = new LinkedHashSet<>(entriesBefore.keySet());
                union.addAll(entriesAfter.keySet());
                final List<PathArgument> keys = new ArrayList<>(union);
                keys.sort(entryOrder(child));
                for (PathArgument key : keys) {
                    collect(child, path.node(id).node(key), entriesBefore.get(key), entriesAfter.get(key), found);
                }
            } else {
                collect(child, path.node(id), (DataContainerNode) childBefore, (DataContainerNode) childAfter, found);
            }
        }
    }

    /** Data of this step that belongs to no deeper step must be owned by this step's writer. */
    private void checkOwnContent(final HandlerTree.Step step, final YangInstanceIdentifier path,
            final DataContainerNode before, final DataContainerNode after, final List<Found> found)
            throws OperationFailedException {
        final Map<PathArgument, NormalizedNode> ownBefore = own(step, before);
        final Map<PathArgument, NormalizedNode> ownAfter = own(step, after);
        final Optional<Handler> handler = step.handler();
        if (handler.isPresent() && handler.orElseThrow().writer() != null) {
            if (!ownBefore.equals(ownAfter)) {
                found.add(new Found(handler.orElseThrow(), step.order(), found.size(),
                    new Change(path, Optional.ofNullable(before), Optional.ofNullable(after))));
            }
            return;
        }
        // a list entry appearing or disappearing carries its keys; that alone needs no writer
        if (path.getLastPathArgument() instanceof NodeIdentifierWithPredicates key) {
            key.keySet().forEach(k -> {
                ownBefore.remove(new NodeIdentifier(k));
                ownAfter.remove(new NodeIdentifier(k));
            });
        }
        final Set<PathArgument> names = new LinkedHashSet<>(ownBefore.keySet());
        names.addAll(ownAfter.keySet());
        for (PathArgument name : names) {
            if (!Objects.equals(ownBefore.get(name), ownAfter.get(name))) {
                throw OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.OPERATION_NOT_SUPPORTED,
                    "The " + device + " translation unit cannot configure " + name.getNodeType().getLocalName(),
                    path.node(name));
            }
        }
    }

    /** The handler's entry order, else by key text: deterministic output for unordered lists. */
    private static Comparator<PathArgument> entryOrder(final HandlerTree.Step list) {
        final Comparator<NodeIdentifierWithPredicates> order = list.handler().orElse(null) instanceof ListHandler handler
            ? handler.entryOrder() : ListHandler.BY_KEY;
        final Comparator<PathArgument> byKey = Comparator.comparing(arg -> ((NodeIdentifierWithPredicates) arg)
            .values().toString());
        final Comparator<PathArgument> entries = (a, b) -> order.compare((NodeIdentifierWithPredicates) a,
            (NodeIdentifierWithPredicates) b);
        return entries.thenComparing(byKey);
    }

    private static Map<PathArgument, NormalizedNode> own(final HandlerTree.Step step, final DataContainerNode node) {
        final Map<PathArgument, NormalizedNode> own = new LinkedHashMap<>();
        if (node != null) {
            for (DataContainerChild child : node.body()) {
                final QName name = child.name().getNodeType();
                if (!step.children().containsKey(name)) {
                    own.put(child.name(), child);
                }
            }
        }
        return own;
    }

    private static Map<PathArgument, MapEntryNode> entries(final NormalizedNode map) {
        final Map<PathArgument, MapEntryNode> entries = new LinkedHashMap<>();
        if (map instanceof MapNode mapNode) {
            for (MapEntryNode entry : mapNode.body()) {
                entries.put(entry.name(), entry);
            }
        }
        return entries;
    }

    /** Reads the whole before and after trees by path. */
    private static final class TreeContext implements WriteContext {
        private final Optional<ContainerNode> before;
        private final Optional<ContainerNode> after;

        TreeContext(final Optional<ContainerNode> before, final Optional<ContainerNode> after) {
            this.before = before;
            this.after = after;
        }

        @Override
        public Optional<NormalizedNode> before(final YangInstanceIdentifier path) {
            return before.flatMap(root -> NormalizedNodes.findNode(root, path));
        }

        @Override
        public Optional<NormalizedNode> after(final YangInstanceIdentifier path) {
            return after.flatMap(root -> NormalizedNodes.findNode(root, path));
        }
    }
}
