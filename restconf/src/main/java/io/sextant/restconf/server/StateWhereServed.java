package io.sextant.restconf.server;

import io.sextant.datastore.NormalizedTrees;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Precondition;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The controller's own data, whose state data (content=nonconfig or all) is read only where it is
 * served: a read of state another controller instance serves (a device's connection status, by
 * the instance connecting the device) fails with the error naming that instance
 * ({@link MountPointRegistry#checkStateServedHere}), which the HTTP layer sends on to it; a read of
 * many nodes' state (a whole topology) is answered here with the state the other instances serve
 * merged in ({@link MountPointRegistry#stateServedElsewhere}).
 */
final class StateWhereServed implements DataService {
    private final DataService data;
    private final MountPointRegistry owners;

    StateWhereServed(final DataService data, final MountPointRegistry owners) {
        this.data = data;
        this.owners = owners;
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
            final RequestContext context) {
        if (scope == ReadScope.CONFIG) {
            return data.read(scope, path, context);
        }
        final List<NormalizedNode> elsewhere;
        try {
            owners.checkStateServedHere(path);
            elsewhere = owners.stateServedElsewhere(path);
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
        final CompletionStage<Optional<NormalizedNode>> here = data.read(scope, path, context);
        return elsewhere.isEmpty() ? here : here.thenApply(local -> {
            NormalizedNode merged = local.orElse(null);
            for (NormalizedNode other : elsewhere) {
                // this instance's own state wins where both have a node (one moving between instances)
                merged = merged == null ? other : NormalizedTrees.merge(other, merged);
            }
            return Optional.ofNullable(merged);
        });
    }

    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
        return data.edit(edits, context);
    }

    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final Precondition precondition,
            final RequestContext context) {
        return data.edit(edits, precondition, context);
    }
}
