package io.sextant.spi;

import java.util.List;

/**
 * The outcome of a successful edit.
 *
 * @param created for each edit, whether its target did not exist before (RESTCONF answers
 *     201 Created rather than 204 for such a PUT)
 */
public record EditResult(List<Boolean> created) {

    public EditResult {
        created = List.copyOf(created);
    }

    public boolean createdFirst() {
        return !created.isEmpty() && created.get(0);
    }
}
