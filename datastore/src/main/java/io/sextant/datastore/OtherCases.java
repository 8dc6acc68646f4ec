package io.sextant.datastore;

import com.google.common.collect.MapMaker;
import io.sextant.spi.OperationErrorsException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.PathArgument;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ChoiceNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContext;
import org.opendaylight.yangtools.yang.data.util.DataSchemaContextTree;
import org.opendaylight.yangtools.yang.model.api.CaseSchemaNode;
import org.opendaylight.yangtools.yang.model.api.ChoiceSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;

/**
 * RFC 7950 section 7.9.2: "the creation of a node from one case implicitly deletes all nodes
 * from all other cases" of its choice. Finds the nodes a write displaces: those of the other
 * cases of every choice on the written path (a PUT of {@code .../send-accept-lifetime} removes
 * {@code accept-lifetime}), and, for a merge, of every choice the merged data chooses a case of.
 * yangtools' data tree instead refuses a choice holding two cases.
 */
public final class OtherCases {
    /**
     * Whether a schema node has a choice below it: a fact of the schema, so shared by every store
     * on it (one per UniConfig node and kind: a per-store copy held a few thousand entries for each
     * CPE), and dropped with the schema (weak keys, compared by identity).
     */
    private static final Map<DataSchemaNode, Boolean> CHOICE_BELOW = new MapMaker().weakKeys().makeMap();

    private final DataSchemaContextTree schemaTree;

    /** Reads the node at a path as the writer sees it. */
    public interface Reader {
        Optional<NormalizedNode> read(YangInstanceIdentifier path) throws OperationErrorsException;
    }

    /** The rule for one schema. */
    public OtherCases(final DataSchemaContextTree schemaTree) {
        this.schemaTree = schemaTree;
    }

    /**
     * The paths of the existing nodes that writing {@code data} at {@code path} displaces.
     *
     * @param merge whether the data is merged (its own choices then count too); a replaced node
     *     loses its old content anyway
     */
    public List<YangInstanceIdentifier> displacedBy(final YangInstanceIdentifier path, final NormalizedNode data,
            final boolean merge, final Reader reader) throws OperationErrorsException {
        final List<YangInstanceIdentifier> displaced = new ArrayList<>();
        final List<PathArgument> args = path.getPathArguments();
        DataSchemaContext context = schemaTree.getRoot();
        for (int i = 0; i < args.size(); i++) {
            if (!(context instanceof DataSchemaContext.Composite composite)) {
                return displaced;
            }
            context = composite.childByArg(args.get(i));
            if (context == null) {
                return displaced;
            }
            if (i + 1 < args.size() && context.dataSchemaNode() instanceof ChoiceSchemaNode choice) {
                otherCases(choice, YangInstanceIdentifier.of(args.subList(0, i + 1)), args.get(i + 1).getNodeType(),
                    reader, displaced);
            }
        }
        if (merge && data != null) {
            walk(path, context, data, reader, displaced);
        }
        return displaced;
    }

    private void walk(final YangInstanceIdentifier path, final DataSchemaContext context, final NormalizedNode data,
            final Reader reader, final List<YangInstanceIdentifier> displaced) throws OperationErrorsException {
        if (!(data instanceof NormalizedNodeContainer<?> container)
                || !(context instanceof DataSchemaContext.Composite composite)
                || context.dataSchemaNode() != null && !hasChoice(context.dataSchemaNode())) {
            return;
        }
        for (NormalizedNode child : container.body()) {
            final DataSchemaContext childContext = composite.childByArg(child.name());
            if (childContext == null) {
                continue;
            }
            final YangInstanceIdentifier childPath = path.node(child.name());
            if (child instanceof ChoiceNode chosen && !chosen.isEmpty()
                    && childContext.dataSchemaNode() instanceof ChoiceSchemaNode choice) {
                otherCases(choice, childPath, chosen.body().iterator().next().name().getNodeType(), reader, displaced);
            }
            walk(childPath, childContext, child, reader, displaced);
        }
    }

    private static void otherCases(final ChoiceSchemaNode choice, final YangInstanceIdentifier choicePath,
            final QName chosen, final Reader reader, final List<YangInstanceIdentifier> displaced)
            throws OperationErrorsException {
        final CaseSchemaNode caze = choice.getCases().stream()
            .filter(c -> c.dataChildByName(chosen) != null).findFirst().orElse(null);
        if (caze == null) {
            return;
        }
        if (reader.read(choicePath).orElse(null) instanceof ChoiceNode existing) {
            for (NormalizedNode child : existing.body()) {
                if (caze.dataChildByName(child.name().getNodeType()) == null) {
                    displaced.add(choicePath.node(child.name()));
                }
            }
        }
    }

    /** Whether the schema below this node has a choice. */
    private boolean hasChoice(final DataSchemaNode schema) {
        final Boolean known = CHOICE_BELOW.get(schema);
        if (known != null) {
            return known;
        }
        boolean found = schema instanceof ChoiceSchemaNode;
        if (!found && schema instanceof DataNodeContainer container) {
            for (DataSchemaNode child : container.getChildNodes()) {
                if (hasChoice(child)) {
                    found = true;
                    break;
                }
            }
        }
        CHOICE_BELOW.put(schema, found);
        return found;
    }
}
