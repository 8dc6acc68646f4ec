package io.sextant.restconf.api;

import java.time.Instant;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The preconditions of a request (RFC 8040 sections 3.4.1.1 and 3.4.1.2, with the meaning RFC
 * 7232 gives them), independent of how the transport carries them. Entity tags are the opaque
 * values without quotes; {@code *} stands for any. A condition the request does not make is null.
 *
 * @param ifMatch the resource must have one of these entity tags (or exist, for {@code *})
 * @param ifNoneMatch the resource must have none of these entity tags (or not exist, for {@code *})
 * @param ifModifiedSince GET only: answer "not modified" unless the resource changed after this
 * @param ifUnmodifiedSince the resource must not have changed after this
 */
public record Conditions(@Nullable List<String> ifMatch, @Nullable List<String> ifNoneMatch,
        @Nullable Instant ifModifiedSince, @Nullable Instant ifUnmodifiedSince) {

    /** Matches any entity tag, and so any existing resource. */
    public static final String ANY = "*";

    public static final Conditions NONE = new Conditions(null, null, null, null);

    public Conditions {
        ifMatch = ifMatch == null ? null : List.copyOf(ifMatch);
        ifNoneMatch = ifNoneMatch == null ? null : List.copyOf(ifNoneMatch);
    }

    /** Whether any condition restricts a write. */
    public boolean restrictsWrite() {
        return ifMatch != null || ifNoneMatch != null || ifUnmodifiedSince != null;
    }

    public boolean isEmpty() {
        return !restrictsWrite() && ifModifiedSince == null;
    }
}
