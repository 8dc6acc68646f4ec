package io.sextant.persistence.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.OpenConfigFixtures;
import io.sextant.persistence.Trees;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;

class EntryLayoutTest {
    private final EntryLayout layout = new EntryLayout(2);

    @Test
    void rowsAreTopLevelContainersAndListEntriesToTheConfiguredDepth() {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(3, "x"));
        final Map<String, ConfigEntry> rows = byKey(layout.split(trees.root()));
        // interfaces, network-instances; 3 interfaces + 1 instance; 6 subinterfaces + 2 protocols
        assertEquals(2 + 4 + 8, rows.size(), rows.keySet().toString());
        final String entry = EntryKeys.of(trees.interfaceEntry("ge-0/0/1"));
        assertEquals(1, rows.get(entry).depth());
        assertTrue(entry.endsWith("interfaces/interface[name=ge-0%2F0%2F1]"), entry);
    }

    @Test
    void aOneLeafCommitRewritesOnlyTheRowHoldingTheLeaf() {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        trees.write(Trees.ROOT, OpenConfigFixtures.config(500, "x"));
        final DataTreeCandidate change = trees.write(trees.description("ge-0/0/42"), trees.descriptionLeaf("new"));
        final EntryChanges rows = layout.changes(change);
        assertEquals(List.of(), rows.deletedTrees());
        assertEquals(1, rows.written().size());
        assertEquals(EntryKeys.of(trees.interfaceEntry("ge-0/0/42")), rows.written().get(0).key());
    }

    @Test
    void rowsKeptUpToDateByEachCommitEqualTheRowsOfTheWholeTree() {
        final Trees trees = new Trees(OpenConfigFixtures.schema());
        final ContainerNode full = OpenConfigFixtures.config(25, "first");
        final Map<String, ConfigEntry> stored = new TreeMap<>();
        apply(stored, layout.changes(trees.write(Trees.ROOT, full)));
        final Random random = new Random(11);
        for (int step = 0; step < 300; step++) {
            apply(stored, layout.changes(trees.randomChange(random, full)));
            assertEquals(byKey(layout.split(trees.root())), stored, "step " + step);
        }
        assertEquals(trees.root(), assemble(stored.values()));
    }

    @Test
    void aRowThatAppearsInAStaleStoreDeletesNoRowsAnotherInstanceWroteBelowIt() {
        final ContainerNode config = OpenConfigFixtures.config(2, "x");
        final Map<String, ConfigEntry> stored = new TreeMap<>();
        // two instances' stores on one set of rows; the second has not followed the first's write yet
        final Trees one = new Trees(OpenConfigFixtures.schema());
        final Trees other = new Trees(OpenConfigFixtures.schema());
        final YangInstanceIdentifier first = one.interfaceEntry("ge-0/0/0");
        final YangInstanceIdentifier second = one.interfaceEntry("ge-0/0/1");
        apply(stored, layout.changes(one.write(first, entry(config, first))));
        final EntryChanges appeared = layout.changes(other.write(second, entry(config, second)));
        assertEquals(List.of(), appeared.deletedTrees(), "the interfaces container appeared in the second store");
        apply(stored, appeared);
        assertTrue(stored.containsKey(EntryKeys.of(first)), stored.keySet().toString());
        assertTrue(stored.containsKey(EntryKeys.of(second)), stored.keySet().toString());
        final Trees both = new Trees(OpenConfigFixtures.schema());
        both.write(first, entry(config, first));
        both.write(second, entry(config, second));
        assertEquals(both.root(), assemble(stored.values()));
    }

    private static NormalizedNode entry(final ContainerNode config, final YangInstanceIdentifier path) {
        return NormalizedNodes.findNode(config, path.getPathArguments()).orElseThrow();
    }

    /** What the repository does in SQL: delete the subtrees, then upsert. */
    static void apply(final Map<String, ConfigEntry> rows, final EntryChanges changes) {
        if (changes.deleteAll()) {
            rows.clear();
        }
        for (String tree : changes.deletedTrees()) {
            rows.keySet().removeIf(key -> key.equals(tree) || key.startsWith(tree + "/") || key.startsWith(tree + "["));
        }
        for (ConfigEntry entry : changes.written()) {
            rows.put(entry.key(), entry);
        }
    }

    /** Rows put back into a schema-aware tree in depth order, as a loader does. */
    static NormalizedNode assemble(final Collection<ConfigEntry> rows) {
        final Trees rebuilt = new Trees(OpenConfigFixtures.schema());
        rows.stream().sorted(Comparator.comparingInt(ConfigEntry::depth).thenComparing(ConfigEntry::key))
            .forEach(row -> rebuilt.write(row.path(), row.data()));
        return rebuilt.root();
    }

    private static Map<String, ConfigEntry> byKey(final List<ConfigEntry> rows) {
        return rows.stream().collect(Collectors.toMap(ConfigEntry::key, row -> row, (a, b) -> {
            throw new AssertionError("two rows with key " + a.key());
        }, TreeMap::new));
    }
}
