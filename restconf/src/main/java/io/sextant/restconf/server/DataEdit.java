package io.sextant.restconf.server;

import io.sextant.restconf.api.QueryParameters.Insert;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * One edit of a request, as the user asked for it: a YANG-Patch edit, or the single edit of a
 * PUT or POST. Positional edits (insert, move, and any edit with an {@code insert} parameter)
 * are turned into datastore edits by {@link EditPlan}.
 *
 * @param editId the YANG-Patch edit-id; empty for a plain request
 * @param operation what to do
 * @param target the resolved target (for POST and YANG-Patch insert: the new entry)
 * @param data the value; empty for delete, remove and move
 * @param where where an insert or move puts the entry; empty otherwise
 * @param point the entry {@code where} before or after refers to
 */
record DataEdit(Optional<String> editId, Operation operation, Target target, Optional<NormalizedNode> data,
        Optional<Insert> where, Optional<Target> point) {

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
        return editId.map(id -> "edit " + id + ": ").orElse("");
    }
}
