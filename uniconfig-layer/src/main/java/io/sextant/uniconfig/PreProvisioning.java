package io.sextant.uniconfig;

import io.sextant.datastore.DataStore;
import io.sextant.model.ControllerSchema;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.Registration;
import io.sextant.spi.RequestContext;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pre-provisioning (module {@code sextant-pre-provisioning}): a node's intent made before its
 * device connects, as a stored template with the node's variable values, applied to the node's
 * intent once its device is connected to this instance and its node served, and committed when
 * the entry asks for it. An entry is applied when its node becomes ready ({@link #nodeReady})
 * and when it is written while its node is ready; applied, it is removed; failed, it stays with
 * its {@code state} in the operational datastore.
 */
final class PreProvisioning implements AutoCloseable {
    static final QName PRE_PROVISIONED = QName.create(ControllerSchema.PRE_PROVISIONING, "pre-provisioned");
    static final QName NODE = QName.create(PRE_PROVISIONED, "node");
    static final QName NODE_ID = QName.create(PRE_PROVISIONED, "node-id");
    static final QName TEMPLATE_NAME = QName.create(PRE_PROVISIONED, "template-name");
    static final QName VARIABLE = QName.create(PRE_PROVISIONED, "variable");
    static final QName NAME = QName.create(PRE_PROVISIONED, "name");
    static final QName VALUE = QName.create(PRE_PROVISIONED, "value");
    static final QName COMMIT = QName.create(PRE_PROVISIONED, "commit");
    static final QName STATE = QName.create(PRE_PROVISIONED, "state");
    static final QName OUTCOME = QName.create(PRE_PROVISIONED, "outcome");
    static final QName TIME = QName.create(PRE_PROVISIONED, "time");
    static final QName MESSAGE = QName.create(PRE_PROVISIONED, "message");
    static final YangInstanceIdentifier ALL = YangInstanceIdentifier.of(PRE_PROVISIONED, NODE);
    /** The user that applies and commits entries, as the transaction log names it. */
    static final String USER = "pre-provisioning";
    private static final Logger LOG = LoggerFactory.getLogger(PreProvisioning.class);

    /** One stored entry; {@code data} as stored, to remove it only while it is the one applied. */
    record Entry(String nodeId, String template, Map<String, String> values, boolean commit, MapEntryNode data) {
    }

    /** What applies an entry: the layer's services. */
    record Services(NodeRegistry registry, TemplateService templates, CommitService commits,
            TransactionManager transactions) {
    }

    private final DataStore config;
    private final DataStore operational;
    private final Services services;
    private final Executor executor;
    private final Clock clock;
    private final Registration listener;
    private final Registration validator;
    /** Nodes whose entry is being applied. */
    private final Set<String> applying = ConcurrentHashMap.newKeySet();

    PreProvisioning(final DataStore config, final DataStore operational, final Services services,
            final Executor executor, final Clock clock) {
        this.config = config;
        this.operational = operational;
        this.services = services;
        this.executor = executor;
        this.clock = clock;
        this.listener = config.registerListener(YangInstanceIdentifier.of(PRE_PROVISIONED), this::changed);
        this.validator = config.registerValidator(YangInstanceIdentifier.of(PRE_PROVISIONED),
            new PreProvisionedValidator());
    }

    /** Node {@code nodeId}'s device connected here and its node is served: its entry, if any, is applied. */
    void nodeReady(final String nodeId) {
        find(nodeId).ifPresent(this::applySoon);
    }

    /** The stored entries, by node id, with their last failure. */
    List<PreProvisionedNode> all() {
        final Map<String, MapEntryNode> entries = entries(config.snapshot().read(YangInstanceIdentifier.of())
            .orElse(null));
        final Map<String, MapEntryNode> states = entries(operational.snapshot().read(YangInstanceIdentifier.of())
            .orElse(null));
        return entries.values().stream().map(PreProvisioning::entry).sorted(Comparator.comparing(Entry::nodeId))
            .map(entry -> new PreProvisionedNode(entry.nodeId(), entry.template(), entry.values(), entry.commit(),
                failure(states.get(entry.nodeId())))).toList();
    }

    private static @Nullable String failure(final @Nullable MapEntryNode state) {
        if (state == null || !(state.childByArg(NodeIdentifier.create(STATE)) instanceof ContainerNode failed)) {
            return null;
        }
        return LeafText.of(failed, TIME) + ": " + LeafText.of(failed, MESSAGE);
    }

    Optional<Entry> find(final String nodeId) {
        return config.snapshot().read(ALL.node(key(nodeId))).filter(MapEntryNode.class::isInstance)
            .map(entry -> entry((MapEntryNode) entry));
    }

    private static NodeIdentifierWithPredicates key(final String nodeId) {
        return NodeIdentifierWithPredicates.of(NODE, NODE_ID, nodeId);
    }

    private void changed(final DataTreeCandidate candidate) {
        final Map<String, MapEntryNode> before = entries(candidate.getRootNode().dataBefore());
        final Map<String, MapEntryNode> after = entries(candidate.getRootNode().dataAfter());
        before.keySet().stream().filter(nodeId -> !after.containsKey(nodeId)).forEach(this::forgetState);
        after.forEach((nodeId, entry) -> {
            if (!entry.equals(before.get(nodeId))) {
                applySoon(entry(entry));
            }
        });
    }

    private static Map<String, MapEntryNode> entries(final @Nullable NormalizedNode root) {
        final Map<String, MapEntryNode> entries = new LinkedHashMap<>();
        if (root != null && NormalizedNodes.findNode(root, ALL).orElse(null) instanceof MapNode list) {
            list.body().forEach(entry -> entries.put(String.valueOf(entry.name().getValue(NODE_ID)), entry));
        }
        return entries;
    }

    static Entry entry(final MapEntryNode entry) {
        final Map<String, String> values = new LinkedHashMap<>();
        if (entry.childByArg(NodeIdentifier.create(VARIABLE)) instanceof MapNode variables) {
            variables.body().forEach(variable -> values.put(LeafText.of(variable, NAME),
                LeafText.of(variable, VALUE)));
        }
        return new Entry(String.valueOf(entry.name().getValue(NODE_ID)), LeafText.of(entry, TEMPLATE_NAME), values,
            "true".equals(LeafText.of(entry, COMMIT)), entry);
    }

    /** Apply {@code entry} on the layer's executor (not on a listener's or a device's thread) if its node is ready. */
    private void applySoon(final Entry entry) {
        try {
            executor.execute(() -> applyIfReady(entry));
        } catch (RejectedExecutionException e) {
            // the layer is closing
        }
    }

    private void applyIfReady(final Entry entry) {
        final NodeRegistry registry = services.registry();
        if (registry.device(entry.nodeId()).isEmpty() || registry.node(entry.nodeId()).isEmpty()) {
            // its device is not connected here (yet): applied once it is
            return;
        }
        if (!applying.add(entry.nodeId())) {
            // being applied: an entry written meanwhile is applied after it (below)
            return;
        }
        CompletionStage<OperationResult> applied;
        try {
            applied = apply(entry);
        } catch (RuntimeException e) {
            applied = CompletableFuture.failedFuture(e);
        }
        applied.whenComplete((result, error) -> {
            try {
                settled(entry, result, error);
            } finally {
                applying.remove(entry.nodeId());
            }
            // written again while it was applied: the newer entry in its turn
            find(entry.nodeId()).filter(newer -> !newer.data().equals(entry.data())).ifPresent(this::applySoon);
        });
    }

    private CompletionStage<OperationResult> apply(final Entry entry) {
        final List<TemplateService.Target> target = List.of(new TemplateService.Target(entry.nodeId(), entry.values()));
        if (!entry.commit()) {
            return services.templates().applyTemplate(entry.template(), target, RequestContext.of(USER),
                IntentAccess.UNRESTRICTED);
        }
        // applied and committed in a transaction of its own: both, or neither
        final String tx = services.transactions().create(USER, null);
        final RequestContext context = new RequestContext(USER, tx);
        return services.templates().applyTemplate(entry.template(), target, context, IntentAccess.UNRESTRICTED)
            .thenCompose(applied -> applied.ok() ? services.commits().commit(List.of(entry.nodeId()), context)
                : CompletableFuture.completedFuture(applied))
            .whenComplete((result, error) -> services.transactions().close(tx));
    }

    private void settled(final Entry entry, final @Nullable OperationResult result, final @Nullable Throwable error) {
        if (error == null && result != null && result.ok()) {
            LOG.info("Node {}: pre-provisioned template {} {}", entry.nodeId(), entry.template(),
                entry.commit() ? "applied and committed" : "applied to its intent (not committed)");
            try {
                config.update(tx -> {
                    // a newer entry written meanwhile stays, to be applied in its turn
                    if (tx.read(ALL.node(key(entry.nodeId()))).filter(entry.data()::equals).isPresent()) {
                        tx.remove(ALL.node(key(entry.nodeId())));
                    }
                });
            } catch (OperationErrorsException e) {
                LOG.warn("Node {}: the applied pre-provisioning entry could not be removed: {}", entry.nodeId(),
                    e.getMessage());
            }
            forgetState(entry.nodeId());
            return;
        }
        final String why = error != null ? Objects.requireNonNullElse(error.getMessage(), "an internal error")
            : result == null ? "no result" : result.error().orElse("failed");
        LOG.warn("Node {}: pre-provisioned template {} not applied: {}", entry.nodeId(), entry.template(), why);
        try {
            operational.update(tx -> tx.merge(ALL.node(key(entry.nodeId())), ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(key(entry.nodeId()))
                .withChild(ImmutableNodes.leafNode(NODE_ID, entry.nodeId()))
                .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(STATE))
                    .withChild(ImmutableNodes.leafNode(OUTCOME, "failed"))
                    .withChild(ImmutableNodes.leafNode(TIME, DateTimeFormatter.ISO_INSTANT.format(clock.instant())))
                    .withChild(ImmutableNodes.leafNode(MESSAGE, why)).build())
                .build()));
        } catch (OperationErrorsException e) {
            LOG.warn("Node {}: the pre-provisioning failure could not be published: {}", entry.nodeId(), e.getMessage());
        }
    }

    private void forgetState(final String nodeId) {
        try {
            operational.update(tx -> tx.remove(ALL.node(key(nodeId))));
        } catch (OperationErrorsException e) {
            LOG.debug("Node {}: pre-provisioning state not removed: {}", nodeId, e.getMessage());
        }
    }

    @Override
    public void close() {
        validator.close();
        listener.close();
    }
}
