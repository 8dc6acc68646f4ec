package io.sextant.translation.engine;

import io.sextant.translation.spi.DataPath;
import io.sextant.translation.spi.Handler;
import io.sextant.translation.spi.Handler.ContainerHandler;
import io.sextant.translation.spi.Handlers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.model.api.ContainerSchemaNode;
import org.opendaylight.yangtools.yang.model.api.DataNodeContainer;
import org.opendaylight.yangtools.yang.model.api.DataSchemaNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.ListSchemaNode;

/**
 * A unit's handlers arranged as a tree of schema steps, checked against the unit's schema:
 * every step must exist, lists must have a list or subtree handler, and handlers sit on
 * containers (or lists, for subtree handlers).
 */
public final class HandlerTree {
    private final Step root;

    /** One schema step with the handler registered there, if any, and the steps below. */
    public static final class Step {
        private final @Nullable QName name;
        private final boolean list;
        private final boolean userOrdered;
        private final Map<QName, Step> children = new LinkedHashMap<>();
        private @Nullable Handler handler;
        private int order = -1;

        Step(final @Nullable QName name, final boolean list, final boolean userOrdered) {
            this.name = name;
            this.list = list;
            this.userOrdered = userOrdered;
        }

        /** @throws IllegalStateException for the root step, which has no name */
        public QName name() {
            if (name == null) {
                throw new IllegalStateException("The root step has no name");
            }
            return name;
        }

        /** Whether this step is a list; its data are the list's entries. */
        public boolean isList() {
            return list;
        }

        public boolean isUserOrdered() {
            return userOrdered;
        }

        public Optional<Handler> handler() {
            return Optional.ofNullable(handler);
        }

        /** The handler's place in the unit's write order; -1 for handlers that do not write. */
        public int order() {
            return order;
        }

        public Map<QName, Step> children() {
            return Collections.unmodifiableMap(children);
        }
    }

    private HandlerTree(final Step root) {
        this.root = root;
    }

    /** @throws IllegalArgumentException when the handlers do not fit the schema */
    public static HandlerTree of(final Handlers handlers, final EffectiveModelContext schema) {
        final Step root = new Step(null, false, false);
        final List<DataPath> crossedLists = new ArrayList<>();
        for (Handler handler : handlers.all()) {
            Step step = root;
            DataNodeContainer schemaParent = schema;
            final DataPath path = handler.path();
            for (int i = 0; i < path.size(); i++) {
                final QName name = path.steps().get(i);
                final DataSchemaNode node = schemaParent.dataChildByName(name);
                if (node == null) {
                    throw new IllegalArgumentException("Handler path " + path + ": no " + name + " in the schema");
                }
                final boolean isList = node instanceof ListSchemaNode;
                final boolean userOrdered = isList && ((ListSchemaNode) node).isUserOrdered();
                step = step.children.computeIfAbsent(name, n -> new Step(n, isList, userOrdered));
                final boolean last = i == path.size() - 1;
                if (isList && !last) {
                    crossedLists.add(new DataPath(path.steps().subList(0, i + 1)));
                }
                if (last) {
                    checkKind(handler, node);
                } else if (node instanceof DataNodeContainer container) {
                    schemaParent = container;
                } else {
                    throw new IllegalArgumentException("Handler path " + path + ": " + name + " has no children");
                }
            }
            step.handler = handler;
            step.order = handlers.writeOrder().indexOf(path);
        }
        for (DataPath list : crossedLists) {
            if (handlers.all().stream().noneMatch(h -> h.path().equals(list))) {
                throw new IllegalArgumentException("A handler path crosses list " + list
                    + ", which has no list handler");
            }
        }
        return new HandlerTree(root);
    }

    private static void checkKind(final Handler handler, final DataSchemaNode node) {
        final boolean ok = handler instanceof ContainerHandler ? node instanceof ContainerSchemaNode
            : node instanceof ListSchemaNode;
        if (!ok) {
            throw new IllegalArgumentException("A " + handler.getClass().getSimpleName() + " cannot sit at "
                + handler.path() + " (" + node.getClass().getSimpleName() + ")");
        }
    }

    public Step root() {
        return root;
    }
}
