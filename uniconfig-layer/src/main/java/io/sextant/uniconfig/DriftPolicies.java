package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.model.ControllerSchema;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.unified.UnifiedDevice;
import io.sextant.unified.UnifiedDevices;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The drift policies stored in the controller's configuration datastore, at
 * {@code sextant-drift:drift-policies} (kept like the rest of that datastore, written over RESTCONF
 * and guarded by NACM there), and the choice of the policy governing one changed data node.
 * Paths are resolved once per node schema and policy version.
 */
final class DriftPolicies implements AutoCloseable {
    static final QName POLICIES = QName.create(ControllerSchema.DRIFT, "drift-policies");
    static final QName POLICY = QName.create(ControllerSchema.DRIFT, "policy");
    static final QName NAME = QName.create(ControllerSchema.DRIFT, "name");
    static final QName PATH = QName.create(ControllerSchema.DRIFT, "path");
    static final QName ACTION = QName.create(ControllerSchema.DRIFT, "action");
    static final QName NODE_ID = QName.create(ControllerSchema.DRIFT, "node-id");
    static final YangInstanceIdentifier ALL = YangInstanceIdentifier.of(POLICIES, POLICY);
    private static final Logger LOG = LoggerFactory.getLogger(DriftPolicies.class);

    /** A policy whose path the schema resolved. */
    private record Resolved(DriftPolicy policy, YangInstanceIdentifier pattern) {
        int depth() {
            return pattern.getPathArguments().size();
        }
    }

    private final DataStore config;
    private final UnifiedDevices devices;
    private final Registration validator;
    /** The policies of the stored list last read (the same list object: the same policies), per schema. */
    private final Map<EffectiveModelContext, List<Resolved>> resolved = new WeakHashMap<>();
    private @Nullable NormalizedNode resolvedFrom;

    /**
     * The policies in {@code config}, which from now on refuses a policy whose path does not begin
     * with module:name, or that the schemas of the connected {@code devices} show cannot apply
     * ({@link #checkAgainstConnected}).
     */
    DriftPolicies(final DataStore config, final UnifiedDevices devices) {
        this.config = config;
        this.devices = devices;
        this.validator = config.registerValidator(YangInstanceIdentifier.of(POLICIES), candidate -> {
            final NormalizedNode root = candidate.getRootNode().dataAfter();
            if (root != null && NormalizedNodes.findNode(root, ALL).orElse(null) instanceof MapNode all) {
                final NormalizedNode before = candidate.getRootNode().dataBefore();
                final @Nullable NormalizedNode was = before == null ? null
                    : NormalizedNodes.findNode(before, ALL).orElse(null);
                for (MapEntryNode entry : all.body()) {
                    final DriftPolicy policy = policy(entry);
                    check(policy);
                    if (!(was instanceof MapNode old) || !entry.equals(old.childByArg(entry.name()))) {
                        // policies stored before are not checked again: their nodes may be gone since
                        checkAgainstConnected(policy);
                    }
                }
            }
        });
    }

    /**
     * The action for the change at {@code path} (below the configuration root) of node
     * {@code nodeId} with {@code schema}: the governing policy's, {@link DriftPolicy.Action#REPORT} where none
     * applies.
     */
    DriftPolicy.Action actionFor(final String nodeId, final EffectiveModelContext schema,
            final YangInstanceIdentifier path) {
        return resolve(schema).stream()
            .filter(p -> p.policy().nodes().isEmpty() || p.policy().nodes().contains(nodeId))
            .filter(p -> TemplatePath.covers(p.pattern(), path))
            .min(Comparator.comparingInt(Resolved::depth).reversed()
                .thenComparing(p -> p.policy().nodes().isEmpty())
                .thenComparing(p -> p.policy().name()))
            .map(p -> p.policy().action()).orElse(DriftPolicy.Action.REPORT);
    }

    /** The stored policies, by name. */
    List<DriftPolicy> all() {
        return stored().map(list -> ((MapNode) list).body().stream().map(DriftPolicies::policy)
            .sorted(Comparator.comparing(DriftPolicy::name)).toList()).orElse(List.of());
    }

