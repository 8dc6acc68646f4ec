package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.datastore.Failures;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/** {@link NodeLocks}: nobody waits on a thread, overlapping sets never deadlock, and a busy node times out cleanly. */
class NodeLocksTest {
    private static EffectiveModelContext schema;

    @BeforeAll
    static void schema() throws Exception {
        schema = SchemaBuilder.build(BundledModels.get().withDependencies(List.of("openconfig-interfaces")));
    }

    private static UniconfigNode node(final String id) throws Exception {
        return new UniconfigNode(id, schema, ImmutableNodes.newContainerBuilder()
            .withNodeIdentifier(NodeIdentifier.create(SchemaContext.NAME)).build());
    }

    @Test
    void waitersAreServedInOrderWithoutBlockingAThread() throws Exception {
        final UniconfigNode a = node("a");
        final NodeLocks locks = new NodeLocks(Duration.ofSeconds(10));
        final NodeLocks.Held first = locks.acquire(List.of(a)).toCompletableFuture().join();
        final List<String> order = Collections.synchronizedList(new ArrayList<>());
        final CompletableFuture<NodeLocks.Held> second = locks.acquire(List.of(a)).toCompletableFuture()
            .whenComplete((h, e) -> order.add("second"));
        final CompletableFuture<NodeLocks.Held> third = locks.acquire(List.of(a)).toCompletableFuture()
            .whenComplete((h, e) -> order.add("third"));
        assertFalse(second.isDone());
        first.close();
        assertTrue(second.isDone() && !third.isDone());
        second.join().close();
        third.join().close();
        assertEquals(List.of("second", "third"), order);
        assertFalse(a.lock().isHeld());
    }

    @Test
    void overlappingSetsTakenInAnyOrderNeverDeadlock() throws Exception {
        final List<UniconfigNode> nodes = List.of(node("n1"), node("n2"), node("n3"));
        final NodeLocks locks = new NodeLocks(Duration.ofSeconds(30));
        final List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            final List<UniconfigNode> set = i % 2 == 0 ? List.of(nodes.get(2), nodes.get(0))
                : List.of(nodes.get(0), nodes.get(1), nodes.get(2));
            all.add(CompletableFuture.supplyAsync(() -> locks.acquire(set)).thenCompose(s -> s)
                .thenAccept(NodeLocks.Held::close));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        nodes.forEach(n -> assertFalse(n.lock().isHeld(), n.nodeId()));
    }

    @Test
    void aNodeThatStaysBusyFailsTheAcquisitionAndReleasesWhatWasTaken() throws Exception {
        final UniconfigNode a = node("a");
        final UniconfigNode b = node("b");
        final NodeLocks locks = new NodeLocks(Duration.ofMillis(200));
        final NodeLocks.Held holdsB = locks.acquire(List.of(b)).toCompletableFuture().join();
        final CompletionException failure = assertThrows(CompletionException.class,
            () -> locks.acquire(List.of(a, b)).toCompletableFuture().join());
        final NodeFailure busy = assertInstanceOf(NodeFailure.class, Failures.unwrap(failure));
        assertEquals(NodeResult.ErrorKind.CONFLICT, busy.kind());
        assertFalse(a.lock().isHeld(), "a was released again");
        holdsB.close();
        assertFalse(b.lock().isHeld(), "the timed-out waiter does not take b later");
        locks.acquire(List.of(a, b)).toCompletableFuture().join().close();
    }
}
