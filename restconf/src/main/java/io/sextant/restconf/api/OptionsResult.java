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
    public static final OptionsResult CONFIGURATION = new OptionsResult(List.of("DELETE", "GET", "HEAD", "OPTIONS",
        "PATCH", "POST", "PUT"));

    public OptionsResult {
        allowed = List.copyOf(allowed);
    }
}
