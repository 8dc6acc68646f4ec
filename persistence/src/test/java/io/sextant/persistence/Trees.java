package io.sextant.persistence;

import java.util.Random;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTree;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeConfiguration;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeModification;
import org.opendaylight.yangtools.yang.data.tree.api.DataValidationFailedException;
import org.opendaylight.yangtools.yang.data.tree.impl.di.InMemoryDataTreeFactory;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * A real yangtools DataTree over the OpenConfig fixtures' schema, so that test changes share
 * unchanged subtrees exactly as the controller's stores do, and a few OpenConfig paths.
 */
public final class Trees {
    public static final YangInstanceIdentifier ROOT = YangInstanceIdentifier.of();

    private final DataTree tree;
    private final QNameModule interfacesModule;
    private final QNameModule instancesModule;

    public Trees(final EffectiveModelContext schema) {
        this.tree = new InMemoryDataTreeFactory().create(DataTreeConfiguration.builder(
            DataTreeConfiguration.DEFAULT_CONFIGURATION.getTreeType()).setMandatoryNodesValidation(false).build(),
            schema);
        this.interfacesModule = schema.findModules("openconfig-interfaces").iterator().next().getQNameModule();
        this.instancesModule = schema.findModules("openconfig-network-instance").iterator().next().getQNameModule();
    }

    public NormalizedNode root() {
        return tree.takeSnapshot().readNode(ROOT).orElseThrow();
    }

    public DataTreeCandidate write(final YangInstanceIdentifier path, final NormalizedNode data) {
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        modification.write(path, data);
        return commit(modification);
    }

    public DataTreeCandidate delete(final YangInstanceIdentifier path) {
        final DataTreeModification modification = tree.takeSnapshot().newModification();
        modification.delete(path);
        return commit(modification);
    }

    private DataTreeCandidate commit(final DataTreeModification modification) {
        modification.ready();
        try {
            tree.validate(modification);
            final DataTreeCandidate candidate = tree.prepare(modification);
            tree.commit(candidate);
            return candidate;
        } catch (DataValidationFailedException e) {
            throw new IllegalStateException(e);
        }
    }

    public QName interfaces(final String name) {
        return QName.create(interfacesModule, name);
    }

    public QName instances(final String name) {
        return QName.create(instancesModule, name);
    }

    public YangInstanceIdentifier interfaceList() {
        return YangInstanceIdentifier.of(new NodeIdentifier(interfaces("interfaces")),
            new NodeIdentifier(interfaces("interface")));
    }

    public YangInstanceIdentifier interfaceEntry(final String name) {
        return interfaceList().node(NodeIdentifierWithPredicates.of(interfaces("interface"), interfaces("name"), name));
    }

    public YangInstanceIdentifier description(final String name) {
        return interfaceEntry(name).node(interfaces("config")).node(interfaces("description"));
    }

    public YangInstanceIdentifier networkInstances() {
        return YangInstanceIdentifier.of(new NodeIdentifier(instances("network-instances")));
    }

    public NormalizedNode descriptionLeaf(final String text) {
        return ImmutableNodes.leafNode(interfaces("description"), text);
    }

    /** The interface entries now in the tree. */
    public MapNode interfaceMap() {
        return (MapNode) tree.takeSnapshot().readNode(interfaceList()).orElseThrow();
    }

    /**
     * One random change through the DataTree: a leaf, a deleted or re-added interface, a deleted
     * subinterface, the network instances removed or put back, or (rarely) the whole root.
     */
    public DataTreeCandidate randomChange(final Random random, final NormalizedNode fullConfig) {
        final MapNode present = interfaceMap();
        final MapNode all = (MapNode) readFrom(fullConfig, interfaceList());
        final MapEntryNode anyPresent = present.body().stream().skip(random.nextInt(present.size())).findFirst()
            .orElseThrow();
        final String name = (String) anyPresent.name().getValue(interfaces("name"));
        switch (random.nextInt(8)) {
            case 0, 1, 2:
                return write(description(name), descriptionLeaf("changed " + random.nextInt(1_000_000)));
            case 3:
                return present.size() > 1 ? delete(interfaceEntry(name)) : write(description(name),
                    descriptionLeaf("last"));
            case 4: {
                final MapEntryNode entry = all.body().stream().skip(random.nextInt(all.size())).findFirst()
                    .orElseThrow();
                return write(interfaceList().node(entry.name()), entry);
            }
            case 5:
                return delete(interfaceEntry(name).node(interfaces("subinterfaces")));
            case 6:
                return tree.takeSnapshot().readNode(networkInstances()).isPresent() ? delete(networkInstances())
                    : write(networkInstances(), readFrom(fullConfig, networkInstances()));
            default:
                return random.nextInt(10) == 0 ? write(ROOT, fullConfig)
                    : write(description(name), descriptionLeaf("x".repeat(random.nextInt(200))));
        }
    }

    private static NormalizedNode readFrom(final NormalizedNode root, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(root, path).orElseThrow();
    }
}
