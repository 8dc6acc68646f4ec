package io.sextant.persistence;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * A stored UniConfig node as read, its configurations still bytes: each one's base and journal
 * entries as {@link NodeConfigRepository} wrote them. A restart reads every node so, in a few
 * queries, and decodes each when it is first needed ({@link #decode}): what costs is the decoding
 * (the journal's trees), not the reading.
 */
public final class UndecodedNode {
    /** A journal entry: a put with its data, or a delete. */
    private record Entry(boolean put, byte[] path, byte @Nullable [] data) {
    }

    private final String nodeId;
    private final String schemaKey;
    private final NodeVersion version;
    private final Map<ConfigKind, byte[]> bases = new EnumMap<>(ConfigKind.class);
    private final Map<ConfigKind, List<Entry>> journals = new EnumMap<>(ConfigKind.class);

    UndecodedNode(final String nodeId, final String schemaKey, final NodeVersion version) {
        this.nodeId = nodeId;
        this.schemaKey = schemaKey;
        this.version = version;
    }

    public String nodeId() {
        return nodeId;
    }

    /** What the node's data is in, as given to {@link NodeConfigRepository#create}. */
    public String schemaKey() {
        return schemaKey;
    }

    /** The version of each configuration, as {@link StoredNode#version()}. */
    public NodeVersion version() {
        return version;
    }

    void base(final ConfigKind kind, final byte[] data) {
        bases.put(kind, data);
    }

    /** The next journal entry of {@code kind}, in the journal's order. */
    void entry(final ConfigKind kind, final String operation, final byte[] path, final byte @Nullable [] data) {
        journals.computeIfAbsent(kind, k -> new ArrayList<>()).add(new Entry("put".equals(operation), path, data));
    }

    /**
     * The node with each configuration's base decoded and its journal replayed; intended and
     * actual are one object when equal, as {@link NodeConfigReads#load} gives them.
     *
     * @throws PersistenceException when a configuration cannot be read: undecodable, without a
     *     base, or with a journal entry that does not apply
     */
    public StoredNode decode() throws PersistenceException {
        final NormalizedNode intended = decode(ConfigKind.INTENDED);
        NormalizedNode actual = decode(ConfigKind.ACTUAL);
        if (actual.equals(intended)) {
            actual = intended;
        }
        return new StoredNode(nodeId, schemaKey, intended, actual, version);
    }

    private NormalizedNode decode(final ConfigKind kind) throws PersistenceException {
        final String what = kind.column() + " configuration of node " + nodeId;
        final byte[] base = bases.get(kind);
        if (base == null) {
            throw PersistenceException.badData("The " + what + " has no base", null);
        }
        NormalizedNode tree = Rows.node(base, what);
        for (Entry entry : journals.getOrDefault(kind, List.of())) {
            tree = Rows.replayed(tree, entry.put() ? "put" : "delete", entry.path(), entry.data(), what);
        }
        return tree;
    }
}
