package io.sextant.restconf.server;

import static io.sextant.datastore.Failures.unwrap;

import io.sextant.spi.OperationErrorsException;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.spi.EditResult;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.CreateResourceResult;
import io.sextant.restconf.api.DataPatchResult;
import io.sextant.restconf.api.DataPutResult;
import io.sextant.restconf.api.DataYangPatchResult;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.ServerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.Empty;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Writes to data resources: PUT, POST (create), PATCH, YANG-Patch and DELETE. Each request's body
 * is parsed in its target's schema and becomes {@link DataEdit}s, which are planned (positional
 * edits) and applied at the target's data service with the request's preconditions.
 */
final class DataWrites {
    private final PathResolver resolver;
    private final Versions versions;

    DataWrites(final PathResolver resolver, final Versions versions) {
        this.resolver = resolver;
        this.versions = versions;
    }

    /** PUT: created, unless the target existed or is a datastore root (which always does). */
    CompletionStage<DataPutResult> put(final ApiPath path, final RequestBody body, final QueryParameters params,
            final Conditions conditions, final RequestContext context) throws OperationErrorsException, ServerException {
        final Target target = resolver.resolveData(path);
        final NormalizedNode data = BodyReader.parse(target, BodyReader.dataResource(path), body, () -> {
            checkTopModule(target, body);
            return BodyParser.parseResource(target, body);
        });
        checkName(target, data);
        final DataEdit edit = new DataEdit(null, params.insert() != null
            ? DataEdit.Operation.PLACE : DataEdit.Operation.REPLACE, target, data, params.insert(),
            point(params));
        return write(target, path, List.of(edit), conditions, context)
            .thenApply(created -> created && !target.isRoot() ? DataPutResult.CREATED : DataPutResult.REPLACED);
    }

    /** POST that creates a child resource of the target. */
    CompletionStage<CreateResourceResult> create(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context)
            throws OperationErrorsException, ServerException {
        final Target target = resolver.resolveData(path);
        final BodyParser.Child child = BodyReader.parse(target, BodyReader.dataResource(path), body, () -> {
            BodyShape.checkModule(body, module -> !target.codecs().schema().findModules(module).isEmpty(),
                "a module of the schema");
            return BodyParser.parseChild(target, body);
        });
        final YangInstanceIdentifier created = YangInstanceIdentifier.builder(target.path())
            .append(child.prefix()).build();
        final Target createdTarget = childTarget(target, child.prefix());
        final DataEdit edit = new DataEdit(null, params.insert() != null
            ? DataEdit.Operation.INSERT : DataEdit.Operation.CREATE, createdTarget, child.data(),
            params.insert(), point(params));
        return write(target, path, List.of(edit), conditions, context)
            .thenApply(result -> new CreateResourceResult(createdPath(path, target, created)));
    }

    CompletionStage<DataPatchResult> merge(final ApiPath path, final RequestBody body, final Conditions conditions,
            final RequestContext context) throws OperationErrorsException, ServerException {
        final Target target = resolver.resolveData(path);
        final NormalizedNode data = BodyReader.parse(target, BodyReader.dataResource(path), body, () -> {
            checkTopModule(target, body);
            return BodyParser.parseResource(target, body);
        });
        checkName(target, data);
        final DataEdit edit = new DataEdit(null, DataEdit.Operation.MERGE, target, data, null, null);
        return write(target, path, List.of(edit), conditions, context).thenApply(result -> DataPatchResult.MERGED);
    }

