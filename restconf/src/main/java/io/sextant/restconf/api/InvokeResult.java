package io.sextant.restconf.api;

import java.util.Optional;

/**
 * An RPC or action ran (RFC 8040 sections 3.6 and 4.4.2).
 *
 * @param output its output; empty when the operation has none or answered an empty one
 */
public record InvokeResult(Optional<FormattableBody> output) implements DataPostResult {
    private static final InvokeResult NO_OUTPUT = new InvokeResult(Optional.empty());

    public static InvokeResult noOutput() {
        return NO_OUTPUT;
    }

    public static InvokeResult of(final FormattableBody output) {
        return new InvokeResult(Optional.of(output));
    }
}
