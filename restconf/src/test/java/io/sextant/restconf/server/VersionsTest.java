package io.sextant.restconf.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.SchemaBuilder;
import io.sextant.model.YangSource;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.SystemMapNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;

/**
 * Entity tags cost what changed: after one entry of a wide list changes, the new tag hashes that
 * entry and the nodes above it, not the thousand entries that stayed the same (they are shared
 * between the two versions of the data, as a yangtools data tree shares them), and it is the tag
 * a server that never saw the old version gives the new data.
 */
class VersionsTest {
    private static final QNameModule MODULE = QNameModule.of(XMLNamespace.of("urn:sextant:test:rfc8040"),
        Revision.of("2026-11-23"));
    private static final QName PLAYLIST = QName.create(MODULE, "playlist");
    private static final QName UNORDERED = QName.create(MODULE, "unordered");
    private static final QName ID = QName.create(MODULE, "id");
    private static final int ENTRIES = 1_000;

    private static DataSchemaContext playlist;

    @BeforeAll
    static void schema() throws Exception {
        final var context = SchemaBuilder.build(List.of(new YangSource("sextant-test-rfc8040",
            Revision.of("2026-11-23"), VersionsTest.class.getResource("/yang/sextant-test-rfc8040@2026-11-23.yang"))));
        playlist = ((DataSchemaContext.Composite) DataSchemaContextTree.from(context).getRoot())
            .childByArg(new NodeIdentifier(PLAYLIST));
    }

    @Test
    void aChangeOfOneEntryOfAWideListHashesThatEntryAlone() {
        final Versions versions = new Versions(Clock.systemUTC());
        final List<MapEntryNode> entries = new ArrayList<>();
        for (int i = 0; i < ENTRIES; i++) {
            entries.add(entry("e" + i));
        }
        final ContainerNode before = playlist(entries);
        final String tagBefore = versions.tag(before, playlist);
        final long first = versions.nodesHashed();
        assertTrue(first >= 2 * ENTRIES, "the first tag hashes every node: " + first);

        entries.set(ENTRIES / 2, entry("changed"));
        final ContainerNode after = playlist(entries);
        final String tagAfter = versions.tag(after, playlist);
        final long second = versions.nodesHashed() - first;

        assertNotEquals(tagBefore, tagAfter);
        assertTrue(second <= 10, "the changed entry, its list and the container, not every entry: " + second);
        assertEquals(new Versions(Clock.systemUTC()).tag(after, playlist), tagAfter,
            "the same tag as hashing everything");
        assertEquals(tagBefore, new Versions(Clock.systemUTC()).tag(before, playlist));
    }

    private static MapEntryNode entry(final String id) {
        return ImmutableNodes.newMapEntryBuilder()
            .withNodeIdentifier(NodeIdentifierWithPredicates.of(UNORDERED, ID, id))
            .withChild(ImmutableNodes.leafNode(ID, id))
            .build();
    }

    private static ContainerNode playlist(final List<MapEntryNode> entries) {
        final SystemMapNode list = ImmutableNodes.newSystemMapBuilder()
            .withNodeIdentifier(new NodeIdentifier(UNORDERED))
            .withValue(entries)
            .build();
        return ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(PLAYLIST))
            .withChild(list)
            .build();
    }
}
