package io.sextant.datastore.events;

import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNodeContainer;
import org.opendaylight.yangtools.yang.data.api.schema.ValueNode;

/**
 * An estimate of an event's heap size, for the replay buffer's byte limit: {@value #PER_NODE} bytes per data node
 * (container, list entry, leaf) plus two bytes per character of each value, and {@value #PER_EVENT} per event.
 * An estimate, not a measurement: it is meant to grow with the event, so that a few huge events cannot fill the
 * heap where many small ones would not.
 */
final class EventSize {
    static final int PER_NODE = 96;
    static final int PER_EVENT = 256;

    private EventSize() {
    }

    static long of(final Event event) {
        long size = PER_EVENT;
        for (String node : event.nodes()) {
            size += PER_NODE + 2L * node.length();
        }
        return size + of(event.body());
    }

    private static long of(final NormalizedNode node) {
        long size = PER_NODE;
        if (node instanceof NormalizedNodeContainer<?> container) {
            for (NormalizedNode child : container.body()) {
                size += of(child);
            }
        } else if (node instanceof ValueNode<?> value) {
            size += 2L * String.valueOf(value.body()).length();
        }
        return size;
    }
}
