package io.sextant.restconf.server;

import io.sextant.restconf.api.QueryParameters.Insert;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One edit of a request, as the user asked for it: a YANG-Patch edit, or the single edit of a
 * PUT or POST. Positional edits (insert, move, and any edit with an {@code insert} parameter)
 * are turned into datastore edits by {@link EditPlan}.
 *
 * @param editId the YANG-Patch edit-id; null for a plain request
 * @param operation what to do
 * @param target the resolved target (for POST and YANG-Patch insert: the new entry)
 * @param data the value; null for delete, remove and move
 * @param where where an insert or move puts the entry; null otherwise
 * @param point the entry {@code where} before or after refers to; null otherwise
 */
record DataEdit(@Nullable String editId, Operation operation, Target target, @Nullable NormalizedNode data,
        @Nullable Insert where, @Nullable Target point) {

    /** The operations of RFC 8072 (section 2.5), and PUT's create-or-replace at a position. */
    enum Operation {
        CREATE, DELETE, INSERT, MERGE, MOVE, REPLACE, REMOVE,
        /** PUT with {@code insert}: create or replace the entry, at the given position. */
        PLACE;

        boolean isPositional() {
            return this == INSERT || this == MOVE || this == PLACE;
        }
    }

    /** "edit X: " before a message about a YANG-Patch edit; nothing for a plain request. */
    String prefix() {
        return editId == null ? "" : "edit " + editId + ": ";
    }

    /**
     * The value of an edit that writes one.
     *
     * @throws IllegalStateException for a delete, remove or move, which have none
     */
    NormalizedNode requireData() {
        if (data == null) {
            throw new IllegalStateException(operation + " has no data");
        }
        return data;
    }
}
