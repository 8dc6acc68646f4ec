package io.sextant.restconf.server;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DataService;
import io.sextant.spi.MountPoint;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.RpcService;
import io.sextant.restconf.api.ApiPath;
import io.sextant.restconf.api.ApiPath.Step;
import io.sextant.security.nacm.DataPath;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.Composite;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext.PathMixin;
import org.opendaylight.yangtools.yang.model.api.ActionDefinition;
import org.opendaylight.yangtools.yang.model.api.ActionNodeContainer;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.LeafSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.Module;
import org.opendaylight.yangtools.yang.model.api.RpcDefinition;
import org.opendaylight.yangtools.yang.model.api.SchemaNode;
import org.opendaylight.yangtools.yang.model.api.TypeAware;
import org.opendaylight.yangtools.yang.model.api.stmt.SchemaNodeIdentifier.Absolute;
import org.opendaylight.yangtools.yang.model.util.SchemaInferenceStack;

/**
 * Resolves RFC 8040 api-paths against the controller's schema, crossing into mount points at
 * {@code yang-ext:mount} steps and at registered mount containers.
 */
final class PathResolver {
    static final String MOUNT_MODULE = "yang-ext";
    static final String MOUNT_IDENTIFIER = "mount";
    static final QName RESTCONF_DATA =
        QName.create("urn:ietf:params:xml:ns:yang:ietf-restconf", "2017-01-26", "data");
    static final Target.Wrapper DATA_WRAPPER = new Target.Wrapper(RESTCONF_DATA, "ietf-restconf");

    private final SchemaCodecs rootCodecs;
    private final DataService rootData;
    private final RpcService rootRpcs;
    private final MountPointRegistry mounts;
    private final AccessGuard guard;

    PathResolver(final EffectiveModelContext schema, final DataService rootData, final RpcService rootRpcs,
            final MountPointRegistry mounts, final AccessGuard guard) {
        this.rootCodecs = SchemaCodecs.of(schema);
        final Function<YangInstanceIdentifier, DataPath> locateRoot = path -> DataPath.of(schema, path);
        this.rootData = guard.data(rootData, locateRoot);
        this.rootRpcs = guard.rpcs(rootRpcs, schema, locateRoot);
        this.mounts = mounts;
        this.guard = guard;
    }

    SchemaCodecs rootCodecs() {
        return rootCodecs;
    }

    /** A resolved RPC: the owner's services and the RPC's inference stack. */
    record RpcTarget(SchemaCodecs codecs, RpcService rpcs, RpcDefinition rpc, SchemaInferenceStack stack) {
    }

    /**
     * A resolved action: the owner's services, the data node it is invoked on (relative to the
     * owner's root), the action and its inference stack.
     */
    record ActionTarget(SchemaCodecs codecs, RpcService rpcs, YangInstanceIdentifier path, ActionDefinition action,
            SchemaInferenceStack stack) {

        /** The action's schema node identifier, as its implementations are registered. */
        Absolute type() {
            return stack.toSchemaNodeIdentifier();
        }
    }

    /** Mutable state of one resolution. */
    private final class Cursor {
        SchemaCodecs codecs = rootCodecs;
        DataService data = rootData;
        RpcService rpcs = rootRpcs;
        final List<PathArgument> absolute = new ArrayList<>();
        final List<PathArgument> relative = new ArrayList<>();
        DataSchemaContext context = rootCodecs.tree().getRoot();
        SchemaInferenceStack stack = SchemaInferenceStack.of(rootCodecs.schema());
        @Nullable QNameModule namespace;
        Target.@Nullable Wrapper rootWrapper = DATA_WRAPPER;
        Function<YangInstanceIdentifier, DataPath> locate = path -> DataPath.of(rootCodecs.schema(), path);

        void enterMount(final YangInstanceIdentifier at, final Target.Wrapper wrapper) throws OperationErrorsException {
            final MountPoint mount = mounts.find(at).orElseThrow(() -> OperationErrorsException.of(
                ErrorType.PROTOCOL, ErrorTag.DATA_MISSING, "No mount point at " + at, at));
            final DataPath mountPoint = locate.apply(YangInstanceIdentifier.of(relative));
            final EffectiveModelContext mountSchema = mount.schema();
            locate = path -> mountPoint.mount(mountSchema, path);
            codecs = SchemaCodecs.of(mountSchema);
            data = guard.data(mount.data(), locate);
            rpcs = guard.rpcs(mount.rpcs(), mountSchema, locate);
            relative.clear();
            context = codecs.tree().getRoot();
            stack = SchemaInferenceStack.of(codecs.schema());
            namespace = null;
            rootWrapper = wrapper;
        }

        Target toTarget() {
            return new Target(codecs, data, rpcs, YangInstanceIdentifier.of(relative), context, stack, rootWrapper);
        }
    }

    Target resolveData(final ApiPath path) throws OperationErrorsException {
        return walk(path, path.steps().size()).toTarget();
    }

