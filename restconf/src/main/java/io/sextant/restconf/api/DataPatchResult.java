package io.sextant.restconf.api;

/** A plain PATCH merged its body into the target resource (RFC 8040 section 4.6.1). */
public record DataPatchResult() {
    public static final DataPatchResult MERGED = new DataPatchResult();
}
