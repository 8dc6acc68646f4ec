package io.sextant.security.secrets;

import io.sextant.spi.OperationErrorsException;
import io.sextant.model.ControllerSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.api.schema.UserMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Where device secrets sit in the controller's configuration: the leaves of mount requests that
 * hold a device password ({@code netconf-node-topology:password} inside
 * {@code login-password-unencrypted}, {@code cli-topology:password}), found in any data written
 * at, above or below a topology node. A secret leaf added to a model is one more name in
 * {@link #DEVICE_SECRETS}.
 */
public final class SecretLeaves {
    /** The leaves that hold device secrets (string values). */
    public static final Set<QName> DEVICE_SECRETS = Set.of(
        QName.create(ControllerSchema.NETCONF_NODE_TOPOLOGY, "password").intern(),
        QName.create(ControllerSchema.CLI_TOPOLOGY, "password").intern());

    /** The subtree of the configuration that holds mount requests. */
    public static final YangInstanceIdentifier NETWORK_TOPOLOGY = YangInstanceIdentifier.of(
        new NodeIdentifier(QName.create(ControllerSchema.NETWORK_TOPOLOGY, "network-topology").intern()));

    private static final QName NODE = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node").intern();
    private static final QName NODE_ID = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node-id").intern();

    /** One secret leaf: where it is and what it holds. */
    public record Found(YangInstanceIdentifier path, String value) {
        /** The id of the topology node the leaf belongs to, or the path when it is not below one. */
        public String nodeId() {
            return SecretLeaves.nodeId(path);
        }

        @Override
        public String toString() {
            // never the value
            return "Found[" + nodeId() + "]";
        }
    }

    /** What to store instead of a secret leaf's value. */
    @FunctionalInterface
    public interface Rewrite {
        /**
         * @return the value to store; {@code value} itself when it stays
         * @throws OperationErrorsException to refuse the write
         */
        String rewrite(YangInstanceIdentifier path, String value) throws OperationErrorsException;
    }

    private SecretLeaves() {
    }

    /**
     * {@code data}, written at {@code path}, with every secret leaf's value replaced as
     * {@code rewrite} says. Only the nodes on the way to a changed leaf are rebuilt; when nothing
     * changes the same object comes back.
     */
    public static NormalizedNode rewrite(final YangInstanceIdentifier path, final NormalizedNode data,
            final Rewrite rewrite) throws OperationErrorsException {
        if (data instanceof LeafNode<?> leaf) {
            if (DEVICE_SECRETS.contains(leaf.name().getNodeType()) && leaf.body() instanceof String value) {
                final String replaced = rewrite.rewrite(path, value);
                return replaced.equals(value) ? data : ImmutableNodes.leafNode(leaf.name(), replaced);
            }
            return data;
        }
        if (data instanceof ContainerNode container) {
            final List<DataContainerChild> changed = changedChildren(path, container.body(), rewrite);
            if (changed.isEmpty()) {
                return data;
            }
            final var builder = ImmutableNodes.builderFactory().newContainerBuilder(container);
            changed.forEach(builder::withChild);
            return builder.build();
        }
        if (data instanceof MapEntryNode entry) {
            final List<DataContainerChild> changed = changedChildren(path, entry.body(), rewrite);
            if (changed.isEmpty()) {
                return data;
            }
            final var builder = ImmutableNodes.builderFactory().newMapEntryBuilder(entry);
            changed.forEach(builder::withChild);
            return builder.build();
        }
        if (data instanceof ChoiceNode choice) {
            final List<DataContainerChild> changed = changedChildren(path, choice.body(), rewrite);
            if (changed.isEmpty()) {
                return data;
            }
            final var builder = ImmutableNodes.builderFactory().newChoiceBuilder(choice);
            changed.forEach(builder::withChild);
            return builder.build();
        }
        if (data instanceof SystemMapNode map) {
            final List<MapEntryNode> changed = changedEntries(path, map.body(), rewrite);
            if (changed.isEmpty()) {
                return data;
            }
            final var builder = ImmutableNodes.builderFactory().newSystemMapBuilder(map);
            changed.forEach(builder::withChild);
            return builder.build();
        }
        if (data instanceof UserMapNode map) {
            final List<MapEntryNode> changed = changedEntries(path, map.body(), rewrite);
            if (changed.isEmpty()) {
                return data;
            }
            final var builder = ImmutableNodes.builderFactory().newUserMapBuilder(map);
            changed.forEach(builder::withChild);
            return builder.build();
        }
        // leaf-lists, unkeyed lists, anydata: no secret leaves inside
        return data;
    }

    /** Every secret leaf in {@code data}, which sits at {@code path}. */
    public static List<Found> find(final YangInstanceIdentifier path, final NormalizedNode data) {
        final List<Found> found = new ArrayList<>();
        try {
            rewrite(path, data, (leafPath, value) -> {
                found.add(new Found(leafPath, value));
                return value;
            });
        } catch (OperationErrorsException e) {
            throw new IllegalStateException("a collecting rewrite cannot fail", e);
        }
        return found;
    }

    /** The node-id of the topology node on {@code path}, or the whole path when there is none. */
    public static String nodeId(final YangInstanceIdentifier path) {
        for (PathArgument arg : path.getPathArguments()) {
            if (arg instanceof NodeIdentifierWithPredicates entry && NODE.equals(entry.getNodeType())) {
                final Object id = entry.getValue(NODE_ID);
                if (id != null) {
                    return id.toString();
                }
            }
        }
        return path.toString();
    }

    private static List<DataContainerChild> changedChildren(final YangInstanceIdentifier path,
            final Iterable<DataContainerChild> children, final Rewrite rewrite) throws OperationErrorsException {
        final List<DataContainerChild> changed = new ArrayList<>(0);
        for (DataContainerChild child : children) {
            final NormalizedNode result = rewrite(path.node(child.name()), child, rewrite);
            if (result != child) {
                changed.add((DataContainerChild) result);
            }
        }
        return changed;
    }

    private static List<MapEntryNode> changedEntries(final YangInstanceIdentifier path,
            final Iterable<MapEntryNode> entries, final Rewrite rewrite) throws OperationErrorsException {
        final List<MapEntryNode> changed = new ArrayList<>(0);
        for (MapEntryNode entry : entries) {
            final NormalizedNode result = rewrite(path.node(entry.name()), entry, rewrite);
            if (result != entry) {
                changed.add((MapEntryNode) result);
            }
        }
        return changed;
    }
}