    /** YANG-Patch: all edits or none; a patch its edits fail is refused with their errors, not failed. */
    CompletionStage<DataYangPatchResult> yangPatch(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) throws OperationErrorsException, ServerException {
        final Target base = resolver.resolveData(path);
        final YangPatchParser.Patch patch = BodyReader.parse(base, BodyReader.dataResource(path), body,
            () -> YangPatchParser.parse(path, body, p -> {
                final Target t = resolver.resolveData(p);
                if (!t.data().equals(base.data())) {
                    throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                        "All edits of a YANG-Patch must stay within the data of the request target " + path);
                }
                return t;
            }));
        return write(base, path, patch.edits(), conditions, context)
            .thenApply(result -> DataYangPatchResult.ok(patch.patchId(), patch.targets()))
            .exceptionallyCompose(e -> unwrap(e) instanceof ServerException refused
                ? CompletableFuture.completedFuture(DataYangPatchResult.refused(patch.patchId(), refused.errors(),
                    patch.targets()))
                : CompletableFuture.failedFuture(e));
    }

    CompletionStage<Empty> delete(final ApiPath path, final Conditions conditions,
            final RequestContext context) throws OperationErrorsException {
        final Target target = resolver.resolveData(path);
        if (target.isRoot()) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
                "A datastore root cannot be deleted; delete its children");
        }
        final DataEdit edit = new DataEdit(null, DataEdit.Operation.DELETE, target, null, null, null);
        return write(target, path, List.of(edit), conditions, context).thenApply(result -> Empty.value());
    }

    private @Nullable Target point(final QueryParameters params) throws OperationErrorsException {
        final ApiPath point = params.point();
        return point == null ? null : resolver.resolveData(point);
    }

    /** The target of a child created below {@code parent}: the same services, the child's path and schema. */
    private static Target childTarget(final Target parent, final List<YangInstanceIdentifier.PathArgument> prefix) {
        DataSchemaContext context = parent.context();
        final SchemaInferenceStack stack = parent.stack().copy();
        for (YangInstanceIdentifier.PathArgument arg : prefix) {
            if (context instanceof DataSchemaContext.Composite composite) {
                final DataSchemaContext next = composite.enterChild(stack, arg);
                context = next == null ? context : next;
            }
        }
        return new Target(parent.codecs(), parent.data(), parent.rpcs(), YangInstanceIdentifier.builder(parent.path())
            .append(prefix).build(), context, stack, null);
    }

    /** The api-path of {@code created}: the one requested, then the steps below the target. */
    private static ApiPath createdPath(final ApiPath requested, final Target target,
            final YangInstanceIdentifier created) {
        final String below = InstanceIdentifiers.toApiPath(created, target.path().getPathArguments().size(),
            target.codecs().schema());
        final List<ApiPath.Step> steps = new ArrayList<>(requested.steps());
        steps.addAll(ApiPath.parse(below).steps());
        return new ApiPath(steps);
    }

    /**
     * Apply a request's edits at {@code target}'s data service: positional edits are planned on
     * the lists they reorder, and the request's preconditions (and the planned lists' being
     * unchanged) are checked atomically with the edits where the service can.
     *
     * @return whether the first edit created its target
     */
    private CompletionStage<Boolean> write(final Target target, final ApiPath path, final List<DataEdit> edits,
            final Conditions conditions, final RequestContext context) {
        return EditPlan.plan(edits, target.data(), context).thenCompose(plan -> {
            final Preconditions checks = new Preconditions(versions);
            if (conditions.restrictsWrite()) {
                checks.require(target.path(), conditions, path.toString(), target.context());
            }
            plan.lists().forEach((list, original) -> checks.unchanged(list, original.orElse(null)));
            final CompletionStage<EditResult> result = checks.isEmpty()
                ? target.data().edit(plan.edits(), context)
                : target.data().edit(plan.edits(), checks.combined(), context);
            final boolean positional = !plan.lists().isEmpty();
            return result.thenApply(done -> positional ? createdByPlan(edits, plan) : done.createdFirst());
        }).exceptionallyCompose(e -> Failures.inSchema(e, target.codecs().schema()));
    }

    /** For a positional PUT or POST: whether its entry was new, as the list read before the edit tells. */
    private static boolean createdByPlan(final List<DataEdit> edits, final EditPlan.Planned plan) {
        final YangInstanceIdentifier entry = edits.get(0).target().path();
        final Optional<NormalizedNode> list = plan.lists().getOrDefault(entry.getParent(), Optional.empty());
        return list.flatMap(l -> NormalizedNodes.findNode(l, entry.getLastPathArgument())).isEmpty();
    }

    /** The top-level name of a body must be the target's (and a list entry's keys the path's). */
    private static void checkName(final Target target, final NormalizedNode data) throws OperationErrorsException {
        if (target.isRoot()) {
            return;
        }
        final var expected = target.path().getLastPathArgument();
        if (!expected.equals(data.name())) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "The data in the body (" + describe(data.name()) + ") does not match the target resource ("
                    + describe(expected) + "): list keys in the body must equal those in the URI", target.path());
        }
    }

    private static String describe(final YangInstanceIdentifier.PathArgument arg) {
        return arg instanceof YangInstanceIdentifier.NodeIdentifierWithPredicates keyed
            ? arg.getNodeType().getLocalName() + keyed.asMap().values()
            : arg.getNodeType().getLocalName();
    }

    /** A PUT or PATCH body's top-level member, when module-qualified, names the target's module. */
    private static void checkTopModule(final Target target, final RequestBody body) throws OperationErrorsException {
        if (target.isRoot()) {
            return;
        }
        final String module = target.codecs().schema().findModule(target.context().dataSchemaNode().getQName()
            .getModule()).map(m -> m.getName()).orElse("");
        BodyShape.checkModule(body, module::equals, "'" + module + "'");
    }
}
