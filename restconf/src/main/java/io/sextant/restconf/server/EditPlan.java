package io.sextant.restconf.server;

import static java.util.Objects.requireNonNull;

import io.sextant.spi.OperationError;
import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.DataService;
import io.sextant.spi.Edit;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.restconf.api.QueryParameters.Insert;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeWithValue;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.LeafSetNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.model.api.LeafListSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * Turns a request's edits into datastore edits. Plain edits pass as they are. Edits that place
 * entries of an {@code ordered-by user} list (RFC 8040 insert/point, RFC 8072 insert and move)
 * work on a copy of that list read beforehand: the list is then written whole, in its new
 * order, once, and only if it is still what was read (otherwise the request fails with
 * {@code in-use} and changes nothing). In a YANG-Patch that reorders a list, the other edits of
 * that list must be whole entries (create, replace, delete, remove; merge only of a new entry),
 * and no edit may go inside its entries or above the list.
 */
final class EditPlan {
    /** The datastore edits, and the lists they were computed from (path → configuration as read). */
    record Planned(List<Edit> edits, Map<YangInstanceIdentifier, Optional<NormalizedNode>> lists) {
    }

    private EditPlan() {
    }

    /** Plan {@code edits}, all of them on {@code data}: reads the lists positional edits reorder. */
    static CompletionStage<Planned> plan(final List<DataEdit> edits, final DataService data,
            final RequestContext context) {
        final Map<YangInstanceIdentifier, DataEdit> lists = new LinkedHashMap<>();
        for (DataEdit edit : edits) {
            if (edit.operation().isPositional()) {
                lists.putIfAbsent(edit.target().path().getParent(), edit);
            }
        }
        CompletionStage<Map<YangInstanceIdentifier, Optional<NormalizedNode>>> read =
            CompletableFuture.completedFuture(new LinkedHashMap<>());
        for (var entry : lists.entrySet()) {
            try {
                checkUserOrdered(entry.getValue());
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
            read = read.thenCombine(data.read(ReadScope.CONFIG, entry.getKey(), context), (map, list) -> {
                map.put(entry.getKey(), list);
                return map;
            });
        }
        return read.thenCompose(original -> {
            try {
                return CompletableFuture.completedFuture(new Planned(apply(edits, original), original));
            } catch (OperationErrorsException e) {
                return CompletableFuture.failedFuture(e);
            }
        });
    }

    private static List<Edit> apply(final List<DataEdit> edits,
            final Map<YangInstanceIdentifier, Optional<NormalizedNode>> original) throws OperationErrorsException {
        final Map<YangInstanceIdentifier, WorkingList> lists = new LinkedHashMap<>();
        original.forEach((path, list) -> lists.put(path, new WorkingList(path, list.orElse(null))));
        final List<Edit> result = new ArrayList<>();
        for (DataEdit edit : edits) {
            final YangInstanceIdentifier path = edit.target().path();
            final WorkingList list = lists.get(path.getParent());
            if (list == null) {
                checkOutside(edit, lists.keySet());
                result.add(plain(edit));
                continue;
            }
            final PathArgument key = path.getLastPathArgument();
            switch (edit.operation()) {
                case CREATE, INSERT -> {
                    if (list.contains(key)) {
                        throw failure(edit, ErrorTag.DATA_EXISTS, "the entry already exists");
                    }
                    list.place(edit, edit.requireData());
                }
                case PLACE -> list.place(edit, edit.requireData());
                case MOVE -> {
                    final NormalizedNode existing = list.get(key).orElseThrow(() ->
                        failure(edit, ErrorTag.DATA_MISSING, "the entry to move does not exist"));
                    list.place(edit, existing);
                }
                case REPLACE -> list.put(edit.requireData());
                case MERGE -> {
                    if (list.contains(key)) {
                        throw failure(edit, ErrorTag.INVALID_VALUE, "a patch that inserts or moves "
                            + "entries of this list can merge only new entries into it; use replace");
                    }
                    list.put(edit.requireData());
                }
                case DELETE -> {
                    if (!list.remove(key)) {
                        throw failure(edit, ErrorTag.DATA_MISSING, "the entry to delete does not exist");
                    }
                }
                case REMOVE -> list.remove(key);
                default -> throw new IllegalStateException(edit.operation().name());
            }
        }
        for (WorkingList list : lists.values()) {
            result.add(list.edit());
        }
        return result;
    }

    /** An edit outside the reordered lists may not reach into them or above them. */
    private static void checkOutside(final DataEdit edit, final Iterable<YangInstanceIdentifier> lists)
            throws OperationErrorsException {
        final YangInstanceIdentifier path = edit.target().path();
        for (YangInstanceIdentifier list : lists) {
            if (list.contains(path) || path.contains(list)) {
                throw failure(edit, ErrorTag.INVALID_VALUE, "a patch that inserts or moves entries of a "
                    + "list can only edit whole entries of it, not data inside an entry or above the list");
            }
        }
    }

    private static Edit plain(final DataEdit edit) {
        final YangInstanceIdentifier path = edit.target().path();
        return switch (edit.operation()) {
            case CREATE -> Edit.create(path, edit.requireData());
            case MERGE -> Edit.merge(path, edit.requireData());
            case REPLACE -> Edit.replace(path, edit.requireData());
            case DELETE -> Edit.delete(path);
            case REMOVE -> Edit.remove(path);
            default -> throw new IllegalStateException(edit.operation().name());
        };
    }

    private static void checkUserOrdered(final DataEdit edit) throws OperationErrorsException {
        final DataSchemaContext context = edit.target().context();
        final var schema = context.dataSchemaNode();
        final boolean ordered = schema instanceof ListSchemaNode list && list.isUserOrdered()
            || schema instanceof LeafListSchemaNode leafList && leafList.isUserOrdered();
        final PathArgument last = edit.target().path().getLastPathArgument();
        if (!ordered || last instanceof NodeIdentifier) {
            throw failure(edit, ErrorTag.INVALID_VALUE, "insert and move apply to entries of ordered-by user lists "
                + "and leaf-lists only");
        }
        final Target point = edit.point();
        if (point != null) {
            if (point.data() != edit.target().data()
                    || !Objects.equals(point.path().getParent(), edit.target().path().getParent())
                    || point.path().getLastPathArgument() instanceof NodeIdentifier) {
                throw failure(edit, ErrorTag.INVALID_VALUE, "point must be an entry of the same list");
            }
            if (point.path().equals(edit.target().path())) {
                throw failure(edit, ErrorTag.INVALID_VALUE, "an entry cannot be placed relative to itself");
            }
        }
    }

    static OperationErrorsException failure(final DataEdit edit, final ErrorTag tag, final String message) {
        OperationError error = OperationError.of(ErrorType.PROTOCOL, tag, edit.prefix() + message)
            .withPath(edit.target().path());
        final String editId = edit.editId();
        if (editId != null) {
            error = error.withInfo("edit-id " + editId);
        }
        return new OperationErrorsException(error);
    }

    /** A copy of one ordered list, edited in memory. */
    private static final class WorkingList {
        private final YangInstanceIdentifier path;
        private final List<NormalizedNode> entries = new ArrayList<>();
        private final boolean leafList;

        WorkingList(final YangInstanceIdentifier path, final @Nullable NormalizedNode original) {
            this.path = path;
            if (original != null) {
                entries.addAll((Collection<? extends NormalizedNode>) original.body());
            }
            leafList = original instanceof LeafSetNode;
        }

        boolean contains(final PathArgument key) {
            return index(key) >= 0;
        }

        Optional<NormalizedNode> get(final PathArgument key) {
            final int at = index(key);
            return at < 0 ? Optional.empty() : Optional.of(entries.get(at));
        }

        boolean remove(final PathArgument key) {
            final int at = index(key);
            if (at >= 0) {
                entries.remove(at);
            }
            return at >= 0;
        }

        /** Replace in place, or append. */
        void put(final NormalizedNode entry) {
            final int at = index(entry.name());
            if (at >= 0) {
                entries.set(at, entry);
            } else {
                entries.add(entry);
            }
        }

        /** Put {@code entry} where {@code edit} says, taking it out of its old position first. */
        void place(final DataEdit edit, final NormalizedNode entry) throws OperationErrorsException {
            remove(entry.name());
            final Insert asked = edit.where();
            final Insert where = asked != null ? asked : Insert.LAST;
            final int at = switch (where) {
                case FIRST -> 0;
                case LAST -> entries.size();
                case BEFORE, AFTER -> {
                    final PathArgument point = requireNonNull(edit.point(), "before and after name a point").path()
                        .getLastPathArgument();
                    final int p = index(point);
                    if (p < 0) {
                        throw failure(edit, ErrorTag.INVALID_VALUE, "point " + describe(point)
                            + " is not an entry of the list");
                    }
                    yield where == Insert.BEFORE ? p : p + 1;
                }
            };
            entries.add(at, entry);
        }

        private int index(final PathArgument key) {
            for (int i = 0; i < entries.size(); i++) {
                if (entries.get(i).name().equals(key)) {
                    return i;
                }
            }
            return -1;
        }

        /** The list in its new order, or its removal when it became empty. */
        Edit edit() {
            if (entries.isEmpty()) {
                return Edit.remove(path);
            }
            final NodeIdentifier name = (NodeIdentifier) path.getLastPathArgument();
            if (leafList || entries.get(0) instanceof LeafSetEntryNode<?>) {
                final var builder = ImmutableNodes.newUserLeafSetBuilder().withNodeIdentifier(name);
                for (NormalizedNode entry : entries) {
                    @SuppressWarnings("unchecked")
                    final LeafSetEntryNode<Object> value = (LeafSetEntryNode<Object>) entry;
                    builder.withChild(value);
                }
                return Edit.replace(path, builder.build());
            }
            final var builder = ImmutableNodes.newUserMapBuilder().withNodeIdentifier(name);
            for (NormalizedNode entry : entries) {
                builder.withChild((MapEntryNode) entry);
            }
            return Edit.replace(path, builder.build());
        }
    }

    private static String describe(final PathArgument arg) {
        return arg instanceof NodeIdentifierWithPredicates keyed
            ? keyed.values().toString() : arg instanceof NodeWithValue<?> value
            ? String.valueOf(value.getValue()) : arg.getNodeType().getLocalName();
    }
}
