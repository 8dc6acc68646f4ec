package io.sextant.restconf.nacm;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.OtherCases;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.EditResult;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.Denial;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.WriteCheck;
import io.sextant.security.service.AccessControl;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
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
            if (!access.permitsEveryWrite(locate.apply(edit.path()))
                    || !access.isUnrestricted() && mayDisplace(edit)) {
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
        return CompletableFuture.allOf(existing.toArray(CompletableFuture[]::new))
            .thenCompose(ignored -> displaced(toCheck, existing, context))
            .thenCompose(deletes -> {
                final List<WriteCheck> checks = new ArrayList<>();
                for (int i = 0; i < toCheck.size(); i++) {
                    checks.add(check(toCheck.get(i), existing.get(i).join().orElse(null)));
                }
                checks.addAll(deletes);
                final Optional<Denial> denial = access.checkWrites(checks);
                if (denial.isPresent()) {
                    return CompletableFuture.failedFuture(denied(access, denial.orElseThrow()));
                }
                return delegate.edit(edits, context);
            });
    }

    /**
     * The deletes the edits cause beyond what they name: a node written into one case of a choice
     * deletes the nodes of its other cases (RFC 7950 7.9.2, {@link OtherCases}). Those nodes are
     * in the targets read already, or in choices above a target, which are read here.
     */
    private CompletableFuture<List<WriteCheck>> displaced(final List<Edit> edits,
            final List<CompletableFuture<Optional<NormalizedNode>>> existing, final RequestContext context) {
        final Map<YangInstanceIdentifier, NormalizedNode> known = new HashMap<>();
        final List<YangInstanceIdentifier> above = new ArrayList<>();
        for (int i = 0; i < edits.size(); i++) {
            final Edit edit = edits.get(i);
            existing.get(i).join().ifPresent(node -> known.put(edit.path(), node));
            if (edit.data() != null) {
                // a first pass only learns which choices above the target it needs
                displacedBy(edit, path -> {
                    if (!edit.path().contains(path)) {
                        above.add(dataNode(path));
                    }
                    return Optional.empty();
                });
            }
        }
        final List<CompletableFuture<Optional<NormalizedNode>>> reads = new ArrayList<>();
        for (YangInstanceIdentifier path : above) {
            reads.add(delegate.read(ReadScope.CONFIG, path, context).toCompletableFuture());
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            for (int i = 0; i < above.size(); i++) {
                final YangInstanceIdentifier path = above.get(i);
                reads.get(i).join().ifPresent(node -> known.put(path, node));
            }
            final OtherCases.Reader reader = path -> find(known, path);
            final List<WriteCheck> deletes = new ArrayList<>();
            for (Edit edit : edits) {
                if (edit.data() != null) {
                    for (YangInstanceIdentifier path : displacedBy(edit, reader)) {
                        deletes.add(WriteCheck.delete(locate.apply(path), find(known, path).orElse(null)));
                    }
                }
            }
            return deletes;
        });
    }

    /** Whether the edit writes into a choice, so that it may delete what another case holds. */
    private boolean mayDisplace(final Edit edit) {
        if (edit.data() == null) {
            return false;
        }
        final List<YangInstanceIdentifier> choices = new ArrayList<>();
        displacedBy(edit, path -> {
            choices.add(path);
            return Optional.empty();
        });
        return !choices.isEmpty();
    }

    private List<YangInstanceIdentifier> displacedBy(final Edit edit, final OtherCases.Reader reader) {
        final EffectiveModelContext schema = locate.apply(edit.path()).innermost().schema();
        try {
            return new OtherCases(DataSchemaContextTree.from(schema)).displacedBy(edit.path(),
                edit.requireData(), edit.operation() == Edit.Operation.MERGE, reader);
        } catch (OperationErrorsException e) {
            throw new IllegalStateException("reads of data already read cannot fail", e);
        }
    }

    /** The nearest data node at or above a choice's path (a choice is read through its parent). */
    private YangInstanceIdentifier dataNode(final YangInstanceIdentifier choice) {
        final DataSchemaContextTree tree = DataSchemaContextTree.from(locate.apply(choice).innermost().schema());
        YangInstanceIdentifier path = choice;
        while (!path.isEmpty() && tree.childByPath(path) != null
                && tree.childByPath(path).dataSchemaNode() instanceof ChoiceSchemaNode) {
            path = path.getParent();
        }
        return path;
    }

    /** The node at {@code path} within one of the nodes read, or empty. */
    private static Optional<NormalizedNode> find(final Map<YangInstanceIdentifier, NormalizedNode> known,
            final YangInstanceIdentifier path) {
        for (Map.Entry<YangInstanceIdentifier, NormalizedNode> read : known.entrySet()) {
            if (read.getKey().contains(path)) {
                return NormalizedNodes.findNode(read.getKey(), read.getValue(), path);
            }
        }
        return Optional.empty();
    }

    private WriteCheck check(final Edit edit, final @Nullable NormalizedNode existing) {
        final DataPath path = locate.apply(edit.path());
        return switch (edit.operation()) {
            case CREATE -> WriteCheck.create(path, edit.requireData());
            case MERGE -> WriteCheck.merge(path, edit.requireData(), existing);
            case REPLACE -> WriteCheck.replace(path, edit.requireData(), existing);
            case DELETE -> WriteCheck.delete(path, existing);
            case REMOVE -> WriteCheck.remove(path, existing);
        };
    }

    static OperationErrorsException denied(final NacmAccess access, final Denial denial) {
        LOG.debug("NACM denied {} of {} to user {} ({})", denial.operation(), denial.path(), access.user(),
            denial.decision().decidedBy());
        return OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.ACCESS_DENIED, "Access denied: user '"
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
