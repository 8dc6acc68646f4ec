package io.sextant.persistence.codec;

import java.util.List;

/**
 * The rows one commit changes: first every row at or below each of {@code deletedTrees} goes
 * (every row when {@code deleteAll}), then each of {@code written} is inserted or replaced.
 *
 * @param deletedTrees keys ({@link EntryKeys}) of the subtrees whose rows are removed
 */
public record EntryChanges(boolean deleteAll, List<String> deletedTrees, List<ConfigEntry> written) {
    public EntryChanges {
        deletedTrees = List.copyOf(deletedTrees);
        written = List.copyOf(written);
    }

    public boolean isEmpty() {
        return !deleteAll && deletedTrees.isEmpty() && written.isEmpty();
    }
}
