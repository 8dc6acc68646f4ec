package io.sextant.persistence.codec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;
import org.opendaylight.yangtools.yang.data.tree.api.ModificationType;

/**
 * How the controller's configuration datastore is cut into rows. A row is each top-level node
 * (container, leaf, ordered list) and each entry of a system-ordered list crossed by at most
 * {@code listDepth} list entries on its path (so with depth 2:
 * {@code network-topology}, {@code topology=topology-netconf}, and one row per
 * {@code topology=topology-netconf/node=R1}); a row holds its subtree without the entries that
 * are rows themselves. A commit rewrites only the rows its change touches
 * ({@link #changes(DataTreeCandidate)}), found from the candidate without looking at unchanged
 * data.
 *
 * <p>To load, put the rows back in order of depth (a row's put replaces its subtree, so parents
 * go first); a schema-aware store creates the parents of each path.
 */
public final class EntryLayout {
    private final int listDepth;

    /** @param listDepth how many nested list levels get rows of their own (1 or more) */
    public EntryLayout(final int listDepth) {
        if (listDepth < 1) {
            throw new IllegalArgumentException("listDepth must be at least 1");
        }
        this.listDepth = listDepth;
    }

    public int listDepth() {
        return listDepth;
    }

    /** Every row of a whole datastore, {@code root} being its root container. */
    public List<ConfigEntry> split(final NormalizedNode root) {
        final List<ConfigEntry> rows = new ArrayList<>();
        for (NormalizedNode child : ((ContainerNode) root).body()) {
            splitTop(YangInstanceIdentifier.of(child.name()), child, rows);
        }
        return rows;
    }

    /** The rows a commit changes. {@code candidate} must be rooted at the datastore root. */
    public EntryChanges changes(final DataTreeCandidate candidate) {
        if (!candidate.getRootPath().isEmpty()) {
            throw new IllegalArgumentException("a candidate rooted at the datastore root is needed, not at "
                + candidate.getRootPath());
        }
        final Collector out = new Collector();
        final DataTreeCandidateNode root = candidate.getRootNode();
        switch (root.modificationType()) {
            case UNMODIFIED -> {
                // nothing
            }
            case SUBTREE_MODIFIED -> {
                for (DataTreeCandidateNode child : root.childNodes()) {
                    topLevelChanged(YangInstanceIdentifier.of(child.name()), child, out);
                }
            }
            default -> {
                out.deleteAll = true;
                final NormalizedNode after = root.dataAfter();
                if (after != null) {
                    out.written.addAll(split(after));
                }
            }
        }
        return new EntryChanges(out.deleteAll, out.deleted, out.written);
    }

    /**
     * What a store holds at a row's path once the row is written over {@code current} (what it holds
     * there now): the row's data with the entries of {@code current} that are rows of their own
     * (those are written, and deleted, by their own rows).
     */
    public NormalizedNode overlay(final ConfigEntry row, final NormalizedNode current) {
        return withUnits(row.data(), current, row.depth());
    }

    private NormalizedNode withUnits(final NormalizedNode row, final NormalizedNode current, final int depth) {
        if (!(row instanceof DataContainerNode rowContainer) || !(current instanceof DataContainerNode held)) {
            return row;
        }
        final List<DataContainerChild> children = new ArrayList<>(rowContainer.size() + 1);
        boolean changed = false;
        for (DataContainerChild child : rowContainer.body()) {
            final DataContainerChild heldChild = held.childByArg(child.name());
            if (heldChild != null && (child instanceof ContainerNode || child instanceof ChoiceNode)) {
                final DataContainerChild merged = (DataContainerChild) withUnits(child, heldChild, depth);
                changed |= merged != child;
                children.add(merged);
            } else {
                children.add(child);
            }
        }
        for (DataContainerChild heldChild : held.body()) {
            if (unitMap(heldChild, depth) && rowContainer.childByArg(heldChild.name()) == null) {
                children.add(heldChild);
                changed = true;
            }
        }
        return changed ? rebuild(rowContainer, children) : row;
    }

    private static final class Collector {
        boolean deleteAll;
        final List<String> deleted = new ArrayList<>();
        final List<ConfigEntry> written = new ArrayList<>();

        void deleteTree(final YangInstanceIdentifier path) {
            deleted.add(EntryKeys.of(path));
        }
    }

    private void splitTop(final YangInstanceIdentifier path, final NormalizedNode node, final List<ConfigEntry> rows) {
        if (node instanceof SystemMapNode map) {
            for (MapEntryNode entry : map.body()) {
                splitUnit(path.node(entry.name()), entry, 1, rows);
            }
        } else {
            splitUnit(path, node, 0, rows);
        }
    }

    private void splitUnit(final YangInstanceIdentifier path, final NormalizedNode node, final int depth,
            final List<ConfigEntry> rows) {
        rows.add(ConfigEntry.of(path, depth, prune(node, depth)));
        childUnits(path, node, depth, rows);
    }

    /** The rows below a unit at {@code depth}, reached through containers and choices. */
    private void childUnits(final YangInstanceIdentifier path, final NormalizedNode node, final int depth,
            final List<ConfigEntry> rows) {
        if (!(node instanceof DataContainerNode container)) {
            return;
        }
        for (DataContainerChild child : container.body()) {
            if (unitMap(child, depth)) {
                for (MapEntryNode entry : ((SystemMapNode) child).body()) {
                    splitUnit(path.node(child.name()).node(entry.name()), entry, depth + 1, rows);
                }
            } else if (child instanceof ContainerNode || child instanceof ChoiceNode) {
                childUnits(path.node(child.name()), child, depth, rows);
            }
        }
    }

