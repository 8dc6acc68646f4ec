package io.sextant.restconf.api;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The preconditions of a request (RFC 8040 sections 3.4.1.1 and 3.4.1.2, with the meaning RFC
 * 7232 gives them), independent of how the transport carries them. Entity tags are the opaque
 * values without quotes; {@code *} stands for any.
 *
 * @param ifMatch the resource must have one of these entity tags (or exist, for {@code *})
 * @param ifNoneMatch the resource must have none of these entity tags (or not exist, for {@code *})
 * @param ifModifiedSince GET only: answer "not modified" unless the resource changed after this
 * @param ifUnmodifiedSince the resource must not have changed after this
 */
public record Conditions(Optional<List<String>> ifMatch, Optional<List<String>> ifNoneMatch,
        Optional<Instant> ifModifiedSince, Optional<Instant> ifUnmodifiedSince) {

    /** Matches any entity tag, and so any existing resource. */
    public static final String ANY = "*";

    public static final Conditions NONE = new Conditions(Optional.empty(), Optional.empty(), Optional.empty(),
        Optional.empty());

    public Conditions {
        ifMatch = ifMatch.map(List::copyOf);
        ifNoneMatch = ifNoneMatch.map(List::copyOf);
    }

    /** Whether any condition restricts a write. */
    public boolean restrictsWrite() {
        return ifMatch.isPresent() || ifNoneMatch.isPresent() || ifUnmodifiedSince.isPresent();
    }

    public boolean isEmpty() {
        return !restrictsWrite() && ifModifiedSince.isEmpty();
    }
}
