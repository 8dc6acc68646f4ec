package io.sextant.datastore.events;

import io.sextant.datastore.DataStore;
import io.sextant.spi.OperationErrorsException;
import java.time.format.DateTimeFormatter;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.opendaylight.yangtools.yang.common.Revision;
import org.opendaylight.yangtools.yang.common.XMLNamespace;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * Lists the streams in the operational datastore at {@code ietf-restconf-monitoring:restconf-state/streams}
 * (RFC 8040 section 9.3), each with one {@code access} entry per encoding: {@code json} and {@code xml}, at
 * {@code /rests/streams/<encoding>/<stream>}, where {@code GET} with {@code Accept: text/event-stream}
 * delivers the events as server-sent events; with {@code replay-support} and, when the streams keep events for
 * replay, {@code replay-log-creation-time} (when the controller started keeping them).
 */
public final class StreamsState {
    /** The path under which the locations are served. */
    public static final String LOCATION_ROOT = "/rests/streams";
    private static final QNameModule MONITORING = QNameModule.of(
        XMLNamespace.of("urn:ietf:params:xml:ns:yang:ietf-restconf-monitoring"), Revision.of("2017-01-26"));
    private static final QName RESTCONF_STATE = QName.create(MONITORING, "restconf-state");
    private static final QName STREAMS = QName.create(MONITORING, "streams");
    private static final QName STREAM = QName.create(MONITORING, "stream");
    private static final QName NAME = QName.create(MONITORING, "name");
    private static final QName DESCRIPTION = QName.create(MONITORING, "description");
    private static final QName REPLAY_SUPPORT = QName.create(MONITORING, "replay-support");
    private static final QName REPLAY_LOG_CREATION_TIME = QName.create(MONITORING, "replay-log-creation-time");
    private static final QName ACCESS = QName.create(MONITORING, "access");
    private static final QName ENCODING = QName.create(MONITORING, "encoding");
    private static final QName LOCATION = QName.create(MONITORING, "location");
    private static final YangInstanceIdentifier PATH = YangInstanceIdentifier.of(new NodeIdentifier(RESTCONF_STATE));

    private StreamsState() {
    }

    /** The location of {@code stream} in {@code encoding} ({@code json} or {@code xml}). */
    public static String location(final String encoding, final String stream) {
        return LOCATION_ROOT + "/" + encoding + "/" + stream;
    }

    /** Write the list of {@code bus}'s streams into {@code operational}. */
    public static void publish(final EventStreams bus, final DataStore operational) {
        final var streams = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(STREAM));
        for (EventStreams.Stream stream : bus.streams()) {
            final var access = ImmutableNodes.newSystemMapBuilder().withNodeIdentifier(new NodeIdentifier(ACCESS));
            for (String encoding : new String[] { "json", "xml" }) {
                access.withChild(ImmutableNodes.newMapEntryBuilder()
                    .withNodeIdentifier(NodeIdentifierWithPredicates.of(ACCESS, ENCODING, encoding))
                    .withChild(ImmutableNodes.leafNode(ENCODING, encoding))
                    .withChild(ImmutableNodes.leafNode(LOCATION, location(encoding, stream.name())))
                    .build());
            }
            final var entry = ImmutableNodes.newMapEntryBuilder()
                .withNodeIdentifier(NodeIdentifierWithPredicates.of(STREAM, NAME, stream.name()))
                .withChild(ImmutableNodes.leafNode(NAME, stream.name()))
                .withChild(ImmutableNodes.leafNode(DESCRIPTION, stream.description()))
                .withChild(ImmutableNodes.leafNode(REPLAY_SUPPORT, bus.replaySupported()))
                .withChild(access.build());
            if (bus.replaySupported()) {
                entry.withChild(ImmutableNodes.leafNode(REPLAY_LOG_CREATION_TIME,
                    DateTimeFormatter.ISO_INSTANT.format(bus.replayLogCreationTime())));
            }
            final MapEntryNode built = entry.build();
            streams.withChild(built);
        }
        final ContainerNode data = ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(new NodeIdentifier(RESTCONF_STATE))
            .withChild(ImmutableNodes.newContainerBuilder().withNodeIdentifier(new NodeIdentifier(STREAMS))
                .withChild(streams.build()).build())
            .build();
        try {
            operational.update(tx -> tx.put(PATH, data));
        } catch (OperationErrorsException e) {
            throw new IllegalStateException("The event streams do not fit ietf-restconf-monitoring", e);
        }
    }
}
