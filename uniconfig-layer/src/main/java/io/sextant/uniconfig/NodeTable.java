package io.sextant.uniconfig;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Where each UniConfig node stands in {@link NodeRegistry}: served (built), served but not built
 * yet ({@link UnbuiltNode}), kept and waiting for its device, or being taken from a connection of
 * its device. Every move between them is one method here, atomic under the table's own lock, so
 * that a node is claimed by one of its device's connection, the restore, an unmount or another
 * instance's keep, never by two; reads need no lock.
 */
final class NodeTable {
    /** What {@link #claim} found: a connection taking the node already, the node served, or the node to take. */
    record Claim(@Nullable CompletableFuture<Void> earlier, @Nullable UniconfigNode served,
            UniconfigStore.@Nullable Kept kept) {
    }

    private final Object lock = new Object();
    private final ConcurrentHashMap<String, UniconfigNode> nodes = new ConcurrentHashMap<>();
    /** Served but not built yet; a built one is put in {@link #nodes} before it leaves here. */
    private final ConcurrentHashMap<String, UnbuiltNode> unbuilt = new ConcurrentHashMap<>();
    /** Kept nodes waiting for their devices: in doubt, or in a schema not known without the device. */
    private final ConcurrentHashMap<String, UniconfigStore.Kept> kept = new ConcurrentHashMap<>();
    /**
     * Nodes being taken from a connection of their device (restored, recovered or read), until
     * that ends; guarded by {@link #lock}. Another connection of the same device meanwhile waits
     * for it, so that a node under recovery is never taken for a new one (read and kept afresh
     * while its recovery goes on, which would leave the kept configuration and the node apart).
     */
    private final Map<String, CompletableFuture<Void>> taking = new HashMap<>();
    /** Nodes unmounted while {@link #taking} them: not served once taken; guarded by {@link #lock}. */
    private final Set<String> unmountedWhileTaken = new HashSet<>();

    // ---- reads

    /** The node served and built, or null. */
    @Nullable UniconfigNode built(final String nodeId) {
        return nodes.get(nodeId);
    }

    @Nullable UnbuiltNode unbuilt(final String nodeId) {
        return unbuilt.get(nodeId);
    }

    List<String> unbuiltIds() {
        return List.copyOf(unbuilt.keySet());
    }

    /** Every node served, built or not. */
    Set<String> servedIds() {
        // unbuilt first: a node built meanwhile is in nodes before it leaves unbuilt
        final Set<String> ids = new HashSet<>(unbuilt.keySet());
        ids.addAll(nodes.keySet());
        return Set.copyOf(ids);
    }

    List<UniconfigNode> builtNodes() {
        return List.copyOf(nodes.values());
    }

    List<UniconfigStore.Kept> waiting() {
        return List.copyOf(kept.values());
    }

    Set<String> waitingIds() {
        return Set.copyOf(kept.keySet());
    }

    boolean waitsForDevice(final String nodeId) {
        return kept.containsKey(nodeId);
    }

    /** The schema of a served node, built or not; null when it is not served. */
    @Nullable EffectiveModelContext schemaOfNode(final String nodeId) {
        final UniconfigNode node = nodes.get(nodeId);
        if (node != null) {
            return node.schema();
        }
        final UnbuiltNode pending = unbuilt.get(nodeId);
        return pending == null ? null : pending.schema();
    }

    /** A schema a served node with {@code schemaKey} is in. */
    Optional<EffectiveModelContext> schemaOf(final String schemaKey) {
        final Optional<EffectiveModelContext> built = nodes.values().stream()
            .filter(n -> n.schemaKey().equals(schemaKey)).findAny().map(UniconfigNode::schema);
        return built.isPresent() ? built : unbuilt.values().stream().filter(n -> n.schemaKey().equals(schemaKey))
            .findAny().map(UnbuiltNode::schema);
    }

    // ---- moves

    /** A node kept by an earlier run, as the store loaded it: it waits until it is served or its device connects. */
    void loaded(final UniconfigStore.Kept node) {
        kept.put(node.nodeId(), node);
    }

