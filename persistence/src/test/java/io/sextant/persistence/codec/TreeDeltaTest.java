package io.sextant.persistence.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.OpenConfigFixtures;
import io.sextant.persistence.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

class TreeDeltaTest {

    @Test
    void oneLeafChangeOnALargeTreeIsOnePutOfThatLeaf() {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(2_000, "first"));
        final NormalizedNode before = trees.root();
        trees.write(trees.description("ge-0/0/1234"), trees.descriptionLeaf("changed"));
        final NormalizedNode after = trees.root();

        final List<ConfigChange> changes = TreeDelta.between(Trees.ROOT, before, after);
        assertEquals(List.of(ConfigChange.put(trees.description("ge-0/0/1234"), trees.descriptionLeaf("changed"))),
            changes);
        assertEquals(after, TreeEdits.apply(before, changes));
    }

    @Test
    void identicalTreesGiveNoChange() {
        final ContainerNode config = OpenConfigFixtures.config(3, "x");
        assertTrue(TreeDelta.between(Trees.ROOT, config, config).isEmpty());
        assertTrue(TreeDelta.between(Trees.ROOT, config, OpenConfigFixtures.config(3, "x")).isEmpty());
    }

    @Test
    void replayingTheDeltasOfRandomChangesRebuildsEveryTreeExactly() {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        final ContainerNode full = OpenConfigFixtures.config(30, "first");
        trees.write(Trees.ROOT, full);
        final NormalizedNode start = trees.root();
        final List<ConfigChange> journal = new ArrayList<>();
        final Random random = new Random(7);
        NormalizedNode before = start;
        for (int step = 0; step < 300; step++) {
            trees.randomChange(random, full);
            final NormalizedNode after = trees.root();
            final List<ConfigChange> changes = TreeDelta.between(Trees.ROOT, before, after);
            assertEquals(after, TreeEdits.apply(before, changes), "step " + step);
            journal.addAll(changes);
            before = after;
        }
        assertEquals(before, TreeEdits.apply(start, journal));
    }
}
