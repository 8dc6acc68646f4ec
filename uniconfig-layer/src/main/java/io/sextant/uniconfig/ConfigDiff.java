package io.sextant.uniconfig;

import io.sextant.persistence.codec.DiffEntry;
import java.util.ArrayList;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

/**
 * The difference between a node's actual and intended configuration, as an immutable
 * yangtools {@link DataTreeCandidate} rooted at the configuration root: the southbound
 * adapters walk it to build device edits, and the RPC outputs list its {@link #changes()}.
 * Built by {@link Differ}, at the cost of the change.
 */
public final class ConfigDiff implements DataTreeCandidate {
    /** No change, of no particular tree (a result that carries no diff). */
    public static final ConfigDiff NONE = new ConfigDiff(new DiffNode.Unmodified(null));

    private final DiffNode root;

    ConfigDiff(final DiffNode root) {
        this.root = root;
    }

    /** The changes that turn {@code actual} into {@code intended}. */
    public static ConfigDiff between(final NormalizedNode actual, final NormalizedNode intended) {
        return Differ.diff(actual, intended);
    }

    @Override
    public DiffNode getRootNode() {
        return root;
    }

    @Override
    public YangInstanceIdentifier getRootPath() {
        return YangInstanceIdentifier.of();
    }

    public boolean isEmpty() {
        return root instanceof DiffNode.Unmodified;
    }

    /** Where the changes are, depth first in the intended order (deletions after the rest of their parent). */
    public List<Change> changes() {
        final List<Change> changes = new ArrayList<>();
        collect(YangInstanceIdentifier.of(), root, changes);
        return changes;
    }

    /** The {@link #changes()} with their before and after images, as the transaction log and the history keep them. */
    public List<DiffEntry> entries() {
        final List<DiffEntry> entries = new ArrayList<>();
        for (Change change : changes()) {
            entries.add(new DiffEntry(change.path(), change.node().dataBefore(), change.node().dataAfter()));
        }
        return entries;
    }

    private static void collect(final YangInstanceIdentifier path, final DiffNode node, final List<Change> out) {
        if (node instanceof DiffNode.Modified modified) {
            modified.children().forEach((name, child) -> collect(path.node(name), child, out));
        } else if (node.isChange()) {
            out.add(new Change(path, node));
        }
    }

    /**
     * One change of a diff, with its path.
     *
     * @param path where, relative to the configuration root
     * @param node the created, replaced or deleted node
     */
    public record Change(YangInstanceIdentifier path, DiffNode node) {
        /** The kinds of change. */
        public enum Kind { CREATED, UPDATED, DELETED }

        public Kind kind() {
            if (node instanceof DiffNode.Created) {
                return Kind.CREATED;
            }
            return node instanceof DiffNode.Deleted ? Kind.DELETED : Kind.UPDATED;
        }
    }

    @Override
    public String toString() {
        return "ConfigDiff" + changes().stream().map(c -> c.kind() + " " + c.path()).toList();
    }
}
