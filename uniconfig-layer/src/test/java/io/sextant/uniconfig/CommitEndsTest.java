package io.sextant.uniconfig;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.spi.OperationErrorsException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/**
 * The end of a commit the store cannot take now (its database is down) is owed and recorded once
 * the store takes it again, in the order the commits ended, so that the commit does not stay
 * pending and leave its nodes in doubt at the next start.
 */
class CommitEndsTest {
    private final AtomicBoolean down = new AtomicBoolean();
    private final List<String> finished = new CopyOnWriteArrayList<>();
    private final UniconfigStore store = storeThatMayBeDown();

    /** An in-memory store whose commitFinished fails while {@link #down} and lists what it recorded. */
    private UniconfigStore storeThatMayBeDown() {
        final UniconfigStore memory = UniconfigStore.inMemory();
        return (UniconfigStore) Proxy.newProxyInstance(UniconfigStore.class.getClassLoader(),
            new Class<?>[] { UniconfigStore.class }, (proxy, method, args) -> {
                if (method.getName().equals("commitFinished")) {
                    if (down.get()) {
                        throw OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.RESOURCE_DENIED,
                            "The database is down");
                    }
                    finished.add(args[0] + (Boolean.TRUE.equals(args[1]) ? " done" : " failed"));
                }
                try {
                    return method.invoke(memory, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });
    }

    @Test
    void endsTheStoreCannotTakeAreRecordedInOrderOnceItTakesThemAgain() {
        try (CommitEnds ends = new CommitEnds(store, Duration.ofMillis(50))) {
            ends.record("c1", true, null);
            down.set(true);
            ends.record("c2", true, null);
            ends.record("c3", false, null);
            assertEquals(2, ends.owed());
            assertEquals(List.of("c1 done"), finished);

            down.set(false);
            await("the owed ends are recorded").atMost(Duration.ofSeconds(10)).until(() -> ends.owed() == 0);
            assertEquals(List.of("c1 done", "c2 done", "c3 failed"), finished);

            ends.record("c4", true, null);
            assertEquals(List.of("c1 done", "c2 done", "c3 failed", "c4 done"), finished);
        }
    }

    @Test
    void anEndWaitsBehindTheEndsOwedBeforeIt() {
        try (CommitEnds ends = new CommitEnds(store, Duration.ofMillis(50))) {
            down.set(true);
            ends.record("c1", true, null);
            down.set(false);
            // the store takes ends again, but c1 is owed: c2 is recorded after it, not before
            ends.record("c2", true, null);
            await("both ends are recorded").atMost(Duration.ofSeconds(10)).until(() -> ends.owed() == 0);
            assertEquals(List.of("c1 done", "c2 done"), finished);
        }
    }

    @Test
    void endsStillOwedWhenTheControllerStopsAreLeftPending() throws Exception {
        final CommitEnds ends = new CommitEnds(store, Duration.ofMillis(50));
        down.set(true);
        ends.record("c1", true, null);
        ends.close();
        down.set(false);
        Thread.sleep(300);
        assertEquals(List.of(), finished, "nothing is recorded after the stop: the next start checks c1's devices");
    }
}