    /**
     * Serve a waiting node unbuilt, unless its device claimed it meanwhile.
     *
     * @return whether it is served so
     */
    boolean serveUnbuilt(final UniconfigStore.Kept waitingNode, final EffectiveModelContext schema) {
        synchronized (lock) {
            if (!kept.remove(waitingNode.nodeId(), waitingNode)) {
                return false;
            }
            unbuilt.put(waitingNode.nodeId(), new UnbuiltNode(waitingNode, schema));
            return true;
        }
    }

    /**
     * The build of an unbuilt node ended: built, it is served; not fitting its schema, it waits for
     * its device; unreadable, it is gone until its device connects.
     *
     * @return whether the outcome is placed, by this call or an earlier one for the same build; false
     *     when the node left first (unmounted)
     */
    boolean finished(final String nodeId, final UnbuiltNode pending, final UnbuiltNode.Outcome outcome) {
        synchronized (lock) {
            if (unbuilt.get(nodeId) == pending) {
                if (outcome instanceof UnbuiltNode.Outcome.Built built) {
                    nodes.put(nodeId, built.node());
                } else if (outcome instanceof UnbuiltNode.Outcome.WaitsForDevice waits) {
                    kept.put(nodeId, waits.kept());
                }
                unbuilt.remove(nodeId, pending);
                pending.placed();
            }
            return pending.wasPlaced();
        }
    }

    /**
     * Another instance kept the node: it waits here as kept, unless it is served or being taken.
     *
     * @return whether it was taken
     */
    boolean keptElsewhere(final UniconfigStore.KeptNode keptNode) {
        final String nodeId = keptNode.nodeId();
        synchronized (lock) {
            if (nodes.containsKey(nodeId) || unbuilt.containsKey(nodeId) || taking.containsKey(nodeId)) {
                return false;
            }
            kept.put(nodeId, keptNode);
            return true;
        }
    }

    /** A node taken from its device goes back to waiting for it (its restore failed). */
    void waitAgain(final UniconfigStore.Kept keptNode) {
        kept.put(keptNode.nodeId(), keptNode);
    }

    /**
     * The node's device was unmounted: it leaves the table; a connection taking it does not serve it.
     *
     * @return the built node that was served, or null
     */
    @Nullable UniconfigNode unmounted(final String nodeId) {
        synchronized (lock) {
            kept.remove(nodeId);
            unbuilt.remove(nodeId);
            if (taking.containsKey(nodeId)) {
                unmountedWhileTaken.add(nodeId);
            }
            return nodes.remove(nodeId);
        }
    }

    boolean unmountedWhileTaken(final String nodeId) {
        synchronized (lock) {
            return unmountedWhileTaken.contains(nodeId);
        }
    }

    /**
     * A connection of the node's device claims it: unless another connection is taking it, or it
     * is served with the device's models, it is this connection's to take until {@code taken}
     * completes ({@link #released}), with its kept version when it waited for its device.
     */
    Claim claim(final String nodeId, final String schemaKey, final CompletableFuture<Void> taken) {
        synchronized (lock) {
            final CompletableFuture<Void> earlier = taking.get(nodeId);
            if (earlier != null) {
                return new Claim(earlier, null, null);
            }
            final UniconfigNode existing = nodes.get(nodeId);
            if (existing != null && existing.schemaKey().equals(schemaKey)) {
                return new Claim(null, existing, null);
            }
            taking.put(nodeId, taken);
            return new Claim(null, null, kept.remove(nodeId));
        }
    }

    /** The connection that claimed the node is done taking it. */
    void released(final String nodeId, final CompletableFuture<Void> taken) {
        synchronized (lock) {
            taking.remove(nodeId, taken);
            unmountedWhileTaken.remove(nodeId);
        }
    }

    /**
     * Serve a node taken from its device's connection, unless the device was unmounted meanwhile.
     *
     * @return whether it is served
     */
    boolean serve(final UniconfigNode node) {
        synchronized (lock) {
            if (unmountedWhileTaken.remove(node.nodeId())) {
                return false;
            }
            nodes.put(node.nodeId(), node);
            return true;
        }
    }
}
