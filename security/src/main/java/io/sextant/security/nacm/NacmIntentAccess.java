package io.sextant.security.nacm;

import static java.util.Objects.requireNonNull;

import io.sextant.model.ControllerSchema;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;

/**
 * A UniConfig node's intent changed as a whole, checked as a replace of its configuration
 * through its mount point would be: what it creates needs create access, what it changes update
 * access, what it removes delete access, with paths that cross the mount point as rules may.
 */
public final class NacmIntentAccess implements IntentAccess {
    private final NacmAccess access;

    private NacmIntentAccess(final NacmAccess access) {
        this.access = access;
    }

    /** What {@code access}'s user may change. */
    public static IntentAccess of(final NacmAccess access) {
        return access.isUnrestricted() ? IntentAccess.UNRESTRICTED : new NacmIntentAccess(requireNonNull(access));
    }

    @Override
    public void check(final Change change) throws OperationErrorsException {
        if (change.before() == change.after()) {
            return;
        }
        final DataPath root = DataPath.of(ControllerSchema.get(), change.configuration())
            .mount(change.schema(), YangInstanceIdentifier.of());
        final Optional<Denial> denial = access.checkWrites(List.of(WriteCheck.replace(root, change.after(),
            change.before())));
        if (denial.isPresent()) {
            final Denial denied = denial.orElseThrow();
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.ACCESS_DENIED, "Access denied: user '"
                + access.user() + "' may not " + denied.operation().name().toLowerCase(Locale.ROOT) + " "
                + describe(denied.path()) + " in the configuration of node " + change.nodeId() + ": nothing was "
                + "changed", change.configuration());
        }
    }

    /** A path inside a device's schema as a user reads it: {@code /interfaces/interface=eth1/config}. */
    static String describe(final YangInstanceIdentifier path) {
        if (path.isEmpty()) {
            return "the whole configuration";
        }
        final StringBuilder sb = new StringBuilder();
        final List<PathArgument> args = path.getPathArguments();
        for (int i = 0; i < args.size(); i++) {
            final PathArgument arg = args.get(i);
            if (i + 1 < args.size() && args.get(i + 1) instanceof NodeIdentifierWithPredicates next
                    && next.getNodeType().equals(arg.getNodeType())) {
                // a list, then its entry: one step, as in a RESTCONF path
                continue;
            }
            sb.append('/').append(arg.getNodeType().getLocalName());
            if (arg instanceof NodeIdentifierWithPredicates entry) {
                sb.append('=').append(entry.values().stream().map(String::valueOf).collect(Collectors.joining(",")));
            }
        }
        return sb.toString();
    }
}