    /**
     * The action a data path ends in (RFC 8040 section 3.6): the last step names an action of
     * the container or list entry before it. Empty when the path does not end in an action.
     */
    Optional<ActionTarget> findAction(final ApiPath path) throws OperationErrorsException {
        final List<Step> steps = path.steps();
        if (steps.size() < 2 || isMountStep(steps.get(steps.size() - 1))) {
            return Optional.empty();
        }
        final Cursor cursor = walk(path, steps.size() - 1);
        if (cursor.rootWrapper != null || cursor.context instanceof PathMixin
                || !(cursor.context.dataSchemaNode() instanceof ActionNodeContainer container)) {
            return Optional.empty();
        }
        final Step last = steps.get(steps.size() - 1);
        final QName name = qname(cursor, last, path);
        final Optional<ActionDefinition> action = container.findAction(name);
        if (action.isEmpty()) {
            return Optional.empty();
        }
        if (last.hasKeys()) {
            throw error(ErrorTag.INVALID_VALUE, "Action '" + last.identifier() + "' takes no keys", path);
        }
        final SchemaInferenceStack stack = cursor.stack.copy();
        stack.enterSchemaTree(name);
        return Optional.of(new ActionTarget(cursor.codecs, cursor.rpcs, YangInstanceIdentifier.of(cursor.relative),
            action.orElseThrow(), stack));
    }

    /** Resolve the first {@code count} steps of {@code path}. */
    private Cursor walk(final ApiPath path, final int count) throws OperationErrorsException {
        final Cursor cursor = new Cursor();
        final List<Step> steps = path.steps();
        for (int i = 0; i < count; i++) {
            final Step step = steps.get(i);
            if (isMountStep(step)) {
                cursor.enterMount(YangInstanceIdentifier.of(cursor.absolute), DATA_WRAPPER);
                continue;
            }
            final boolean last = i == count - 1;
            step(cursor, step, last, path);
            if (cursor.context instanceof Composite && mounts.isMountContainer(cursor.context.dataSchemaNode().getQName())
                    && !cursor.relative.isEmpty()) {
                final QName container = cursor.context.dataSchemaNode().getQName();
                cursor.enterMount(YangInstanceIdentifier.of(cursor.absolute), new Target.Wrapper(container,
                    cursor.codecs.schema().findModule(container.getModule()).orElseThrow().getName()));
            }
        }
        return cursor;
    }

    RpcTarget resolveOperation(final ApiPath path) throws OperationErrorsException {
        if (path.isEmpty()) {
            throw error(ErrorTag.INVALID_VALUE, "The RPC to invoke is missing", path);
        }
        final Cursor cursor = new Cursor();
        final List<Step> steps = path.steps();
        for (int i = 0; i < steps.size() - 1; i++) {
            final Step step = steps.get(i);
            if (isMountStep(step)) {
                cursor.enterMount(YangInstanceIdentifier.of(cursor.absolute), DATA_WRAPPER);
            } else {
                step(cursor, step, false, path);
            }
        }
        if (cursor.rootWrapper == null || !cursor.relative.isEmpty()) {
            throw error(ErrorTag.OPERATION_NOT_SUPPORTED, "RPCs live at the root of /rests/operations or of a "
                + "mount point; an action is invoked with POST on its data path, /rests/data/.../module:action", path);
        }
        final Step last = steps.get(steps.size() - 1);
        final QName name = qname(cursor, last, path);
        // the RPCs of the name's module: getOperations() gathers every module's RPCs at each call (8 % of
        // the controller's CPU in the A1 mix, where every device gets a calculate-diff and a commit)
        final Optional<? extends RpcDefinition> rpc = cursor.codecs.schema().findModule(name.getModule())
            .flatMap(module -> module.getRpcs().stream().filter(op -> op.getQName().equals(name)).findFirst());
        if (rpc.isEmpty()) {
            throw error(ErrorTag.INVALID_VALUE, "No RPC " + last + " in the schema", path);
        }
        final SchemaInferenceStack stack = SchemaInferenceStack.of(cursor.codecs.schema());
        stack.enterSchemaTree(name);
        return new RpcTarget(cursor.codecs, cursor.rpcs, rpc.orElseThrow(), stack);
    }

    private static boolean isMountStep(final Step step) {
        return MOUNT_MODULE.equals(step.module()) && MOUNT_IDENTIFIER.equals(step.identifier());
    }

