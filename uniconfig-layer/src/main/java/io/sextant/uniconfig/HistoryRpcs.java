package io.sextant.uniconfig;

import io.sextant.model.ControllerSchema;
import io.sextant.datastore.codec.JsonRenderer;
import io.sextant.persistence.HistoryMark;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.IntentAccess;
import io.sextant.spi.Registration;
import io.sextant.spi.RpcRegistry;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.DataContainerChild;
import org.opendaylight.yangtools.yang.data.api.schema.LeafNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** The RPCs of module sextant-history: revert-changes, list-history, read-history, compare-history. */
final class HistoryRpcs implements AutoCloseable {
    static final QNameModule MODULE = ControllerSchema.HISTORY;
    private static final QName OUTPUT = QName.create(MODULE, "output");
    private static final QName NODE_ID = QName.create(MODULE, "node-id");
    private static final QName TRANSACTION_ID = QName.create(MODULE, "transaction-id");
    private static final QName TIME = QName.create(MODULE, "time");

    private final List<Registration> registrations = new ArrayList<>();

    HistoryRpcs(final RevertService reverts, final HistoryService history, final IntentAccess.Policy access,
            final RpcRegistry registry) {
        registrations.add(registry.register(QName.create(MODULE, "revert-changes"), (input, context) -> {
            try {
                return reverts.revert(strings(input, TRANSACTION_ID), Boolean.TRUE.equals(leaf(input,
                    QName.create(MODULE, "ignore-non-matching"))), targetNodes(input), context,
                    access.forRequest(context))
                    .thenApply(reverted -> Optional.of(RevertOutput.of(reverted)));
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }));
        registrations.add(registry.register(QName.create(MODULE, "list-history"), (input, context) ->
            answer(() -> list(nodeId(input), history.marks(nodeId(input))))));
        registrations.add(registry.register(QName.create(MODULE, "read-history"), (input, context) ->
            answer(() -> read(history, history.point(nodeId(input), when(input))))));
        registrations.add(registry.register(QName.create(MODULE, "compare-history"), (input, context) ->
            answer(() -> compare(history, history.compare(nodeId(input), when(container(input, "from")),
                when(container(input, "to")))))));
    }

    /** Work that answers an RPC's output or fails with its RESTCONF error. */
    @FunctionalInterface
    private interface Answer {
        ContainerNode get() throws OperationErrorsException;
    }

    private static CompletionStage<Optional<ContainerNode>> answer(final Answer answer) {
        try {
            return CompletableFuture.completedFuture(Optional.of(answer.get()));
        } catch (OperationErrorsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static ContainerNode list(final String nodeId, final List<HistoryMark> marks) {
        final QName point = QName.create(MODULE, "point");
        final var list = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(NodeIdentifier.create(point));
        for (HistoryMark mark : marks) {
            list.withChild(ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(point, TRANSACTION_ID, mark.commitId()))
                .withChild(ImmutableNodes.leafNode(TRANSACTION_ID, mark.commitId()))
                .withChild(ImmutableNodes.leafNode(TIME, mark.committedAt().toString()))
                .withChild(ImmutableNodes.leafNode(QName.create(MODULE, "full-copy"), mark.fullCopy()))
                .build());
        }
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(OUTPUT))
            .withChild(list.build()).build();
    }

    private static ContainerNode read(final HistoryService history, final NodeHistory.Point point)
            throws OperationErrorsException {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(OUTPUT))
            .withChild(ImmutableNodes.leafNode(NODE_ID, point.nodeId()))
            .withChild(ImmutableNodes.leafNode(TRANSACTION_ID, point.commitId()))
            .withChild(ImmutableNodes.leafNode(TIME, point.time().toString()))
            .withChild(ImmutableNodes.leafNode(QName.create(MODULE, "configuration"), JsonRenderer.render(
                history.schemaOf(point), YangInstanceIdentifier.of(), point.configuration())))
            .build();
    }

    private static ContainerNode compare(final HistoryService history, final HistoryService.Comparison comparison)
            throws OperationErrorsException {
        final var output = ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(OUTPUT))
            .withChild(ImmutableNodes.leafNode(NODE_ID, comparison.from().nodeId()))
            .withChild(found("from", comparison.from()))
            .withChild(found("to", comparison.to()));
        DiffNodes.addDiff(output, MODULE, comparison.diff(), history.schemaOf(comparison.to()));
        return output.build();
    }

    private static ContainerNode found(final String name, final NodeHistory.Point point) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(QName.create(MODULE,
                name)))
            .withChild(ImmutableNodes.leafNode(TRANSACTION_ID, point.commitId()))
            .withChild(ImmutableNodes.leafNode(TIME, point.time().toString())).build();
    }

    private static String nodeId(final ContainerNode input) {
        final Object id = leaf(input, NODE_ID);
        return id == null ? "" : id.toString();
    }

    /** The point a container with the {@code point} choice names. */
    static NodeHistory.When when(final ContainerNode container) throws OperationErrorsException {
        final DataContainerChild choice = container.childByArg(NodeIdentifier.create(QName.create(MODULE, "point")));
        if (!(choice instanceof ChoiceNode point)) {
            throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT,
                "Name a point: a time (RFC 3339) or a transaction-id");
        }
        final DataContainerChild time = point.childByArg(NodeIdentifier.create(TIME));
        if (time instanceof LeafNode<?> leaf) {
            try {
                return new NodeHistory.When.At(OffsetDateTime.parse(leaf.body().toString()).toInstant());
            } catch (DateTimeParseException e) {
                throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE, "Not an RFC 3339 "
                    + "date and time (as 2026-11-25T08:00:00Z): " + leaf.body());
            }
        }
        final DataContainerChild id = point.childByArg(NodeIdentifier.create(TRANSACTION_ID));
        return new NodeHistory.When.After(id instanceof LeafNode<?> leaf ? leaf.body().toString() : "");
    }

    private static ContainerNode container(final ContainerNode input, final String name)
            throws OperationErrorsException {
        final DataContainerChild child = input.childByArg(NodeIdentifier.create(QName.create(MODULE, name)));
        if (child instanceof ContainerNode container) {
            return container;
        }
        throw OperationErrorsException.of(ErrorType.PROTOCOL, ErrorTag.MISSING_ELEMENT, "Name the point '" + name
            + "': a time (RFC 3339) or a transaction-id");
    }

    private static List<String> targetNodes(final ContainerNode input) {
        final DataContainerChild targets = input.childByArg(NodeIdentifier.create(QName.create(MODULE,
            "target-nodes")));
        return targets instanceof ContainerNode container ? strings(container, QName.create(MODULE, "node"))
            : List.of();
    }

    private static List<String> strings(final ContainerNode parent, final QName leafList) {
        final DataContainerChild child = parent.childByArg(NodeIdentifier.create(leafList));
        final List<String> values = new ArrayList<>();
        if (child instanceof LeafSetNode<?> set) {
            set.body().forEach(entry -> values.add(String.valueOf(entry.body())));
        }
        return values;
    }

    private static @Nullable Object leaf(final ContainerNode parent, final QName name) {
        final DataContainerChild child = parent.childByArg(NodeIdentifier.create(name));
        return child instanceof LeafNode<?> leaf ? leaf.body() : null;
    }

    @Override
    public void close() {
        registrations.forEach(Registration::close);
        registrations.clear();
    }
}
