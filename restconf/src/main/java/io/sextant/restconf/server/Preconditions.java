package io.sextant.restconf.server;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Precondition;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.ResourceVersion;
import io.sextant.restconf.api.ServerErrors;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;

/**
 * The checks a write must pass before its edits apply, as one {@link Precondition} at the
 * deepest path above all of them: the request's {@code If-Match}, {@code If-None-Match} and
 * {@code If-Unmodified-Since} on its target (RFC 7232 section 6 order), and the lists a
 * positional edit reordered still being what was read.
 */
final class Preconditions {
    private final Versions versions;
    private final List<Check> checks = new ArrayList<>();

    private record Check(YangInstanceIdentifier path, Checker checker) {
    }

    @FunctionalInterface
    private interface Checker {
        void check(@Nullable NormalizedNode current) throws OperationErrorsException;
    }

    Preconditions(final Versions versions) {
        this.versions = versions;
    }

    boolean isEmpty() {
        return checks.isEmpty();
    }

    /** The request's conditions, on the configuration at {@code path} (the resource {@code key}). */
    void require(final YangInstanceIdentifier path, final Conditions conditions, final String key,
            final DataSchemaContext schema) {
        checks.add(new Check(path, current -> {
            final String tag = current == null ? null : versions.tag(current, schema);
            final List<String> ifMatch = conditions.ifMatch();
            final Instant ifUnmodifiedSince = conditions.ifUnmodifiedSince();
            final List<String> ifNoneMatch = conditions.ifNoneMatch();
            if (ifMatch != null) {
                if (!matches(ifMatch, tag)) {
                    throw failed(tag == null ? "the resource does not exist"
                        : "If-Match does not match the resource's current entity tag");
                }
            } else if (ifUnmodifiedSince != null && tag != null
                    && versions.lastModified(key, tag).isAfter(ifUnmodifiedSince)) {
                throw failed("the resource was modified after If-Unmodified-Since");
            }
            if (ifNoneMatch != null && matches(ifNoneMatch, tag)) {
                throw failed(tag != null && ifNoneMatch.contains(Conditions.ANY)
                    ? "the resource exists (If-None-Match: *)" : "If-None-Match matches the resource's entity tag");
            }
        }));
    }

    /** The list at {@code path} must still be {@code original}. */
    void unchanged(final YangInstanceIdentifier path, final @Nullable NormalizedNode original) {
        checks.add(new Check(path, current -> {
            if (!Objects.equals(current, original)) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.IN_USE,
                    "The list changed while the request was placing its entries; nothing was changed, try again",
                    path);
            }
        }));
    }

    /** All checks as one precondition, at the deepest path that holds all of theirs. */
    Precondition combined() {
        YangInstanceIdentifier common = checks.get(0).path;
        for (Check check : checks) {
            common = commonAncestor(common, check.path);
        }
        final YangInstanceIdentifier at = common;
        return new Precondition() {
            @Override
            public YangInstanceIdentifier path() {
                return at;
            }

            @Override
            public void check(final @Nullable NormalizedNode current) throws OperationErrorsException {
                for (Check check : checks) {
                    final List<PathArgument> below = check.path.getPathArguments().subList(
                        at.getPathArguments().size(), check.path.getPathArguments().size());
                    check.checker.check(current == null ? null : NormalizedNodes.findNode(current, below).orElse(null));
                }
            }
        };
    }

    private static YangInstanceIdentifier commonAncestor(final YangInstanceIdentifier a,
            final YangInstanceIdentifier b) {
        final List<PathArgument> left = a.getPathArguments();
        final List<PathArgument> right = b.getPathArguments();
        int n = 0;
        while (n < left.size() && n < right.size() && left.get(n).equals(right.get(n))) {
            n++;
        }
        return YangInstanceIdentifier.of(left.subList(0, n));
    }

    private static boolean matches(final List<String> tags, final @Nullable String tag) {
        return tag != null && (tags.contains(Conditions.ANY) || tags.contains(tag));
    }

    /**
     * A GET's conditions on the resource's current version: whether the client's copy is current
     * (answer "not modified" instead of the data); a failed If-Match or If-Unmodified-Since fails
     * the read as a failed precondition.
     */
    static boolean notModified(final Conditions conditions, final ResourceVersion version) {
        final String tag = version.entityTag();
        final List<String> ifMatch = conditions.ifMatch();
        final Instant ifUnmodifiedSince = conditions.ifUnmodifiedSince();
        final List<String> ifNoneMatch = conditions.ifNoneMatch();
        final Instant ifModifiedSince = conditions.ifModifiedSince();
        if (ifMatch != null) {
            if (!matches(ifMatch, tag)) {
                throw new CompletionException(
                    failed("If-Match does not match the resource's current entity tag"));
            }
        } else if (ifUnmodifiedSince != null && version.lastModified().isAfter(ifUnmodifiedSince)) {
            throw new CompletionException(
                failed("the resource was modified after If-Unmodified-Since"));
        }
        if (ifNoneMatch != null) {
            return matches(ifNoneMatch, tag);
        }
        if (ifModifiedSince != null) {
            return !version.lastModified().isAfter(ifModifiedSince);
        }
        return false;
    }

    static OperationErrorsException failed(final String why) {
        return new OperationErrorsException(new OperationError(ErrorType.PROTOCOL, ErrorTag.OPERATION_FAILED,
            "Precondition failed: " + why + "; nothing was changed", null,
            ServerErrors.PRECONDITION_FAILED, null));
    }
}
