package io.sextant.restconf.server;

import com.google.gson.stream.JsonWriter;
import io.sextant.datastore.OperationError;
import io.sextant.datastore.codec.InstanceIdentifiers;
import io.sextant.datastore.codec.UserTerms;
import io.sextant.datastore.OperationFailedException;
import io.sextant.datastore.service.DataService;
import io.sextant.datastore.service.EditResult;
import io.sextant.datastore.service.MountPointRegistry;
import io.sextant.datastore.service.ReadScope;
import io.sextant.datastore.service.RequestContext;
import io.sextant.datastore.service.RpcService;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.Conditions;
import io.sextant.restconf.api.Format;
import io.sextant.restconf.api.FormattableBody;
import io.sextant.restconf.api.QueryParameters;
import io.sextant.restconf.api.RequestBody;
import io.sextant.restconf.api.ResourceVersion;
import io.sextant.restconf.api.RestconfResponse;
import io.sextant.restconf.api.RestconfServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.xml.XMLStreamNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.spi.node.MandatoryLeafEnforcer;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.InputSchemaNode;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.DOMException;

/**
 * The RESTCONF server: resolves paths (crossing mount points), parses bodies with yangtools'
 * codecs, and turns each verb into reads, edits and RPC calls on the owning services.
 * Expected failures become RFC 8040 error responses; nothing that a client sends produces a
 * 5xx unless a device or a component reports an internal failure.
 */
public final class DefaultRestconfServer implements RestconfServer {
    private static final Logger LOG = LoggerFactory.getLogger(DefaultRestconfServer.class);
    private static final String YANG_LIBRARY_VERSION = "2019-01-04";
    private static final String RESTCONF_NS = "urn:ietf:params:xml:ns:yang:ietf-restconf";
    private static final XMLOutputFactory XML_OUTPUT = XMLOutputFactory.newFactory();

    private final PathResolver resolver;
    private final EffectiveModelContext schema;
    private final RpcService rpcs;
    private final Versions versions = new Versions(Clock.systemUTC());
    private final OpenApiResources openApi;

    public DefaultRestconfServer(final EffectiveModelContext schema, final DataService data, final RpcService rpcs,
            final MountPointRegistry mounts) {
        this(schema, data, rpcs, mounts, AccessGuard.NONE);
    }

    /** A server whose requests see the data, mount points and RPCs through {@code guard}. */
    public DefaultRestconfServer(final EffectiveModelContext schema, final DataService data, final RpcService rpcs,
            final MountPointRegistry mounts, final AccessGuard guard) {
        this.schema = schema;
        this.rpcs = rpcs;
        this.resolver = new PathResolver(schema, data, rpcs, mounts, guard);
        this.openApi = new OpenApiResources(resolver, schema, data);
    }

    @Override
    public CompletionStage<RestconfResponse> dataGET(final ApiPath path, final QueryParameters params,
            final Conditions conditions, final RequestContext context) {
        return run(schema, () -> {
            final Target target = resolver.resolveData(path);
            if (params.fields().isPresent()) {
                DataFilters.checkFields(params.fields().orElseThrow(), target.isRoot()
                    ? target.codecs().schema() : target.context().dataSchemaNode(), target.codecs().schema());
            }
            final ReadScope scope = switch (params.content()) {
                case CONFIG -> ReadScope.CONFIG;
                case NONCONFIG -> ReadScope.NONCONFIG;
                case ALL -> ReadScope.ALL;
            };
            return target.data().read(scope, target.path(), context).thenApply(data -> {
                if (data.isEmpty()) {
                    if (conditions.ifMatch().isPresent()) {
                        throw new CompletionException(Preconditions.failed("the resource does not exist"));
                    }
                    if (target.isRoot()) {
                        return RestconfResponse.ok(new DataBody(target.codecs(), target.parentStack(),
                            target.rootWrapper(), emptyRoot()));
                    }
                    throw new CompletionException(OperationFailedException.of(ErrorType.PROTOCOL,
                        ErrorTag.DATA_MISSING, "Request could not be completed because the relevant data model "
                            + "content does not exist", target.path()));
                }
                // state data (content=nonconfig, or UniConfig's actual configuration) has no entity tag
                final Optional<ResourceVersion> version = scope == ReadScope.NONCONFIG ? Optional.empty()
                    : versions.of(path.toString(), data.orElseThrow(), target.context());
                if (version.isPresent()) {
                    final Optional<RestconfResponse> notModified = Preconditions.forRead(conditions,
                        version.orElseThrow());
                    if (notModified.isPresent()) {
                        return notModified.orElseThrow();
                    }
                }
                final RestconfResponse response = RestconfResponse.ok(body(target, data.orElseThrow(), params));
                return version.map(response::withVersion).orElse(response);
            }).exceptionallyCompose(e -> errorFor(e, target.codecs().schema()));
        });
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
        if (params.fields().isPresent()) {
            result = DataFilters.fields(result, params.fields().orElseThrow(), target.codecs().schema());
        }
        if (params.depth().isPresent()) {
            // a root wrapper is level 1 of its own: its children start at level 2
            result = DataFilters.depth(result, params.depth().getAsInt() + (target.isRoot() ? 1 : 0));
        }
        return new DataBody(target.codecs(), target.parentStack(), target.rootWrapper(), result, defaults);
    }

