package io.sextant.uniconfig;

import static io.sextant.uniconfig.UniconfigLayerTest.CONFIG;
import static io.sextant.uniconfig.UniconfigLayerTest.IFS;
import static io.sextant.uniconfig.UniconfigLayerTest.iface;
import static io.sextant.uniconfig.UniconfigLayerTest.interfacePath;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/** What a drift check counts as a change of the device: not a leaf one side has at its default and the other lacks. */
class DriftedChangesTest {
    private static final QName ENABLED = QName.create(IFS, "enabled");

    private static EffectiveModelContext schema;

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces",
            "iana-if-type")));
    }

    private static NormalizedNode root(final MapEntryNode entry) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(
                QName.create(IFS, "data")))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(IFS))
                .withChild(ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(NodeIdentifier.create(
                    UniconfigLayerTest.IF)).withChild(entry).build()).build())
            .build();
    }

    /** {@code eth1} as {@link UniconfigLayerTest#iface}, with {@code enabled} set to {@code enabled}. */
    private static MapEntryNode withEnabled(final boolean enabled) {
        final MapEntryNode plain = iface("eth1", 1500, "uplink");
        final ContainerNode config = (ContainerNode) plain.childByArg(NodeIdentifier.create(CONFIG));
        final var withLeaf = ImmutableNodes.newContainerBuilder().withNodeIdentifier(config.name());
        config.body().forEach(withLeaf::withChild);
        withLeaf.withChild(ImmutableNodes.leafNode(ENABLED, enabled));
        final var entry = ImmutableNodes.newMapEntryBuilder().withNodeIdentifier(plain.name());
        plain.body().stream().filter(child -> !child.name().equals(config.name())).forEach(entry::withChild);
        return entry.withChild(withLeaf.build()).build();
    }

    @Test
    void aLeafAtItsDefaultOnTheDeviceOnlyIsNoDrift() {
        final NormalizedNode actual = root(iface("eth1", 1500, "uplink"));
        assertEquals(List.of(), DataChanges.of(ConfigDiff.between(actual, root(withEnabled(true))), schema));
        assertEquals(List.of(), DataChanges.of(ConfigDiff.between(root(withEnabled(true)), actual), schema));
    }

    @Test
    void aLeafOffItsDefaultIsDrift() {
        final List<ConfigDiff.Change> drifted = DataChanges.of(ConfigDiff.between(
            root(iface("eth1", 1500, "uplink")), root(withEnabled(false))), schema);
        assertEquals(1, drifted.size(), drifted.toString());
        assertEquals(interfacePath("eth1").node(CONFIG).node(ENABLED), drifted.get(0).path());
    }
}
