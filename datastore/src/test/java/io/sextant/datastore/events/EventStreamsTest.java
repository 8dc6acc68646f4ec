package io.sextant.datastore.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** The bus: each reader gets its stream's events through a bounded queue, and is cut off when it is full. */
class EventStreamsTest {
    private final EventStreams bus = new EventStreams(3, ControllerSchema.get());

    private static Event event(final String stream, final String node) {
        return new Event(stream, Instant.now(), List.of(node), ControllerSchema.get(), ImmutableNodes
            .newContainerBuilder().withNodeIdentifier(new NodeIdentifier(EventNames.NODE_STATUS_CHANGED))
            .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, node)).build());
    }

    @Test
    void aReaderGetsTheEventsOfItsStreamThatItsFilterAccepts() {
        final AtomicInteger woken = new AtomicInteger();
        final Subscription reader = bus.subscribe(EventStreams.NODE_STATUS, e -> e.nodes().contains("R1"),
            woken::incrementAndGet);
        final Event r1 = event(EventStreams.NODE_STATUS, "R1");
        bus.publish(r1);
        bus.publish(event(EventStreams.NODE_STATUS, "R2"));
        bus.publish(event(EventStreams.COMMITS, "R1"));
        assertSame(r1, reader.poll());
        assertNull(reader.poll());
        assertEquals(1, woken.get());
    }

    @Test
    void aReaderWhoseQueueIsFullIsCutOffAndToldOnceWithoutBlockingThePublisher() {
        final AtomicInteger woken = new AtomicInteger();
        final Subscription slow = bus.subscribe(EventStreams.NODE_STATUS, e -> true, woken::incrementAndGet);
        final Subscription fast = bus.subscribe(EventStreams.NODE_STATUS, e -> true, () -> { });
        for (int i = 0; i < 3; i++) {
            bus.publish(event(EventStreams.NODE_STATUS, "R" + i));
            fast.poll();
        }
        assertFalse(slow.cutOff());
        bus.publish(event(EventStreams.NODE_STATUS, "R3"));
        bus.publish(event(EventStreams.NODE_STATUS, "R4"));
        assertTrue(slow.cutOff());
        assertNull(slow.poll(), "a cut-off reader's queue is dropped");
        assertEquals(4, woken.get(), "three events, then once for the cut-off");
        assertEquals(1, bus.subscribers(), "the cut-off reader is no longer subscribed");
        assertFalse(fast.cutOff());
        assertEquals("R3", fast.poll().nodes().get(0));
    }

    @Test
    void aClosedReaderGetsNothingAndUnknownStreamsAreRefused() {
        final Subscription reader = bus.subscribe(EventStreams.COMMITS, e -> true, () -> { });
        reader.close();
        bus.publish(event(EventStreams.COMMITS, "R1"));
        assertNull(reader.poll());
        assertEquals(0, bus.subscribers());
        assertThrows(IllegalArgumentException.class, () -> bus.subscribe("nope", e -> true, () -> { }));
    }
}
