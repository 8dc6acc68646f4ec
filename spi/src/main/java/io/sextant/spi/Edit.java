package io.sextant.spi;

import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One change of a data edit. Every northbound write (PUT, POST, PATCH, YANG-Patch, DELETE)
 * becomes a list of edits applied atomically, and a NETCONF mount point turns the same list
 * into one edit-config.
 *
 * @param operation what to do
 * @param path target of the change
 * @param data the new data for create, merge and replace; null for delete and remove
 */
public record Edit(Operation operation, YangInstanceIdentifier path, @Nullable NormalizedNode data) {

    /** The operations of RFC 6241 edit-config and RFC 8072 YANG-Patch. */
    public enum Operation {
        /** Create; fails with data-exists when the target exists. */
        CREATE,
        /** Delete; fails with data-missing when the target does not exist. */
        DELETE,
        /** Merge into the target. */
        MERGE,
        /** Replace the target. */
        REPLACE,
        /** Delete if present. */
        REMOVE
    }

    public Edit {
        final boolean needsData = operation == Operation.CREATE || operation == Operation.MERGE
            || operation == Operation.REPLACE;
        if (needsData != (data != null)) {
            throw new IllegalArgumentException(operation + (needsData ? " needs" : " takes no") + " data");
        }
    }

    /**
     * The data of a create, merge or replace.
     *
     * @throws IllegalStateException for a delete or remove, which have none
     */
    public NormalizedNode requireData() {
        if (data == null) {
            throw new IllegalStateException(operation + " has no data");
        }
        return data;
    }

    public static Edit create(final YangInstanceIdentifier path, final NormalizedNode data) {
        return new Edit(Operation.CREATE, path, data);
    }

    public static Edit merge(final YangInstanceIdentifier path, final NormalizedNode data) {
        return new Edit(Operation.MERGE, path, data);
    }

    public static Edit replace(final YangInstanceIdentifier path, final NormalizedNode data) {
        return new Edit(Operation.REPLACE, path, data);
    }

    public static Edit delete(final YangInstanceIdentifier path) {
        return new Edit(Operation.DELETE, path, null);
    }

    public static Edit remove(final YangInstanceIdentifier path) {
        return new Edit(Operation.REMOVE, path, null);
    }
}
