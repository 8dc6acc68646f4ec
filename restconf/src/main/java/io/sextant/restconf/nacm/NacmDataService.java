package io.sextant.restconf.nacm;

import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.service.DataService;
import io.sextant.datastore.service.Edit;
import io.sextant.datastore.service.EditResult;
import io.sextant.datastore.service.ReadScope;
import io.sextant.datastore.service.RequestContext;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.Denial;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.WriteCheck;
import io.sextant.security.service.AccessControl;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link DataService} as one user may see it. Reads return what NACM leaves of the data (a
 * node the user may not read answers as absent, so its existence is not revealed); writes are
 * checked whole first and refused with {@code access-denied} (403) before anything is applied.
 * A write the rules permit wherever it lands (the admin's) is not looked at; otherwise the
 * target's current configuration is read to tell created, changed and deleted nodes apart.
 *
 * <p>Two views of the same service are equal: a YANG-Patch checks that its edits stay within
 * one service.
 */
final class NacmDataService implements DataService {
    private static final Logger LOG = LoggerFactory.getLogger(NacmDataService.class);

    private final DataService delegate;
    private final Function<YangInstanceIdentifier, DataPath> locate;
    private final AccessControl control;

    NacmDataService(final DataService delegate, final Function<YangInstanceIdentifier, DataPath> locate,
            final AccessControl control) {
        this.delegate = delegate;
        this.locate = locate;
        this.control = control;
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
            final RequestContext context) {
        final NacmAccess access = control.access(context);
        if (access.isUnrestricted()) {
            return delegate.read(scope, path, context);
        }
        final DataPath at = locate.apply(path);
        return delegate.read(scope, path, context).thenApply(data -> data.flatMap(node -> access.prune(at, node)));
    }

    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
        final NacmAccess access = control.access(context);
        final List<Edit> toCheck = new ArrayList<>();
        for (Edit edit : edits) {
            if (!access.permitsEveryWrite(locate.apply(edit.path()))) {
                toCheck.add(edit);
            }
        }
        if (toCheck.isEmpty()) {
            return delegate.edit(edits, context);
        }
        final List<CompletableFuture<Optional<NormalizedNode>>> existing = new ArrayList<>();
        for (Edit edit : toCheck) {
            existing.add(delegate.read(ReadScope.CONFIG, edit.path(), context).toCompletableFuture());
        }
        return CompletableFuture.allOf(existing.toArray(CompletableFuture[]::new)).thenCompose(ignored -> {
            final List<WriteCheck> checks = new ArrayList<>();
            for (int i = 0; i < toCheck.size(); i++) {
                checks.add(check(toCheck.get(i), existing.get(i).join().orElse(null)));
            }
            final Optional<Denial> denial = access.checkWrites(checks);
            if (denial.isPresent()) {
                return CompletableFuture.failedFuture(denied(access, denial.orElseThrow()));
            }
            return delegate.edit(edits, context);
        });
    }

    private WriteCheck check(final Edit edit, final NormalizedNode existing) {
        final DataPath path = locate.apply(edit.path());
        return switch (edit.operation()) {
            case CREATE -> WriteCheck.create(path, edit.data().orElseThrow());
            case MERGE -> WriteCheck.merge(path, edit.data().orElseThrow(), existing);
            case REPLACE -> WriteCheck.replace(path, edit.data().orElseThrow(), existing);
            case DELETE -> WriteCheck.delete(path, existing);
            case REMOVE -> WriteCheck.remove(path, existing);
        };
    }

    static OperationFailedException denied(final NacmAccess access, final Denial denial) {
        LOG.debug("NACM denied {} of {} to user {} ({})", denial.operation(), denial.path(), access.user(),
            denial.decision().decidedBy());
        return OperationFailedException.of(ErrorType.APPLICATION, ErrorTag.ACCESS_DENIED, "Access denied: user '"
            + access.user() + "' may not " + denial.operation().name().toLowerCase(Locale.ROOT) + " this node",
            denial.path());
    }

    @Override
    public boolean equals(final Object obj) {
        return obj instanceof NacmDataService other && delegate.equals(other.delegate);
    }

    @Override
    public int hashCode() {
        return delegate.hashCode();
    }
}
