package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One edit of a write, as NACM checks it: the target, the operation, the data written and what
 * the target holds now. From the two NACM knows which nodes the edit creates (create access),
 * changes (update) and removes (delete).
 *
 * @param path the target
 * @param operation the edit operation
 * @param data the data written; null for delete and remove
 * @param existing what the target holds before the edit; null when it does not exist
 */
public record WriteCheck(DataPath path, WriteOperation operation, @Nullable NormalizedNode data,
        @Nullable NormalizedNode existing) {
    public WriteCheck {
        requireNonNull(path);
        requireNonNull(operation);
        final boolean needsData = operation == WriteOperation.CREATE || operation == WriteOperation.MERGE
            || operation == WriteOperation.REPLACE;
        if (needsData != (data != null)) {
            throw new IllegalArgumentException(operation + (needsData ? " needs" : " takes no") + " data");
        }
    }

    public static WriteCheck create(final DataPath path, final NormalizedNode data) {
        return new WriteCheck(path, WriteOperation.CREATE, data, null);
    }

    /** @param existing what the target holds now, null when nothing */
    public static WriteCheck merge(final DataPath path, final NormalizedNode data,
            final @Nullable NormalizedNode existing) {
        return new WriteCheck(path, WriteOperation.MERGE, data, existing);
    }

    /** @param existing what the target holds now, null when nothing */
    public static WriteCheck replace(final DataPath path, final NormalizedNode data,
            final @Nullable NormalizedNode existing) {
        return new WriteCheck(path, WriteOperation.REPLACE, data, existing);
    }

    /** @param existing what the target holds now, null when nothing */
    public static WriteCheck delete(final DataPath path, final @Nullable NormalizedNode existing) {
        return new WriteCheck(path, WriteOperation.DELETE, null, existing);
    }

    /** @param existing what the target holds now, null when nothing */
    public static WriteCheck remove(final DataPath path, final @Nullable NormalizedNode existing) {
        return new WriteCheck(path, WriteOperation.REMOVE, null, existing);
    }
}
