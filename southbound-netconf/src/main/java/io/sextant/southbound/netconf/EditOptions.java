package io.sextant.southbound.netconf;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The optional parameters of {@code <edit-config>} (RFC 6241 section 7.2). Each operation of the
 * edits carries its own {@code nc:operation}, so the default operation matters only for data
 * without one.
 *
 * @param defaultOperation {@code merge}, {@code replace} or {@code none}; null leaves the device default (merge)
 * @param testOption {@code test-then-set}, {@code set} or {@code test-only}; needs :validate; null for the device default
 * @param errorOption {@code stop-on-error}, {@code continue-on-error} or {@code rollback-on-error}; null for the
 *     device default
 */
public record EditOptions(@Nullable String defaultOperation, @Nullable String testOption,
        @Nullable String errorOption) {

    public static final EditOptions DEFAULT = new EditOptions(null, null, null);

    /** Ask the device to undo a partly applied edit (needs :rollback-on-error). */
    public static final EditOptions ROLLBACK_ON_ERROR = new EditOptions(null, null, "rollback-on-error");

    public EditOptions withDefaultOperation(final String operation) {
        return new EditOptions(operation, testOption, errorOption);
    }

    public EditOptions withErrorOption(final String option) {
        return new EditOptions(defaultOperation, testOption, option);
    }
}
