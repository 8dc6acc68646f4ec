package io.sextant.persistence.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.sextant.persistence.OpenConfigFixtures;
import io.sextant.persistence.Trees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;

class BinaryCodecTest {

    @Test
    void openConfigDataRoundTripsExactly() throws IOException {
        final ContainerNode config = OpenConfigFixtures.config(40, "uplink to provider ünïcode / [x]");
        final byte[] bytes = BinaryCodec.encode(config);
        final NormalizedNode decoded = BinaryCodec.decodeNode(bytes);
        assertNotSame(config, decoded);
        assertEquals(config, decoded);
    }

    @Test
    void pathsWithKeysRoundTripExactly() throws IOException {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        for (YangInstanceIdentifier path : List.of(YangInstanceIdentifier.of(), trees.interfaceEntry("ge-0/0/7"),
                trees.description("eth [x]/1"), trees.networkInstances())) {
            assertEquals(path, BinaryCodec.decodePath(BinaryCodec.encode(path)));
        }
    }

    @Test
    void diffsKeepThePathAndBothImagesOfEveryChange() throws IOException {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(5, "first"));
        final NormalizedNode before = trees.root();
        final List<DiffEntry> diff = new ArrayList<>();
        diff.addAll(DiffEntry.of(trees.write(trees.description("ge-0/0/3"), trees.descriptionLeaf("new"))));
        diff.addAll(DiffEntry.of(trees.delete(trees.interfaceEntry("ge-0/0/4"))));
        diff.addAll(DiffEntry.of(trees.write(trees.networkInstances(),
            NormalizedNodes.findNode(before, trees.networkInstances()).orElseThrow())));
        assertEquals(3, diff.size(), diff.toString());
        assertEquals(trees.descriptionLeaf("new"), diff.get(0).afterOrNull());
        assertEquals(trees.descriptionLeaf("port 3"), diff.get(0).beforeOrNull());
        assertNull(diff.get(1).afterOrNull());

        assertEquals(diff, BinaryCodec.decodeDiff(BinaryCodec.encode(diff)));
    }

    @Test
    void truncatedBytesAreRefusedNotMisread() {
        final byte[] bytes = BinaryCodec.encode(OpenConfigFixtures.config(2, "x"));
        assertThrows(IOException.class, () -> BinaryCodec.decodeNode(Arrays.copyOf(bytes, bytes.length / 2)));
    }

}
