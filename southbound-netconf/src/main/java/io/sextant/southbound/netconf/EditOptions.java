package io.sextant.southbound.netconf;

import java.util.Optional;

/**
 * The optional parameters of {@code <edit-config>} (RFC 6241 section 7.2). Each operation of the
 * edits carries its own {@code nc:operation}, so the default operation matters only for data
 * without one.
 *
 * @param defaultOperation {@code merge}, {@code replace} or {@code none}; empty leaves the device default (merge)
 * @param testOption {@code test-then-set}, {@code set} or {@code test-only}; needs :validate
 * @param errorOption {@code stop-on-error}, {@code continue-on-error} or {@code rollback-on-error}
 */
public record EditOptions(Optional<String> defaultOperation, Optional<String> testOption,
        Optional<String> errorOption) {

    public static final EditOptions DEFAULT = new EditOptions(Optional.empty(), Optional.empty(), Optional.empty());

    /** Ask the device to undo a partly applied edit (needs :rollback-on-error). */
    public static final EditOptions ROLLBACK_ON_ERROR = new EditOptions(Optional.empty(), Optional.empty(),
        Optional.of("rollback-on-error"));

    public EditOptions withDefaultOperation(final String operation) {
        return new EditOptions(Optional.of(operation), testOption, errorOption);
    }

    public EditOptions withErrorOption(final String option) {
        return new EditOptions(defaultOperation, testOption, Optional.of(option));
    }
}
