package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.persistence.HistoryMark;
import io.sextant.persistence.codec.DiffEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;

/** The in-memory history: full copies every N points and after a gap, points read back exactly, retention. */
class NodeHistoryTest {
    private static final QName ROOT = QName.create("urn:test", "data");
    private static final QName VALUE = QName.create(ROOT, "value");
    private static final Instant T0 = Instant.parse("2026-11-25T00:00:00Z");

    private static ContainerNode config(final int value) {
        return ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(ROOT))
            .withChild(ImmutableNodes.leafNode(VALUE, value)).build();
    }

    private static NodeHistory.Step step(final NormalizedNode before, final NormalizedNode after) {
        return step("n", before, after);
    }

    private static NodeHistory.Step step(final String nodeId, final NormalizedNode before,
            final NormalizedNode after) {
        final YangInstanceIdentifier path = YangInstanceIdentifier.of(VALUE);
        return new NodeHistory.Step(nodeId, "key", before, after, List.of(new DiffEntry(path,
            ((ContainerNode) before).childByArg(NodeIdentifier.create(VALUE)),
            ((ContainerNode) after).childByArg(NodeIdentifier.create(VALUE)))));
    }

    /** 10 contiguous commits, one a minute from T0: the trees each left. */
    private static List<NormalizedNode> commits(final NodeHistory history) throws Exception {
        final List<NormalizedNode> trees = new ArrayList<>();
        NormalizedNode current = config(0);
        for (int i = 1; i <= 10; i++) {
            final NormalizedNode next = config(i);
            history.committed("c" + i, T0.plus(Duration.ofMinutes(i)), List.of(step(current, next)));
            trees.add(next);
            current = next;
        }
        return trees;
    }

    @Test
    void everyPointReadsBackAsCommittedWithAFullCopyEveryThirdPoint() throws Exception {
        final InMemoryNodeHistory history = new InMemoryNodeHistory(new HistorySettings(Duration.ofDays(1), 3),
            Clock.fixed(T0.plus(Duration.ofHours(1)), ZoneOffset.UTC));
        final List<NormalizedNode> trees = commits(history);
        for (int i = 1; i <= 10; i++) {
            assertEquals(trees.get(i - 1), history.point("n", new NodeHistory.When.After("c" + i)).orElseThrow()
                .configuration(), "point " + i);
            assertEquals(trees.get(i - 1), history.point("n", new NodeHistory.When.At(T0.plus(Duration.ofMinutes(i))
                .plusSeconds(30))).orElseThrow().configuration(), "at a time after point " + i);
        }
        assertEquals(List.of(1L, 4L, 7L, 10L), history.marks("n").stream().filter(HistoryMark::fullCopy)
            .map(HistoryMark::seq).toList());
        assertTrue(history.point("n", new NodeHistory.When.At(T0)).isEmpty(), "nothing before the first commit");
    }

    @Test
    void aPointWhoseBeforeIsNotTheLastPointsAfterKeepsAFullCopy() throws Exception {
        final InMemoryNodeHistory history = new InMemoryNodeHistory(new HistorySettings(Duration.ofDays(1), 100),
            Clock.fixed(T0, ZoneOffset.UTC));
        history.committed("c1", T0, List.of(step(config(0), config(1))));
        // a sync in between: the next commit starts from another tree
        history.committed("c2", T0, List.of(step(config(5), config(6))));
        assertEquals(List.of(true, true), history.marks("n").stream().map(HistoryMark::fullCopy).toList());
        assertEquals(config(6), history.point("n", new NodeHistory.When.After("c2")).orElseThrow().configuration());
    }

    @Test
    void pointsOlderThanTheRetentionGoButTheFullCopyLaterPointsNeedStays() throws Exception {
        final InMemoryNodeHistory history = new InMemoryNodeHistory(new HistorySettings(Duration.ofMinutes(5), 3),
            Clock.fixed(T0.plus(Duration.ofMinutes(11)), ZoneOffset.UTC));
        final List<NormalizedNode> trees = commits(history);
        // cut at minute 6: the newest full copy before it is point 4, kept with everything after it
        assertEquals(4L, history.marks("n").get(0).seq());
        assertFalse(history.point("n", new NodeHistory.When.After("c3")).isPresent());
        assertEquals(trees.get(5), history.point("n", new NodeHistory.When.After("c6")).orElseThrow()
            .configuration());
        assertTrue(history.changesOf("c2").isEmpty());
    }

    /** A clock the test moves. */
    private static final class MovingClock extends Clock {
        private Instant now;

        MovingClock(final Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(final ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aCommitTrimsItsOwnNodesAndEveryNodeIsTrimmedOnceAMinute() throws Exception {
        final MovingClock clock = new MovingClock(T0);
        // a full copy at every point, kept 30 seconds
        final InMemoryNodeHistory history = new InMemoryNodeHistory(new HistorySettings(Duration.ofSeconds(30), 1),
            clock);
        // the first commit sweeps every node; the next sweep is a minute later
        history.committed("x0", T0, List.of(step("x", config(0), config(1))));
        history.committed("c1", T0.plusSeconds(1), List.of(step("a", config(0), config(1)),
            step("b", config(0), config(1))));
        history.committed("c2", T0.plusSeconds(2), List.of(step("a", config(1), config(2)),
            step("b", config(1), config(2))));
        clock.now = T0.plusSeconds(40);
        history.committed("c3", clock.now, List.of(step("a", config(2), config(3))));
        assertEquals(List.of(2L, 3L), history.marks("a").stream().map(HistoryMark::seq).toList(),
            "a commit trims its own node");
        assertEquals(List.of(1L, 2L), history.marks("b").stream().map(HistoryMark::seq).toList(),
            "and only its own before the next sweep");
        clock.now = T0.plusSeconds(61);
        history.committed("x1", clock.now, List.of(step("x", config(1), config(2))));
        assertEquals(List.of(2L), history.marks("b").stream().map(HistoryMark::seq).toList(),
            "b trimmed by the sweep of another node's commit a minute after the last one");
    }
}
