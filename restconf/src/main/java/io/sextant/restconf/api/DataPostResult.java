package io.sextant.restconf.api;

/**
 * What a POST on a data resource did (RFC 8040 section 4.4): created a child resource, or
 * invoked the action the path names.
 */
public sealed interface DataPostResult permits CreateResourceResult, InvokeResult {
}
