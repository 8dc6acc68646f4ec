package io.sextant.restconf.server;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.DataGetResult;
import io.sextant.restconf.api.FieldsExpression;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.ResourceVersion;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Reads of data resources: the target's data in the scope the query asks for, its version
 * checked against the request's conditions, and the query's with-defaults, fields and depth
 * applied to what is returned.
 */
final class DataReads {
    private final PathResolver resolver;
    private final Versions versions;

    DataReads(final PathResolver resolver, final Versions versions) {
        this.resolver = resolver;
        this.versions = versions;
    }

    CompletionStage<DataGetResult> get(final ApiPath path, final QueryParameters params,
            final Conditions conditions, final RequestContext context) throws OperationErrorsException {
        final Target target = resolver.resolveData(path);
        final FieldsExpression fields = params.fields();
        if (fields != null) {
            DataFilters.checkFields(fields, target.isRoot()
                ? target.codecs().schema() : target.context().dataSchemaNode(), target.codecs().schema());
        }
        final ReadScope scope = switch (params.content()) {
            case CONFIG -> ReadScope.CONFIG;
            case NONCONFIG -> ReadScope.NONCONFIG;
            case ALL -> ReadScope.ALL;
        };
        return target.data().read(scope, target.path(), context).<DataGetResult>thenApply(data -> {
            if (data.isEmpty()) {
                if (conditions.ifMatch() != null) {
                    throw new CompletionException(Preconditions.failed("the resource does not exist"));
                }
                if (target.isRoot()) {
                    return new DataGetResult.Content(new DataBody(target.codecs(), target.parentStack(),
                        target.rootWrapper(), emptyRoot()), null);
                }
                throw new CompletionException(OperationErrorsException.of(ErrorType.PROTOCOL,
                    ErrorTag.DATA_MISSING, "Request could not be completed because the relevant data model "
                        + "content does not exist", target.path()));
            }
            // state data (content=nonconfig, or UniConfig's actual configuration) has no entity tag
            final Optional<ResourceVersion> version = scope == ReadScope.NONCONFIG ? Optional.empty()
                : versions.of(path.toString(), data.orElseThrow(), target.context());
            if (version.isPresent() && Preconditions.notModified(conditions, version.orElseThrow())) {
                return new DataGetResult.NotModified(version.orElseThrow());
            }
            return new DataGetResult.Content(body(target, data.orElseThrow(), params), version.orElse(null));
        }).exceptionallyCompose(e -> Failures.failed(e, target.codecs().schema()));
    }

    /** The body of a GET: the data with the query's with-defaults, fields and depth applied. */
    private static DataBody body(final Target target, final NormalizedNode data, final QueryParameters params) {
        NormalizedNode result = data;
        Set<List<YangInstanceIdentifier.PathArgument>> defaults = Set.of();
        if (params.withDefaults() != QueryParameters.WithDefaults.EXPLICIT) {
            final WithDefaults withDefaults = new WithDefaults(target.codecs(), params.withDefaults(),
                params.content() == QueryParameters.Content.CONFIG);
            result = target.isRoot() && result instanceof ContainerNode root ? withDefaults.applyToRoot(root)
                : withDefaults.apply(result, target.context().dataSchemaNode());
            defaults = withDefaults.tagged();
        }
        final FieldsExpression fields = params.fields();
        if (fields != null) {
            result = DataFilters.fields(result, fields, target.codecs().schema());
        }
        if (params.depth().isPresent()) {
            // a root wrapper is level 1 of its own: its children start at level 2
            result = DataFilters.depth(result, params.depth().getAsInt() + (target.isRoot() ? 1 : 0));
        }
        return new DataBody(target.codecs(), target.parentStack(), target.rootWrapper(), result, defaults);
    }

    private static ContainerNode emptyRoot() {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(EffectiveModelContext.NAME))
            .build();
    }
}
