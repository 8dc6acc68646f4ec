package io.sextant.datastore;

import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Precondition;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * The {@link DataService} of the controller's own tree: configuration reads and all edits go
 * to the configuration store, state reads to the operational store. Each call is one
 * transaction.
 */
public final class StoreDataService implements DataService {
    private final DataStore config;
    private final DataStore operational;

    public StoreDataService(final DataStore config, final DataStore operational) {
        this.config = config;
        this.operational = operational;
    }

    @Override
    public CompletionStage<Optional<NormalizedNode>> read(final ReadScope scope, final YangInstanceIdentifier path,
            final RequestContext context) {
        return switch (scope) {
            case CONFIG -> CompletableFuture.completedFuture(config.snapshot().read(path));
            case NONCONFIG -> CompletableFuture.completedFuture(operational.snapshot().read(path));
            case ALL -> {
                try {
                    yield CompletableFuture.completedFuture(readAll(path));
                } catch (OperationErrorsException e) {
                    yield CompletableFuture.failedFuture(e);
                }
            }
        };
    }

    private Optional<NormalizedNode> readAll(final YangInstanceIdentifier path) throws OperationErrorsException {
        final Optional<NormalizedNode> configData = config.snapshot().read(path);
        final Optional<NormalizedNode> stateData = operational.snapshot().read(path);
        if (configData.isEmpty() || stateData.isEmpty()) {
            return configData.isPresent() ? configData : stateData;
        }
        // Overlay state on configuration in a scratch operational tree, which accepts both.
        final var scratch = new InMemoryDataStore(StoreType.OPERATIONAL, config.snapshot().schema(), Runnable::run);
        final WriteTransaction tx = scratch.newTransaction();
        tx.put(path, configData.orElseThrow());
        tx.merge(path, stateData.orElseThrow());
        return tx.read(path);
    }

    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final RequestContext context) {
        return update(edits, tx -> { });
    }

    /** The precondition is checked inside the update, so no other writer can come between it and the edits. */
    @Override
    public CompletionStage<EditResult> edit(final List<Edit> edits, final Precondition precondition,
            final RequestContext context) {
        return update(edits, tx -> precondition.check(tx.read(precondition.path()).orElse(null)));
    }

    private CompletionStage<EditResult> update(final List<Edit> edits, final DataStore.Changes before) {
        final List<Boolean> created = new ArrayList<>(edits.size());
        try {
            // one request, one atomic update: concurrent requests never fail each other
            config.update(tx -> {
                before.apply(tx);
                for (Edit edit : edits) {
                    created.add(tx.read(edit.path()).isEmpty());
                    apply(tx, edit);
                }
            });
            return CompletableFuture.completedFuture(new EditResult(created));
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Apply one edit to a store transaction. */
    public static void apply(final WriteTransaction tx, final Edit edit) throws OperationErrorsException {
        switch (edit.operation()) {
            case CREATE -> tx.create(edit.path(), edit.requireData());
            case MERGE -> tx.merge(edit.path(), edit.requireData());
            case REPLACE -> tx.put(edit.path(), edit.requireData());
            case DELETE -> tx.delete(edit.path());
            case REMOVE -> tx.remove(edit.path());
            default -> throw new IllegalStateException("Unhandled " + edit.operation());
        }
    }
}
