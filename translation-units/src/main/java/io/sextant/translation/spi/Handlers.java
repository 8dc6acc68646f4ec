package io.sextant.translation.spi;

import io.sextant.translation.spi.Handler.ContainerHandler;
import io.sextant.translation.spi.Handler.ListHandler;
import io.sextant.translation.spi.Handler.SubtreeHandler;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/**
 * The readers and writers of a translation unit, each {@link Handler} registered at the
 * {@link DataPath} it owns, and the order its writers write in.
 *
 * <p>The write order is explicit: created data is written in it and deleted data in reverse.
 * It must put the writer of a container or list entry before the writers of what lies inside
 * that entry (an interface before its addresses, a network instance before its protocols);
 * a unit adds what the device needs beyond that (a VRF before the interface bound to it).
 * Registration order means nothing.
 */
public final class Handlers {
    private final List<Handler> handlers;
    private final List<DataPath> writeOrder;

    private Handlers(final List<Handler> handlers, final List<DataPath> writeOrder) {
        this.handlers = List.copyOf(handlers);
        this.writeOrder = List.copyOf(writeOrder);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Handler> all() {
        return handlers;
    }

    /** The paths of the writing handlers, in the order they write created data. */
    public List<DataPath> writeOrder() {
        return writeOrder;
    }

    /**
     * What a writer at {@code path} configures: the list entry or container its container
     * belongs to, or for a subtree writer its list.
     */
    static DataPath owner(final Handler handler) {
        final DataPath path = handler.path();
        return handler instanceof SubtreeHandler ? path : new DataPath(path.steps().subList(0, path.size() - 1));
    }

    /** Collects registrations; every list on a handler's path needs a list or subtree handler. */
    public static final class Builder {
        private final List<Handler> handlers = new ArrayList<>();
        private final List<DataPath> writeOrder = new ArrayList<>();

        private Builder() {
        }

        /** The entries of the list at {@code path}, created in key order. */
        public Builder list(final DataPath path, final ListReader reader) {
            return add(new ListHandler(path, reader, ListHandler.BY_KEY));
        }

        /**
         * The entries of the list at {@code path}, created in {@code order} and deleted in
         * reverse (for example the default network instance before VRFs).
         */
        public Builder list(final DataPath path, final ListReader reader,
                final Comparator<NodeIdentifierWithPredicates> order) {
            return add(new ListHandler(path, reader, order));
        }

        /** A container that is read and written. Every writer comes with its reader. */
        public Builder container(final DataPath path, final ContainerReader reader, final Writer writer) {
            return add(new ContainerHandler(path, reader, writer));
        }

        /** A container that is only read. Changing it is refused as not supported. */
        public Builder readOnly(final DataPath path, final ContainerReader reader) {
            return add(new ContainerHandler(path, reader, null));
        }

        /** Whole entries of the list at {@code path}, read and written as one. */
        public Builder subtree(final DataPath path, final SubtreeReader reader, final Writer writer) {
            return add(new SubtreeHandler(path, reader, writer));
        }

        /** The writers' paths in the order created data is written; see {@link Handlers}. */
        public Builder writeOrder(final DataPath... paths) {
            writeOrder.addAll(List.of(paths));
            return this;
        }

        private Builder add(final Handler handler) {
            for (Handler existing : handlers) {
                if (existing.path().equals(handler.path())) {
                    throw new IllegalArgumentException("Two handlers at " + handler.path());
                }
                checkOutside(handler, existing);
                checkOutside(existing, handler);
            }
            handlers.add(handler);
            return this;
        }

        private static void checkOutside(final Handler inner, final Handler outer) {
            if (outer instanceof SubtreeHandler && outer.path().isPrefixOf(inner.path())) {
                throw new IllegalArgumentException(inner.path() + " is inside subtree handler " + outer.path());
            }
        }

        /** @throws IllegalArgumentException when the write order misses a writer or breaks the rule above */
        public Handlers build() {
            final List<Handler> writers = handlers.stream().filter(h -> h.writer() != null).toList();
            final Set<DataPath> writerPaths = new HashSet<>();
            writers.forEach(w -> writerPaths.add(w.path()));
            final Set<DataPath> ordered = new HashSet<>();
            for (DataPath path : writeOrder) {
                if (!writerPaths.contains(path)) {
                    throw new IllegalArgumentException("The write order names " + path + ", where no writer is");
                }
                if (!ordered.add(path)) {
                    throw new IllegalArgumentException("The write order names " + path + " twice");
                }
            }
            for (Handler writer : writers) {
                if (!ordered.contains(writer.path())) {
                    throw new IllegalArgumentException("The write order misses the writer at " + writer.path());
                }
                for (Handler other : writers) {
                    if (other != writer && owner(writer).isPrefixOf(other.path())
                            && writeOrder.indexOf(other.path()) < writeOrder.indexOf(writer.path())) {
                        throw new IllegalArgumentException("The write order puts " + other.path() + " before "
                            + writer.path() + ", which configures what it lies in");
                    }
                }
            }
            return new Handlers(handlers, writeOrder);
        }
    }
}
