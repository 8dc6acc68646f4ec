package io.sextant.uniconfig;

import io.sextant.spi.Edit;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.RequestContext;
import io.sextant.uniconfig.NodeResult.ErrorKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodes;

/**
 * copy-one-to-many: a subtree of one node's intent merged into (or replacing) the same place of
 * other nodes' intents, as one change of the request's transaction or at once, all target nodes
 * or none ({@link NodeEdits}).
 */
public final class CopyService {
    private static final String THE_COPY = "the copy";

    private final NodeRegistry registry;
    private final NodeEdits edits;

    CopyService(final NodeRegistry registry, final NodeEdits edits) {
        this.registry = registry;
        this.edits = edits;
    }

    /**
     * Copy what {@code sourceNode}'s intent holds at {@code path} to {@code targets}.
     *
     * @param path an RFC 8040 api-path inside the configuration ({@code openconfig-interfaces:interfaces/interface=eth1})
     * @param replace whether the copy replaces what each target has there (else it is merged)
     * @param access what the user may change; a target's change it refuses fails the whole request
     */
    public CompletionStage<OperationResult> copy(final String sourceNode, final String path, final boolean replace,
            final List<String> targets, final RequestContext context, final IntentAccess access) {
        final Optional<UniconfigNode> source = registry.node(sourceNode);
        if (source.isEmpty()) {
            return done(OperationResult.failed("Nothing copied: " + NodeResults.unknown(sourceNode).error()
                .map(NodeResult.NodeError::message).orElse("unknown source node " + sourceNode), List.of()));
        }
        final List<String> ids = List.copyOf(new LinkedHashSet<>(targets));
        if (ids.isEmpty()) {
            return done(OperationResult.failed("Nothing copied: name at least one target node", List.of()));
        }
        final YangInstanceIdentifier at;
        try {
            at = TemplatePath.parse(path, source.orElseThrow().schema());
        } catch (TemplateFailure e) {
            return done(OperationResult.failed("Nothing copied: " + e.getMessage(), List.of()));
        }
        if (at.isEmpty()) {
            return done(OperationResult.failed("Nothing copied: the path must name a subtree of the configuration, "
                + "not the whole of it", List.of()));
        }
        final Map<String, UniconfigNode> nodes = new LinkedHashMap<>();
        final List<NodeResult> unknown = new ArrayList<>();
        for (String id : ids) {
            registry.node(id).ifPresentOrElse(node -> nodes.put(id, node), () -> unknown.add(NodeResults.unknown(id)));
        }
        if (!unknown.isEmpty()) {
            return done(NodeEdits.notApplied(THE_COPY, ids, unknown));
        }
        return edits.apply(THE_COPY, ids, nodes.values(), context, access, (tx, out) -> {
            final UniconfigNode from = source.orElseThrow();
            final Optional<NormalizedNode> data = NormalizedNodes.findNode(tx != null ? tx.intended(from)
                : from.intendedRoot(), at);
            if (data.isEmpty()) {
                return List.of(NodeResult.failed(sourceNode, ErrorKind.PROCESSING_ERROR, "Node " + sourceNode
                    + " has nothing at " + path + " to copy"));
            }
            for (UniconfigNode node : nodes.values()) {
                out.put(node, List.of(replace ? Edit.replace(at, data.orElseThrow())
                    : Edit.merge(at, data.orElseThrow())));
            }
            return List.of();
        });
    }

    private static CompletionStage<OperationResult> done(final OperationResult result) {
        return CompletableFuture.completedFuture(result);
    }
}
