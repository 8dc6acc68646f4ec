package io.sextant.translation.spi;

import java.util.Comparator;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;

/**
 * What a translation unit has at one schema path ({@link DataPath}): one of a list's entries, a
 * container's leaves, or whole list entries, each with its reader and, for data the device can
 * configure, its writer.
 */
public sealed interface Handler permits Handler.ListHandler, Handler.ContainerHandler, Handler.SubtreeHandler {

    /** Where it is registered. */
    DataPath path();

    /** What writes its data; null when the data is only read (changing it is then refused). */
    @Nullable Writer writer();

    /**
     * The keys of a list's entries; the entries' content belongs to deeper handlers.
     *
     * @param entryOrder the order entries are created in and deleted in reverse (for example the
     *     default network instance first); entries it does not tell apart go by key
     */
    record ListHandler(DataPath path, ListReader reader, Comparator<NodeIdentifierWithPredicates> entryOrder)
            implements Handler {
        /** No order of its own: entries go by key. */
        public static final Comparator<NodeIdentifierWithPredicates> BY_KEY = (a, b) -> 0;

        @Override
        public @Nullable Writer writer() {
            return null;
        }
    }

    /** The leaves of one container, read and, with a writer, written. */
    record ContainerHandler(DataPath path, ContainerReader reader, @Nullable Writer writer) implements Handler {
    }

    /** Whole entries of a list with everything below them, read and written as one. */
    record SubtreeHandler(DataPath path, SubtreeReader reader, Writer writer) implements Handler {
    }
}
