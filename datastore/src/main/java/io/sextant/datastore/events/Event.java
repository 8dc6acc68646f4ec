package io.sextant.datastore.events;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * One event of a stream: a YANG notification (its body is a container named as the notification), when it
 * happened, the nodes it concerns and the schema the notification is defined in (the controller's for its own
 * events, the device's for a device notification).
 *
 * @param stream the stream's name
 * @param time the notification's event time
 * @param nodes the nodes it concerns, for filtering by node (a commit's target nodes, the node whose status
 *     changed, the device that sent the notification)
 * @param schema the schema in which {@code body} is a top-level notification
 * @param body the notification's content
 */
public record Event(String stream, Instant time, List<String> nodes, EffectiveModelContext schema,
        ContainerNode body) {

    public Event {
        nodes = List.copyOf(nodes);
        requireNonNull(stream);
        requireNonNull(time);
        requireNonNull(schema);
        requireNonNull(body);
    }

    /** The notification's name. */
    public QName name() {
        return body.name().getNodeType();
    }
}