    private Optional<NormalizedNode> stored() {
        return config.snapshot().read(ALL).filter(list -> list instanceof MapNode map && !map.isEmpty());
    }

    private synchronized List<Resolved> resolve(final EffectiveModelContext schema) {
        final @Nullable NormalizedNode list = stored().orElse(null);
        if (list != resolvedFrom) {
            resolved.clear();
            resolvedFrom = list;
        }
        if (!(list instanceof MapNode map)) {
            return List.of();
        }
        return resolved.computeIfAbsent(schema, ignored -> {
            final List<Resolved> out = new ArrayList<>();
            for (MapEntryNode entry : map.body()) {
                final DriftPolicy policy = policy(entry);
                try {
                    out.add(new Resolved(policy, TemplatePath.pattern(policy.path(), schema,
                        "Drift policy " + policy.name() + ": path")));
                } catch (TemplateFailure e) {
                    // a policy for other models (OpenConfig, where a device has its own): not for this schema
                    LOG.debug("{}: it does not apply to nodes of this schema", e.getMessage());
                }
            }
            return List.copyOf(out);
        });
    }

    static DriftPolicy policy(final MapEntryNode entry) {
        final List<String> nodes = new ArrayList<>();
        if (entry.childByArg(NodeIdentifier.create(NODE_ID)) instanceof LeafSetNode<?> ids) {
            ids.body().forEach(id -> nodes.add(String.valueOf(id.body())));
        }
        return new DriftPolicy(LeafText.of(entry, NAME), LeafText.of(entry, PATH),
            DriftPolicy.Action.valueOf(LeafText.of(entry, ACTION).toUpperCase(Locale.ROOT)), Set.copyOf(nodes));
    }

    /** The module name the path's first step names; empty when it names none. */
    private static String firstModule(final DriftPolicy policy) {
        final String path = policy.path().startsWith("/") ? policy.path().substring(1) : policy.path();
        final String first = path.split("/", -1)[0];
        final String identifier = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        return identifier.indexOf(':') <= 0 ? "" : identifier.substring(0, identifier.indexOf(':'));
    }

    private static void check(final DriftPolicy policy) throws OperationErrorsException {
        if (firstModule(policy).isEmpty()) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "Drift policy "
                + policy.name() + ": path '" + policy.path() + "' must begin with module:name, for example "
                + "openconfig-interfaces:interfaces/interface/config/description");
        }
    }

    /**
     * A policy whose path no connected node's schema has, or (naming nodes) that a named connected
     * node's schema does not have, is refused with the step that does not resolve: a typo would
     * otherwise apply to nothing. Without a connected node to tell (all of them, or all the named
     * ones, disconnected), the policy is taken as written.
     */
    private void checkAgainstConnected(final DriftPolicy policy) throws OperationErrorsException {
        final String what = "Drift policy " + policy.name() + ": path";
        final Map<EffectiveModelContext, String> schemas = new IdentityHashMap<>();
        for (UnifiedDevice device : devices.devices()) {
            if (policy.nodes().isEmpty() || policy.nodes().contains(device.nodeId())) {
                schemas.putIfAbsent(device.schema(), device.nodeId());
            }
        }
        @Nullable TemplateFailure failed = null;
        for (Map.Entry<EffectiveModelContext, String> schema : schemas.entrySet()) {
            try {
                TemplatePath.pattern(policy.path(), schema.getKey(), what);
                if (policy.nodes().isEmpty()) {
                    return;
                }
            } catch (TemplateFailure e) {
                if (!policy.nodes().isEmpty()) {
                    throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, e.getMessage()
                        + " (node " + schema.getValue() + ")");
                }
                // the most telling failure: from a schema that has the path's module, but not the path
                if (failed == null || !schema.getKey().findModules(firstModule(policy)).isEmpty()) {
                    failed = e;
                }
            }
        }
        if (failed != null) {
            throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, failed.getMessage()
                + " (no connected node's schema has the path: the policy would apply to no node)");
        }
    }

    @Override
    public void close() {
        validator.close();
    }
}
