package io.sextant.datastore.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.model.ControllerSchema;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/**
 * The bus: each reader gets its stream's events through a bounded queue, and is cut off when it is full; each
 * stream keeps its last events, within limits, for readers that ask for a replay.
 */
class EventStreamsTest {
    private static final Instant T0 = Instant.parse("2026-11-25T10:00:00Z");
    private final EventStreams bus = new EventStreams(3, ControllerSchema.get());
    private final MovingClock clock = new MovingClock();

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        private Instant now = T0;

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(final ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private static Event event(final String stream, final String node) {
        return event(stream, node, Instant.now());
    }

    private static Event event(final String stream, final String node, final Instant time) {
        return new Event(stream, time, List.of(node), ControllerSchema.get(), ImmutableNodes
            .newContainerBuilder().withNodeIdentifier(new NodeIdentifier(EventNames.NODE_STATUS_CHANGED))
            .withChild(ImmutableNodes.leafNode(EventNames.NODE_ID, node)).build());
    }

    private EventStreams replaying(final ReplayLimits limits) {
        return new EventStreams(3, ControllerSchema.get(), limits, clock);
    }

    /** Publish an event about {@code node} one second after the last, as the clock moves on. */
    private void tick(final EventStreams streams, final String node) {
        clock.now = clock.now.plusSeconds(1);
        streams.publish(event(EventStreams.NODE_STATUS, node, clock.now));
    }

    private static List<String> drain(final Subscription reader) {
        final List<String> nodes = new ArrayList<>();
        for (Event event = reader.poll(); event != null; event = reader.poll()) {
            nodes.add(event.nodes().get(0));
        }
        return nodes;
    }

    @Test
    void aReplayGivesTheKeptEventsFromItsStartThenTheLiveOnesWithNoneMissedOrRepeated() {
        final EventStreams streams = replaying(new ReplayLimits(100, Duration.ofHours(1), 1L << 20));
        tick(streams, "R1");
        tick(streams, "R2");
        tick(streams, "R3");
        final Subscription reader = streams.subscribe(EventStreams.NODE_STATUS, e -> !e.nodes().contains("R3"),
            T0.plusSeconds(2), () -> { });
        assertFalse(reader.replayDone());
        tick(streams, "R4");
        assertEquals(List.of("R2", "R4"), drain(reader), "from the start time, filtered, then live");
        assertTrue(reader.replayDone());
        assertNull(reader.replayGap());
        assertEquals(List.of(), drain(streams.subscribe(EventStreams.COMMITS, e -> true, T0, () -> { })),
            "each stream keeps its own events");
    }

    @Test
    void aReaderResumingAfterItsLastEventIdGetsTheLaterEventsOnlyThenTheLiveOnes() {
        final EventStreams streams = replaying(new ReplayLimits(100, Duration.ofHours(1), 1L << 20));
        final Subscription first = streams.subscribe(EventStreams.NODE_STATUS, e -> true, () -> { });
        tick(streams, "R1");
        tick(streams, "R2");
        final NumberedEvent r1 = first.pollNumbered();
        final NumberedEvent r2 = first.pollNumbered();
        assertEquals(r1.sequence() + 1, r2.sequence(), "numbered one by one in the stream");
        first.close();
        tick(streams, "R3");
        streams.publish(event(EventStreams.COMMITS, "C1", clock.now));

        final Subscription resumed = streams.subscribeAfter(EventStreams.NODE_STATUS, e -> true,
            streams.id(r1.sequence()), () -> { });
        tick(streams, "R4");
        assertEquals(List.of("R2", "R3", "R4"), drain(resumed), "after R1, none twice, then live");
        assertFalse(resumed.unknownLastEvent());
        assertNull(resumed.replayGap());
    }

    @Test
    void anIdOfAnotherRunReplaysEveryKeptEventAndADroppedOneIsAGap() {
        final EventStreams streams = replaying(new ReplayLimits(2, Duration.ofHours(1), 1L << 20));
        tick(streams, "R1");
        tick(streams, "R2");
        tick(streams, "R3");
        tick(streams, "R4");
        final Subscription other = streams.subscribeAfter(EventStreams.NODE_STATUS, e -> true, "0-5", () -> { });
        assertTrue(other.unknownLastEvent());
        assertEquals(List.of("R3", "R4"), drain(other));

        // a fresh bus numbers from 0: R1 is 0, R2 is 1
        final Subscription afterR1 = streams.subscribeAfter(EventStreams.NODE_STATUS, e -> true, streams.id(0),
            () -> { });
        assertFalse(afterR1.unknownLastEvent());
        assertEquals(T0.plusSeconds(2), afterR1.replayGap(), "R2 is no longer kept");
        assertEquals(List.of("R3", "R4"), drain(afterR1));
        assertNull(streams.subscribeAfter(EventStreams.NODE_STATUS, e -> true, streams.id(1), () -> { })
            .replayGap(), "after R2 nothing is missing");
    }

    @Test
    void theReplayedEventsDoNotCountAgainstTheReadersQueue() {
        final EventStreams streams = replaying(new ReplayLimits(100, Duration.ofHours(1), 1L << 20));
        for (int i = 0; i < 10; i++) {
            tick(streams, "R" + i);
        }
        final Subscription reader = streams.subscribe(EventStreams.NODE_STATUS, e -> true, T0, () -> { });
        tick(streams, "live");
        assertFalse(reader.cutOff());
        assertEquals(11, drain(reader).size());
    }

    @Test
    void theOldestEventsGoBeyondTheCountTheAgeOrTheSizeAndAReplayIsToldOfTheGap() {
        final EventStreams byCount = replaying(new ReplayLimits(2, Duration.ofHours(1), 1L << 20));
        tick(byCount, "R1");
        tick(byCount, "R2");
        tick(byCount, "R3");
        assertEquals(2, byCount.kept(EventStreams.NODE_STATUS));
        final Subscription reader = byCount.subscribe(EventStreams.NODE_STATUS, e -> true, T0, () -> { });
        assertEquals(List.of("R2", "R3"), drain(reader));
        assertEquals(T0.plusSeconds(1), reader.replayGap(), "R1's time is no longer kept");
        assertNull(byCount.subscribe(EventStreams.NODE_STATUS, e -> true, T0.plusSeconds(2), () -> { })
            .replayGap(), "from R2 on nothing is missing");

        final EventStreams byAge = replaying(new ReplayLimits(100, Duration.ofSeconds(10), 1L << 20));
        tick(byAge, "R1");
        clock.now = clock.now.plusSeconds(30);
        tick(byAge, "R2");
        assertEquals(List.of("R2"), drain(byAge.subscribe(EventStreams.NODE_STATUS, e -> true, T0, () -> { })));

        final long oneEvent = EventSize.of(event(EventStreams.NODE_STATUS, "R1", T0));
        final EventStreams bySize = replaying(new ReplayLimits(100, Duration.ofHours(1), 3 * oneEvent));
        for (int i = 1; i <= 5; i++) {
            tick(bySize, "R" + i);
        }
        assertEquals(3, bySize.kept(EventStreams.NODE_STATUS));
    }

    @Test
    void withoutReplayLimitsNothingIsKept() {
        bus.publish(event(EventStreams.NODE_STATUS, "R1"));
        assertFalse(bus.replaySupported());
        assertEquals(0, bus.kept(EventStreams.NODE_STATUS));
        assertTrue(replaying(ReplayLimits.DEFAULTS).replaySupported());
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
