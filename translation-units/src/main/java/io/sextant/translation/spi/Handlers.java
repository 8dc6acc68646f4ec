package io.sextant.translation.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/**
 * The readers and writers of a translation unit, each registered at the {@link DataPath} it
 * owns, in creation order: a handler registered earlier is written earlier when data is
 * created and later when data is deleted (parents before children, and the reverse).
 */
public final class Handlers {
    private final List<Handler> handlers;

    private Handlers(final List<Handler> handlers) {
        this.handlers = List.copyOf(handlers);
    }

    /** What kind of data a handler owns. */
    public enum Kind {
        /** The keys of a list's entries; the entries' content belongs to deeper handlers. */
        LIST,
        /** The leaves of one container. */
        CONTAINER,
        /** Whole list entries with everything below them. */
        SUBTREE
    }

    /**
     * One registration.
     *
     * @param path where it is registered
     * @param kind what it owns there
     * @param listReader for {@link Kind#LIST}
     * @param containerReader for {@link Kind#CONTAINER}
     * @param subtreeReader for {@link Kind#SUBTREE}
     * @param writer the writer, if the data can be configured
     * @param entryOrder for lists: the order entries are created in (and deleted in reverse);
     *     by key otherwise
     */
    public record Handler(DataPath path, Kind kind, Optional<ListReader> listReader,
            Optional<ContainerReader> containerReader, Optional<SubtreeReader> subtreeReader,
            Optional<Writer> writer, Optional<Comparator<NodeIdentifierWithPredicates>> entryOrder) {
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Handler> all() {
        return handlers;
    }

    /** Collects registrations; every list on a handler's path needs a list or subtree handler first. */
    public static final class Builder {
        private final List<Handler> handlers = new ArrayList<>();

        private Builder() {
        }

        /** The entries of the list at {@code path}. */
        public Builder list(final DataPath path, final ListReader reader) {
            return add(new Handler(path, Kind.LIST, Optional.of(reader), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()));
        }

        /**
         * The entries of the list at {@code path}, created in {@code order} and deleted in
         * reverse (for example the default network instance before VRFs).
         */
        public Builder list(final DataPath path, final ListReader reader,
                final Comparator<NodeIdentifierWithPredicates> order) {
            return add(new Handler(path, Kind.LIST, Optional.of(reader), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(order)));
        }

        /** A container that is read and written. Every writer comes with its reader. */
        public Builder container(final DataPath path, final ContainerReader reader, final Writer writer) {
            return add(new Handler(path, Kind.CONTAINER, Optional.empty(), Optional.of(reader), Optional.empty(),
                Optional.of(writer), Optional.empty()));
        }

        /** A container that is only read. Changing it is refused as not supported. */
        public Builder readOnly(final DataPath path, final ContainerReader reader) {
            return add(new Handler(path, Kind.CONTAINER, Optional.empty(), Optional.of(reader), Optional.empty(),
                Optional.empty(), Optional.empty()));
        }

        /** Whole entries of the list at {@code path}, read and written as one. */
        public Builder subtree(final DataPath path, final SubtreeReader reader, final Writer writer) {
            return add(new Handler(path, Kind.SUBTREE, Optional.empty(), Optional.empty(), Optional.of(reader),
                Optional.of(writer), Optional.empty()));
        }

        private Builder add(final Handler handler) {
            for (Handler existing : handlers) {
                if (existing.path().equals(handler.path())) {
                    throw new IllegalArgumentException("Two handlers at " + handler.path());
                }
                if (existing.kind() == Kind.SUBTREE && existing.path().isPrefixOf(handler.path())) {
                    throw new IllegalArgumentException(handler.path() + " is inside subtree handler "
                        + existing.path());
                }
            }
            handlers.add(handler);
            return this;
        }

        public Handlers build() {
            return new Handlers(handlers);
        }
    }
}