    /** Whether {@code node}, inside a unit at {@code depth}, is a list whose entries are units. */
    private boolean unitMap(final NormalizedNode node, final int depth) {
        return node instanceof SystemMapNode && depth + 1 <= listDepth;
    }

    /** {@code node} without the lists whose entries are units (the same object when there are none). */
    private NormalizedNode prune(final NormalizedNode node, final int depth) {
        if (!(node instanceof DataContainerNode container)) {
            return node;
        }
        final List<DataContainerChild> kept = new ArrayList<>(container.size());
        boolean changed = false;
        for (DataContainerChild child : container.body()) {
            if (unitMap(child, depth)) {
                changed = true;
            } else if (child instanceof ContainerNode || child instanceof ChoiceNode) {
                final DataContainerChild pruned = (DataContainerChild) prune(child, depth);
                changed |= pruned != child;
                kept.add(pruned);
            } else {
                kept.add(child);
            }
        }
        return changed ? rebuild(container, kept) : node;
    }

    private static NormalizedNode rebuild(final DataContainerNode template, final Collection<DataContainerChild> kept) {
        if (template instanceof ContainerNode container) {
            return ImmutableNodes.newContainerBuilder().withNodeIdentifier(container.name()).withValue(kept).build();
        }
        if (template instanceof MapEntryNode entry) {
            return ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(entry.name()).withValue(kept).build();
        }
        if (template instanceof ChoiceNode choice) {
            return ImmutableNodes.newChoiceBuilder().withNodeIdentifier(choice.name()).withValue(kept).build();
        }
        throw new IllegalArgumentException("cannot split " + template.name());
    }

    private void topLevelChanged(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final Collector out) {
        if (data(node) instanceof SystemMapNode) {
            mapChanged(path, node, 1, out);
        } else {
            unitChanged(path, node, 0, out);
        }
    }

    /** A list whose entries are units at {@code depth}. */
    private void mapChanged(final YangInstanceIdentifier path, final DataTreeCandidateNode node, final int depth,
            final Collector out) {
        switch (node.modificationType()) {
            case UNMODIFIED -> {
                // nothing
            }
            case SUBTREE_MODIFIED -> {
                for (DataTreeCandidateNode entry : node.childNodes()) {
                    unitChanged(path.node(entry.name()), entry, depth, out);
                }
            }
            default -> {
                deleteBelow(path, node, out);
                if (node.dataAfter() instanceof SystemMapNode map) {
                    for (MapEntryNode entry : map.body()) {
                        splitUnit(path.node(entry.name()), entry, depth, out.written);
                    }
                }
            }
        }
    }

    /**
     * A node written, replaced or deleted as a whole: its rows and every row below it go, unless it
     * did not exist before in this store. Then there was nothing of this store's to delete, and the
     * rows below it in the database, if any, are another controller instance's, written before this
     * one followed them (for example two instances whose first mounts create the topology at the
     * same time): deleting them would lose them.
     */
    private static void deleteBelow(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final Collector out) {
        if (node.dataBefore() != null) {
            out.deleteTree(path);
        }
    }

    private void unitChanged(final YangInstanceIdentifier path, final DataTreeCandidateNode node, final int depth,
            final Collector out) {
        switch (node.modificationType()) {
            case UNMODIFIED -> {
                // nothing
            }
            case SUBTREE_MODIFIED -> {
                if (regionChanged(path, node, depth, out)) {
                    out.written.add(ConfigEntry.of(path, depth, prune(node.dataAfter(), depth)));
                }
            }
            default -> {
                deleteBelow(path, node, out);
                final NormalizedNode after = node.dataAfter();
                if (after != null) {
                    splitUnit(path, after, depth, out.written);
                }
            }
        }
    }

    /**
     * Walks the changes inside a unit's own row (through containers and choices), handing lists of
     * units on to {@link #mapChanged}.
     *
     * @return whether the unit's own row changed
     */
    private boolean regionChanged(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final int depth, final Collector out) {
        boolean own = false;
        for (DataTreeCandidateNode child : node.childNodes()) {
            final ModificationType type = child.modificationType();
            if (type == ModificationType.UNMODIFIED) {
                continue;
            }
            final NormalizedNode data = data(child);
            final YangInstanceIdentifier childPath = path.node(child.name());
            if (unitMap(data, depth)) {
                mapChanged(childPath, child, depth + 1, out);
            } else if (data instanceof ContainerNode || data instanceof ChoiceNode) {
                if (type == ModificationType.SUBTREE_MODIFIED) {
                    own |= regionChanged(childPath, child, depth, out);
                } else {
                    own = true;
                    out.deleteTree(childPath);
                    final NormalizedNode after = child.dataAfter();
                    if (after != null) {
                        childUnits(childPath, after, depth, out.written);
                    }
                }
            } else {
                own = true;
            }
        }
        return own;
    }

    private static NormalizedNode data(final DataTreeCandidateNode node) {
        final NormalizedNode after = node.dataAfter();
        return after != null ? after : node.dataBefore();
    }
}
