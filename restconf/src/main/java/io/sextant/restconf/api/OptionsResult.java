package io.sextant.restconf.api;

import java.util.List;

/**
 * The methods a resource allows (an OPTIONS request).
 *
 * @param allowed the method names, in the order to list them
 */
public record OptionsResult(List<String> allowed) {
    public static final OptionsResult READ_ONLY = new OptionsResult(List.of("GET", "HEAD", "OPTIONS"));
    public static final OptionsResult OPERATION = new OptionsResult(List.of("OPTIONS", "POST"));
    /** An operation the user may not invoke (NACM exec denied): a POST would answer 403. */
    public static final OptionsResult OPERATION_DENIED = new OptionsResult(List.of("OPTIONS"));
    public static final OptionsResult CONFIGURATION = new OptionsResult(List.of("DELETE", "GET", "HEAD", "OPTIONS",
        "PATCH", "POST", "PUT"));

    public OptionsResult {
        allowed = List.copyOf(allowed);
    }
}