    @Override
    public CompletionStage<RestconfResponse> dataPUT(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return run(schema, () -> {
            final Target target = resolver.resolveData(path);
            final NormalizedNode data = parse(target, dataResource(path), body, () -> {
                checkTopModule(target, body);
                return BodyParser.parseResource(target, body);
            });
            checkName(target, data);
            final DataEdit edit = new DataEdit(Optional.empty(), params.insert().isPresent()
                ? DataEdit.Operation.PLACE : DataEdit.Operation.REPLACE, target, Optional.of(data), params.insert(),
                point(params));
            return write(target, path, List.of(edit), conditions, context)
                .thenApply(created -> created && !target.isRoot()
                    ? RestconfResponse.created("/rests/data/" + path.encoded().substring(1))
                    : RestconfResponse.noContent());
        });
    }

    private Optional<Target> point(final QueryParameters params) throws OperationFailedException {
        return params.point().isPresent() ? Optional.of(resolver.resolveData(params.point().orElseThrow()))
            : Optional.empty();
    }

    @Override
    public CompletionStage<RestconfResponse> dataPOST(final ApiPath path, final RequestBody body,
            final QueryParameters params, final Conditions conditions, final RequestContext context) {
        return run(schema, () -> {
            final Optional<PathResolver.ActionTarget> action = resolver.findAction(path);
            if (action.isPresent()) {
                return invokeAction(action.orElseThrow(), path, body, context);
            }
            final Target target = resolver.resolveData(path);
            final BodyParser.Child child = parse(target, dataResource(path), body, () -> {
                BodyShape.checkModule(body, module -> !target.codecs().schema().findModules(module).isEmpty(),
                    "a module of the schema");
                return BodyParser.parseChild(target, body);
            });
            final YangInstanceIdentifier created = YangInstanceIdentifier.builder(target.path())
                .append(child.prefix()).build();
            final Target createdTarget = childTarget(target, child.prefix());
            final DataEdit edit = new DataEdit(Optional.empty(), params.insert().isPresent()
                ? DataEdit.Operation.INSERT : DataEdit.Operation.CREATE, createdTarget, Optional.of(child.data()),
                params.insert(), point(params));
            return write(target, path, List.of(edit), conditions, context)
                .thenApply(result -> RestconfResponse.created(location(path, target, created)));
        });
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
            .append(prefix).build(), context, stack, Optional.empty());
    }

    private String location(final ApiPath requested, final Target target, final YangInstanceIdentifier created) {
        final String tail = InstanceIdentifiers.toApiPath(created, target.path().getPathArguments().size(),
            target.codecs().schema());
        final String head = requested.isEmpty() ? "" : requested.encoded().substring(1) + "/";
        return "/rests/data/" + head + tail;
    }

    @Override
    public CompletionStage<RestconfResponse> dataPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return run(schema, () -> {
            final Target target = resolver.resolveData(path);
            final NormalizedNode data = parse(target, dataResource(path), body, () -> {
                checkTopModule(target, body);
                return BodyParser.parseResource(target, body);
            });
            checkName(target, data);
            final DataEdit edit = new DataEdit(Optional.empty(), DataEdit.Operation.MERGE, target, Optional.of(data),
                Optional.empty(), Optional.empty());
            return write(target, path, List.of(edit), conditions, context)
                .thenApply(result -> RestconfResponse.noContent());
        });
    }

    @Override
    public CompletionStage<RestconfResponse> dataYangPATCH(final ApiPath path, final RequestBody body,
            final Conditions conditions, final RequestContext context) {
        return run(schema, () -> {
            final Target base = resolver.resolveData(path);
            final YangPatchParser.Patch patch = parse(base, dataResource(path), body, () -> YangPatchParser.parse(path,
                body,
                p -> {
                    final Target t = resolver.resolveData(p);
                    if (!t.data().equals(base.data())) {
                        throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                            "All edits of a YANG-Patch must stay within the data of the request target " + path);
                    }
                    return t;
                }));
            return write(base, path, patch.edits(), conditions, context)
                .thenApply(result -> RestconfResponse.ok(new PatchStatusBody(patch.patchId())))
                .exceptionallyCompose(e -> {
                    Throwable cause = unwrap(e);
                    if (cause instanceof InSchema inSchema) {
                        cause = inSchema.failure;
                    }
                    if (cause instanceof OperationFailedException failed) {
                        return CompletableFuture.completedFuture(new RestconfResponse(status(failed),
                            Optional.of(new ErrorsBody(failed.errors(), base.codecs().schema(),
                                Optional.of(patch.patchId()))), Optional.empty()));
                    }
                    return CompletableFuture.failedFuture(cause);
                });
        });
    }

    @Override
    public CompletionStage<RestconfResponse> dataDELETE(final ApiPath path, final Conditions conditions,
            final RequestContext context) {
        return run(schema, () -> {
            final Target target = resolver.resolveData(path);
            if (target.isRoot()) {
                throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
                    "A datastore root cannot be deleted; delete its children");
            }
            final DataEdit edit = new DataEdit(Optional.empty(), DataEdit.Operation.DELETE, target, Optional.empty(),
                Optional.empty(), Optional.empty());
            return write(target, path, List.of(edit), conditions, context)
                .thenApply(result -> RestconfResponse.noContent());
        });
    }

    @Override
    public CompletionStage<RestconfResponse> dataOPTIONS(final ApiPath path, final RequestContext context) {
        return run(schema, () -> {
            if (resolver.findAction(path).isPresent()) {
                return CompletableFuture.completedFuture(RestconfResponse.options(List.of("OPTIONS", "POST")));
            }
            final Target target = resolver.resolveData(path);
            final boolean config = target.isRoot() || Versions.isConfig(target.context());
            return CompletableFuture.completedFuture(RestconfResponse.options(config
                ? List.of("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")
                : List.of("GET", "HEAD", "OPTIONS")));
        });
    }

    @Override
    public CompletionStage<RestconfResponse> operationsOPTIONS(final ApiPath path, final RequestContext context) {
        return run(schema, () -> {
            if (path.isEmpty()) {
                return CompletableFuture.completedFuture(RestconfResponse.options(List.of("GET", "HEAD", "OPTIONS")));
            }
            resolver.resolveOperation(path);
            return CompletableFuture.completedFuture(RestconfResponse.options(List.of("OPTIONS", "POST")));
        });
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
            plan.lists().forEach(checks::unchanged);
            final CompletionStage<EditResult> result = checks.isEmpty()
                ? target.data().edit(plan.edits(), context)
                : target.data().edit(plan.edits(), checks.combined(), context);
            final boolean positional = !plan.lists().isEmpty();
            return result.thenApply(done -> positional ? createdByPlan(edits, plan) : done.createdFirst());
        }).exceptionallyCompose(e -> {
            final Throwable cause = unwrap(e);
            return CompletableFuture.failedFuture(cause instanceof OperationFailedException failed
                ? new InSchema(failed, target.codecs().schema()) : cause);
        });
    }

    /**
     * The input's mandatory leaves (RFC 7950 7.14.2) must be there before the operation runs:
     * missing-element (400); implementations may rely on them.
     */
    private static void checkMandatoryInput(final InputSchemaNode schema, final ContainerNode input,
            final EffectiveModelContext context, final String resource) throws OperationFailedException {
        final MandatoryLeafEnforcer enforcer = MandatoryLeafEnforcer.forContainer(schema, true);
        if (enforcer != null) {
            try {
                enforcer.enforceOnData(input);
            } catch (IllegalArgumentException e) {
                throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT,
                    UserTerms.of(e.getMessage(), context) + " (body of " + resource + ")");
            }
        }
    }

    /** For a positional PUT or POST: whether its entry was new, as the list read before the edit tells. */
    private static boolean createdByPlan(final List<DataEdit> edits, final EditPlan.Planned plan) {
        final YangInstanceIdentifier entry = edits.get(0).target().path();
        final Optional<NormalizedNode> list = plan.lists().getOrDefault(entry.getParent(), Optional.empty());
        return list.flatMap(l -> NormalizedNodes.findNode(l, entry.getLastPathArgument())).isEmpty();
    }

    private CompletionStage<RestconfResponse> invokeAction(final PathResolver.ActionTarget action,
            final ApiPath path, final RequestBody body, final RequestContext context) throws OperationFailedException {
        final String module = action.codecs().schema().findModule(action.action().getQName().getModule())
            .map(m -> m.getName()).orElse("");
        final String resource = dataResource(path);
        parse(action.codecs().schema(), Optional.empty(), resource, body, () -> {
            BodyShape.checkInput(body, module);
            return body;
        });
        mark(body);
        final PushbackInputStream stream = new PushbackInputStream(body.stream(), 1);
        final boolean empty = isBlank(stream);
        final ContainerNode input = parse(action.codecs().schema(), Optional.empty(), resource, body,
            () -> BodyParser.parseInput(action.codecs(), action.stack(), action.action(),
                new RequestBody(body.format(), stream), empty));
        checkMandatoryInput(action.action().getInput(), input, action.codecs().schema(), resource);
        return action.rpcs().invokeAction(action.type(), action.path(), input, context).thenApply(output -> {
            if (output.isEmpty() || output.orElseThrow().isEmpty()) {
                return RestconfResponse.noContent();
            }
            return RestconfResponse.ok(new OutputBody(action.codecs(), action.stack(),
                action.action().getOutput().getQName(), output.orElseThrow()));
        }).exceptionallyCompose(e -> errorFor(e, action.codecs().schema()));
    }

    @Override
    public CompletionStage<RestconfResponse> operationsGET(final RequestContext context) {
        return run(schema, () -> CompletableFuture.completedFuture(RestconfResponse.ok(new OperationsBody(
            rpcs.rpcs().stream().sorted((a, b) -> a.toString().compareTo(b.toString())).toList()))));
    }

    @Override
    public CompletionStage<RestconfResponse> operationsPOST(final ApiPath path, final RequestBody body,
            final RequestContext context) {
        return run(schema, () -> {
            final PathResolver.RpcTarget rpc = resolver.resolveOperation(path);
            final String rpcModule = rpc.codecs().schema().findModule(rpc.rpc().getQName().getModule())
                .map(m -> m.getName()).orElse("");
            parse(rpc.codecs().schema(), Optional.empty(), "/rests/operations" + path, body, () -> {
                BodyShape.checkInput(body, rpcModule);
                return body;
            });
            mark(body);
            final PushbackInputStream stream = new PushbackInputStream(body.stream(), 1);
            final boolean empty = isBlank(stream);
            final ContainerNode input = parse(rpc.codecs().schema(), Optional.empty(), "/rests/operations" + path,
                body, () -> BodyParser.parseInput(rpc.codecs(), rpc.stack(), rpc.rpc(),
                    new RequestBody(body.format(), stream), empty));
            checkMandatoryInput(rpc.rpc().getInput(), input, rpc.codecs().schema(), "/rests/operations" + path);
            final QName name = rpc.rpc().getQName();
            return rpc.rpcs().invoke(name, input, context).thenApply(output -> {
                if (output.isEmpty() || output.orElseThrow().isEmpty()) {
                    return RestconfResponse.noContent();
                }
                return RestconfResponse.ok(new OutputBody(rpc.codecs(), rpc.stack(), rpc.rpc().getOutput().getQName(),
                    output.orElseThrow()));
            }).exceptionallyCompose(e -> errorFor(e, rpc.codecs().schema()));
        });
    }

    @Override
    public CompletionStage<RestconfResponse> rootGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RestconfResponse.ok((format, pretty, out) -> {
            if (format == Format.XML) {
                writeXml(out, xml -> {
                    xml.writeStartElement("", "restconf", RESTCONF_NS);
                    xml.writeDefaultNamespace(RESTCONF_NS);
                    xml.writeEmptyElement("data");
                    xml.writeEmptyElement("operations");
                    xml.writeStartElement("yang-library-version");
                    xml.writeCharacters(YANG_LIBRARY_VERSION);
                    xml.writeEndElement();
                    xml.writeEndElement();
                });
            } else {
                writeJson(out, pretty, json -> {
                    json.name("ietf-restconf:restconf").beginObject();
                    json.name("data").beginObject().endObject();
                    json.name("operations").beginObject().endObject();
                    json.name("yang-library-version").value(YANG_LIBRARY_VERSION);
                    json.endObject();
                });
            }
        }));
    }

    @Override
    public CompletionStage<RestconfResponse> yangLibraryVersionGET(final RequestContext context) {
        return CompletableFuture.completedFuture(RestconfResponse.ok((format, pretty, out) -> {
            if (format == Format.XML) {
                writeXml(out, xml -> {
                    xml.writeStartElement("", "yang-library-version", RESTCONF_NS);
                    xml.writeDefaultNamespace(RESTCONF_NS);
                    xml.writeCharacters(YANG_LIBRARY_VERSION);
                    xml.writeEndElement();
                });
            } else {
                writeJson(out, pretty, json -> json.name("ietf-restconf:yang-library-version")
                    .value(YANG_LIBRARY_VERSION));
            }
        }));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiListGET(final RequestContext context) {
        return run(schema, () -> openApi.list(context));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiControllerGET(final RequestContext context) {
        return run(schema, () -> CompletableFuture.completedFuture(openApi.controller()));
    }

    @Override
    public CompletionStage<RestconfResponse> openApiMountGET(final ApiPath mountPoint, final RequestContext context) {
        return run(schema, () -> CompletableFuture.completedFuture(openApi.mount(mountPoint)));
    }

    /**
     * Map a failure to its RFC 8040 response. Anything unexpected is logged with its stack and
     * becomes a 500 whose message says only that: no exception text reaches the client.
     */
    public static RestconfResponse errorResponse(final Throwable failure, final EffectiveModelContext schema) {
        final Throwable cause = unwrap(failure);
        if (cause instanceof InSchema inSchema) {
            return errorResponse(inSchema.failure, inSchema.schema);
        }
        if (cause instanceof OperationFailedException failed) {
            return new RestconfResponse(status(failed), Optional.of(new ErrorsBody(failed.errors(), schema)),
                Optional.empty());
        }
        LOG.error("Unexpected failure while serving a RESTCONF request", cause);
        return new RestconfResponse(500, Optional.of(new ErrorsBody(List.of(OperationError.of(ErrorType.APPLICATION,
            ErrorTag.OPERATION_FAILED, "Internal error while serving the request; the server log has the details")),
            schema)), Optional.empty());
    }

    private static int status(final OperationFailedException failed) {
        if (Preconditions.isFailure(failed)) {
            return 412;
        }
        return failed.errors().isEmpty() ? 500 : ErrorStatus.of(failed.errors().get(0));
    }

    private static Throwable unwrap(final Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static CompletionStage<RestconfResponse> errorFor(final Throwable e, final EffectiveModelContext ctx) {
        return CompletableFuture.completedFuture(errorResponse(e, ctx));
    }

    /** The top-level name of a body must be the target's (and a list entry's keys the path's). */
    private static void checkName(final Target target, final NormalizedNode data) throws OperationFailedException {
        if (target.isRoot()) {
            return;
        }
        final var expected = target.path().getLastPathArgument();
        if (!expected.equals(data.name())) {
            throw OperationFailedException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "The data in the body (" + describe(data.name()) + ") does not match the target resource ("
                    + describe(expected) + "): list keys in the body must equal those in the URI", target.path());
        }
    }

    private static String describe(final YangInstanceIdentifier.PathArgument arg) {
        return arg instanceof YangInstanceIdentifier.NodeIdentifierWithPredicates keyed
            ? arg.getNodeType().getLocalName() + keyed.asMap().values()
            : arg.getNodeType().getLocalName();
    }

    private static ContainerNode emptyRoot() {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(EffectiveModelContext.NAME))
            .build();
    }

    private static boolean isBlank(final PushbackInputStream stream) throws OperationFailedException {
        try {
            int ch;
            do {
                ch = stream.read();
            } while (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t');
            if (ch < 0) {
                return true;
            }
            stream.unread(ch);
            return false;
        } catch (IOException e) {
            throw OperationFailedException.of(ErrorType.TRANSPORT, ErrorTag.MALFORMED_MESSAGE,
                "Cannot read the request body");
        }
    }

    /** A PUT or PATCH body's top-level member, when module-qualified, names the target's module. */
    private static void checkTopModule(final Target target, final RequestBody body) throws OperationFailedException {
        if (target.isRoot()) {
            return;
        }
        final String module = target.codecs().schema().findModule(target.context().dataSchemaNode().getQName()
            .getModule()).map(m -> m.getName()).orElse("");
        BodyShape.checkModule(body, module::equals, "'" + module + "'");
    }

    private static String dataResource(final ApiPath path) {
        return "/rests/data" + (path.isEmpty() ? "" : path.toString());
    }

    /** Parse a body into {@code target}: any failure is said in the user's terms and rendered in its schema. */
    private static <T> T parse(final Target target, final String resource, final RequestBody body,
            final Parse<T> parse) {
        mark(body);
        return parse(target.codecs().schema(), target.isRoot() ? Optional.empty() : Optional.of(target.path()),
            resource, body, parse);
    }

    private static <T> T parse(final EffectiveModelContext bodySchema, final Optional<YangInstanceIdentifier> errorPath,
            final String resource, final RequestBody body, final Parse<T> parse) {
        OperationFailedException failure;
        try {
            return parse.parse();
        } catch (OperationFailedException e) {
            failure = e;
        } catch (IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
            // codec failures that escape as runtime exceptions are invalid values
            failure = new OperationFailedException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                BodyParser.message(e)), e);
        } catch (DOMException e) {
            // yangtools builds an anyxml value as DOM: a JSON member name that is no XML name fails there
            failure = new OperationFailedException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "An anyxml value has a member name that is not a valid XML element name"));
        } catch (NullPointerException e) {
            // yangtools' JSON parser leaves a leaf given an object, array or null without a value
            failure = new OperationFailedException(OperationError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "A leaf has no value: an object, array or null stands where a value belongs"));
        }
        throw new InSchema(CodecErrors.explain(failure, resource, bodySchema, body.format(),
            CodecErrors.rewound(body.stream()), errorPath), bodySchema);
    }

    /** Remember the start of a body, so that an error can read it again to name a bad value's leaf. */
    private static void mark(final RequestBody body) {
        if (body.stream().markSupported()) {
            body.stream().mark(Integer.MAX_VALUE);
        }
    }

    /** A failure whose paths and names belong to another schema than the controller's (a mount point's). */
    private static final class InSchema extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final transient OperationFailedException failure;
        final transient EffectiveModelContext schema;

        InSchema(final OperationFailedException failure, final EffectiveModelContext schema) {
            super(null, null, false, false);
            this.failure = failure;
            this.schema = schema;
        }
    }

    @FunctionalInterface
    private interface Parse<T> {
        T parse() throws OperationFailedException;
    }

    @FunctionalInterface
    private interface Action {
        CompletionStage<RestconfResponse> run() throws OperationFailedException;
    }

    private static CompletionStage<RestconfResponse> run(final EffectiveModelContext schema, final Action action) {
        try {
            return action.run().exceptionallyCompose(e -> errorFor(e, schema));
        } catch (InSchema e) {
            return errorFor(e.failure, e.schema);
        } catch (OperationFailedException e) {
            return errorFor(e, schema);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return errorFor(new OperationFailedException(OperationError.of(ErrorType.PROTOCOL,
                ErrorTag.INVALID_VALUE, UserTerms.of(BodyParser.message(e), schema)), e), schema);
        } catch (RuntimeException e) {
            return errorFor(e, schema);
        }
    }

    @FunctionalInterface
    private interface JsonContent {
        void write(JsonWriter json) throws IOException;
    }

    @FunctionalInterface
    private interface XmlContent {
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    private static void writeJson(final OutputStream out, final boolean pretty, final JsonContent content)
            throws IOException {
        final JsonWriter json = new JsonWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        if (pretty) {
            json.setIndent("  ");
        }
        json.beginObject();
        content.write(json);
        json.endObject();
        json.flush();
    }

    private static void writeXml(final OutputStream out, final XmlContent content) throws IOException {
        try {
            final XMLStreamWriter xml = XML_OUTPUT.createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            content.write(xml);
            xml.writeEndDocument();
            xml.flush();
        } catch (XMLStreamException e) {
            throw new IOException("Cannot write XML", e);
        }
    }

    /** The list of invocable RPCs, as {@code ietf-restconf:operations}. */
    private final class OperationsBody implements FormattableBody {
        private final List<QName> names;

        OperationsBody(final List<QName> names) {
            this.names = names;
        }

        @Override
        public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
            if (format == Format.XML) {
                writeXml(out, xml -> {
                    xml.writeStartElement("", "operations", RESTCONF_NS);
                    xml.writeDefaultNamespace(RESTCONF_NS);
                    for (QName name : names) {
                        xml.writeEmptyElement("", name.getLocalName(), name.getNamespace().toString());
                        xml.writeDefaultNamespace(name.getNamespace().toString());
                    }
                    xml.writeEndElement();
                });
                return;
            }
            writeJson(out, pretty, json -> {
                json.name("ietf-restconf:operations").beginObject();
                for (QName name : names) {
                    final String module = schema.findModule(name.getModule()).map(m -> m.getName()).orElse("");
                    json.name(module + ":" + name.getLocalName()).beginArray().nullValue().endArray();
                }
                json.endObject();
            });
        }
    }

    /** RPC or action output, as {@code module:output} ({@code stack} at the operation). */
    private record OutputBody(SchemaCodecs codecs, SchemaInferenceStack operation, QName outputName,
            ContainerNode output) implements FormattableBody {
        @Override
        public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
            final ContainerNode named = output.name().getNodeType().equals(outputName) ? output
                : ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(outputName))
                    .withValue(output.body()).build();
            final SchemaInferenceStack stack = operation.copy();
            if (format == Format.XML) {
                writeXml(out, xml -> {
                    try {
                        NormalizedNodeWriter.forStreamWriter(XMLStreamNormalizedNodeStreamWriter.create(xml,
                            stack.toInference())).write(named).flush();
                    } catch (IOException e) {
                        throw new XMLStreamException(e);
                    }
                });
                return;
            }
            writeJson(out, pretty, json -> NormalizedNodeWriter.forStreamWriter(
                JSONNormalizedNodeStreamWriter.createNestedWriter(codecs.json(), stack.toInference(), null, json))
                .write(named).flush());
        }
    }

    /** A successful YANG-Patch: {@code yang-patch-status} with {@code ok}. */
    private record PatchStatusBody(String patchId) implements FormattableBody {
        @Override
        public void writeTo(final Format format, final boolean pretty, final OutputStream out) throws IOException {
            if (format == Format.XML) {
                writeXml(out, xml -> {
                    xml.writeStartElement("", "yang-patch-status", YangPatchParser.PATCH_NS);
                    xml.writeDefaultNamespace(YangPatchParser.PATCH_NS);
                    xml.writeStartElement("patch-id");
                    xml.writeCharacters(patchId);
                    xml.writeEndElement();
                    xml.writeEmptyElement("ok");
                    xml.writeEndElement();
                });
                return;
            }
            writeJson(out, pretty, json -> {
                json.name("ietf-yang-patch:yang-patch-status").beginObject();
                json.name("patch-id").value(patchId);
                json.name("ok").beginArray().nullValue().endArray();
                json.endObject();
            });
        }
    }

    /** Rebuild a list of path steps as an api-path, for error messages. */
    static ApiPath concat(final ApiPath base, final List<ApiPath.Step> more) {
        final List<ApiPath.Step> steps = new ArrayList<>(base.steps());
        steps.addAll(more);
        return new ApiPath(steps);
    }
}