    private void step(final Cursor cursor, final Step step, final boolean last, final ApiPath path)
            throws OperationErrorsException {
        if (!(cursor.context instanceof Composite composite)) {
            throw error(ErrorTag.DATA_MISSING, "'" + step + "' is below a node that has no children", path);
        }
        final QName name = qname(cursor, step, path);
        DataSchemaContext next = composite.enterChild(cursor.stack, name);
        if (next == null) {
            throw error(ErrorTag.DATA_MISSING, "Schema node '" + step + "' does not exist", path);
        }
        while (next instanceof PathMixin mixin) {
            add(cursor, mixin.mixinPathStep());
            final var schema = mixin.dataSchemaNode();
            if (schema instanceof ListSchemaNode || schema instanceof LeafListSchemaNode) {
                if (!step.hasKeys()) {
                    if (!last) {
                        throw error(ErrorTag.MISSING_ATTRIBUTE, "List '" + step + "' needs key values", path);
                    }
                    cursor.context = mixin;
                    cursor.rootWrapper = null;
                    return;
                }
                final DataSchemaContext item = mixin.enterChild(cursor.stack, name);
                add(cursor, schema instanceof ListSchemaNode list ? listKey(cursor, list, step, path)
                    : leafListValue(cursor, (LeafListSchemaNode) schema, step, path));
                cursor.context = item;
                cursor.rootWrapper = null;
                return;
            }
            next = mixin.enterChild(cursor.stack, name);
        }
        if (step.hasKeys()) {
            throw error(ErrorTag.INVALID_VALUE, "'" + step.identifier() + "' is not a list: it takes no keys", path);
        }
        add(cursor, next.getPathStep());
        cursor.context = next;
        cursor.rootWrapper = null;
    }

    private static void add(final Cursor cursor, final PathArgument arg) {
        cursor.absolute.add(arg);
        cursor.relative.add(arg);
    }

    private QName qname(final Cursor cursor, final Step step, final ApiPath path) throws OperationErrorsException {
        final QNameModule module;
        final String moduleName = step.module();
        if (moduleName != null) {
            final var found = cursor.codecs.schema().findModules(moduleName).stream().findFirst();
            if (found.isEmpty()) {
                throw error(ErrorTag.UNKNOWN_NAMESPACE, "Unknown module '" + moduleName + "'", path);
            }
            module = found.orElseThrow().getQNameModule();
        } else if (cursor.namespace != null) {
            module = cursor.namespace;
        } else {
            throw error(ErrorTag.MALFORMED_MESSAGE,
                "'" + step.identifier() + "' must be qualified with its module name (module:" + step.identifier() + ")",
                path);
        }
        cursor.namespace = module;
        try {
            return QName.create(module, step.identifier());
        } catch (IllegalArgumentException e) {
            throw error(ErrorTag.INVALID_VALUE, "Invalid identifier '" + step.identifier() + "'", path);
        }
    }

    private static NodeIdentifierWithPredicates listKey(final Cursor cursor, final ListSchemaNode list,
            final Step step, final ApiPath path) throws OperationErrorsException {
        final List<QName> keyDef = list.getKeyDefinition();
        if (keyDef.size() != step.keys().size()) {
            throw error(ErrorTag.MISSING_ATTRIBUTE, "List '" + step.identifier() + "' has " + keyDef.size()
                + " key(s) " + keyDef.stream().map(QName::getLocalName).toList() + ", the path gives "
                + step.keys().size(), path);
        }
        final Map<QName, Object> values = new HashMap<>();
        for (int i = 0; i < keyDef.size(); i++) {
            final QName key = keyDef.get(i);
            final var leaf = list.findDataChildByName(key).orElseThrow();
            values.put(key, parseValue(cursor, (LeafSchemaNode) leaf, step.keys().get(i), path));
        }
        return NodeIdentifierWithPredicates.of(list.getQName(), values);
    }

    private static NodeWithValue<?> leafListValue(final Cursor cursor, final LeafListSchemaNode leafList,
            final Step step, final ApiPath path) throws OperationErrorsException {
        if (step.keys().size() != 1) {
            throw error(ErrorTag.MISSING_ATTRIBUTE, "Leaf-list '" + step.identifier() + "' takes exactly one value",
                path);
        }
        return new NodeWithValue<>(leafList.getQName(), parseValue(cursor, leafList, step.keys().get(0), path));
    }

    private static <S extends TypeAware
            & SchemaNode> Object parseValue(final Cursor cursor,
            final S leaf, final String value, final ApiPath path) throws OperationErrorsException {
        final SchemaInferenceStack stack = cursor.stack.copy();
        if (leaf instanceof LeafSchemaNode) {
            stack.enterSchemaTree(leaf.getQName());
        }
        try {
            return cursor.codecs.json().codecFor(leaf, stack).parseValue(value);
        } catch (IllegalArgumentException e) {
            throw error(ErrorTag.INVALID_VALUE, "Invalid value '" + value + "' for " + leaf.getQName().getLocalName()
                + ": " + e.getMessage(), path);
        }
    }

    static OperationErrorsException error(final ErrorTag tag, final String message, final ApiPath path) {
        return OperationErrorsException.of(ErrorType.PROTOCOL, tag, message + " (path " + path + ")");
    }

    static Optional<Module> moduleOf(final EffectiveModelContext schema, final QNameModule module) {
        return schema.findModule(module).map(Module.class::cast);
    }
}
