package io.sextant.spi;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Reads and edits data by path. The controller's own datastore, a NETCONF device behind its
 * mount point and a UniConfig node's configuration all offer this one interface, which is
 * what the RESTCONF server talks to.
 *
 * <p>Results are asynchronous; failures complete the stage with an
 * {@link OperationErrorsException}.
 */
public interface DataService {

    CompletionStage<Optional<NormalizedNode>> read(ReadScope scope, YangInstanceIdentifier path,
        RequestContext context);

    /** Apply all edits, in order, as one atomic change: all of them or none. */
    CompletionStage<EditResult> edit(List<Edit> edits, RequestContext context);

    /**
     * Apply all edits as {@link #edit(List, RequestContext)} does, only if {@code precondition}
     * accepts the configuration at its path. A service that can check inside its atomic change
     * overrides this; the default reads the configuration first and then edits, so a writer
     * coming between the two is not seen.
     */
    default CompletionStage<EditResult> edit(final List<Edit> edits, final Precondition precondition,
            final RequestContext context) {
        return read(ReadScope.CONFIG, precondition.path(), context).thenCompose(current -> {
            try {
                precondition.check(current.orElse(null));
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            return edit(edits, context);
        });
    }
}
