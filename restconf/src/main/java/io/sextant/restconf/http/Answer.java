package io.sextant.restconf.http;

import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.ResourceVersion;
import java.util.List;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What the HTTP layer answers a request with, before it is written: the status and what goes
 * into the body and headers.
 *
 * @param status the HTTP status code
 * @param body the body; null when there is none
 * @param location the {@code Location} header, for a created resource; null otherwise
 * @param version the {@code ETag} and {@code Last-Modified} headers, when the resource has them; null otherwise
 * @param allowed the {@code Allow} header (OPTIONS); empty otherwise
 * @param relayed whether it is another controller instance's answer to the request, sent on to it
 *     ({@link PeerForwarding}): that instance audited the request
 */
record Answer(int status, @Nullable FormattableBody body, @Nullable String location,
        @Nullable ResourceVersion version, List<String> allowed, boolean relayed, List<String> edited) {

    Answer {
        allowed = List.copyOf(allowed);
        edited = List.copyOf(edited);
    }

    /** An answer of this instance's own. */
    Answer(final int status, final @Nullable FormattableBody body, final @Nullable String location,
            final @Nullable ResourceVersion version, final List<String> allowed) {
        this(status, body, location, version, allowed, false, List.of());
    }

    /**
     * This answer, for a request that changed (or tried to change) {@code targets} below its own
     * target (a YANG-Patch's edits, relative to the request target): what the audit log names.
     */
    Answer edited(final List<String> targets) {
        return new Answer(status, body, location, version, allowed, relayed, targets);
    }

    static Answer of(final int status) {
        return new Answer(status, null, null, null, List.of());
    }

    static Answer of(final int status, final FormattableBody body) {
        return new Answer(status, body, null, null, List.of());
    }
}
