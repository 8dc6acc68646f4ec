package io.sextant.persistence.codec;

import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One row of the configuration datastore: the subtree at {@code path}, without the list entries
 * below it that are rows of their own.
 *
 * @param key {@link EntryKeys#of(YangInstanceIdentifier)} of the path
 * @param depth how many list entries the path crosses (0 for a top-level container); rows are put
 *     back in order of depth, so a row never overwrites the rows below it
 */
public record ConfigEntry(String key, int depth, YangInstanceIdentifier path, NormalizedNode data) {
    public static ConfigEntry of(final YangInstanceIdentifier path, final int depth, final NormalizedNode data) {
        return new ConfigEntry(EntryKeys.of(path), depth, path, data);
    }
}
