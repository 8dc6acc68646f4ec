package io.sextant.restconf.api;

import org.eclipse.jdt.annotation.Nullable;

/**
 * An RPC or action ran (RFC 8040 sections 3.6 and 4.4.2).
 *
 * @param output its output; null when the operation has none or answered an empty one
 */
public record InvokeResult(@Nullable FormattableBody output) implements DataPostResult {
    private static final InvokeResult NO_OUTPUT = new InvokeResult(null);

    public static InvokeResult noOutput() {
        return NO_OUTPUT;
    }

    public static InvokeResult of(final FormattableBody output) {
        return new InvokeResult(output);
    }
}
