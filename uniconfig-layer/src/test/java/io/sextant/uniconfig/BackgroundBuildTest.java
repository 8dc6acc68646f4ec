package io.sextant.uniconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The background build of kept nodes ends: each node is tried once a chain, also one whose build
 * fails every time, and the unbuilt ids are taken once a chain, not once a round.
 */
class BackgroundBuildTest {
    /** Runs what was submitted when told, one task at a time. */
    private static final class Steps implements Executor {
        private final Queue<Runnable> queued = new ArrayDeque<>();

        @Override
        public void execute(final Runnable task) {
            queued.add(task);
        }

        /** Run tasks until none is queued; the number run, at most {@code limit}. */
        int runAll(final int limit) {
            int run = 0;
            while (!queued.isEmpty() && run < limit) {
                queued.remove().run();
                run++;
            }
            return run;
        }
    }

    private final Steps steps = new Steps();
    private final Set<String> unbuilt = new LinkedHashSet<>();
    private final Map<String, Integer> attempts = new HashMap<>();
    private final AtomicInteger idReads = new AtomicInteger();

    private BackgroundBuild build(final Set<String> failing) {
        return new BackgroundBuild(steps, () -> {
            idReads.incrementAndGet();
            return List.copyOf(unbuilt);
        }, id -> {
            attempts.merge(id, 1, Integer::sum);
            if (failing.contains(id)) {
                throw new IllegalStateException("status of " + id + " not published");
            }
            unbuilt.remove(id);
        });
    }

    private static List<String> ids(final String prefix, final int count) {
        final List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(prefix + i);
        }
        return ids;
    }

    @Test
    void aNodeWhoseBuildFailsEveryTimeIsTriedOnceAndTheChainEnds() {
        unbuilt.addAll(ids("n", 60));
        final BackgroundBuild background = build(Set.of("n7", "n59"));
        background.start();

        final int rounds = steps.runAll(1_000);

        assertEquals(3, rounds, "60 nodes at 25 a round, and nothing after them");
        assertEquals(Set.of("n7", "n59"), unbuilt, "the failing nodes stay unbuilt for their first use");
        attempts.forEach((id, count) -> assertEquals(1, count, id + " tried once"));
        assertEquals(60, attempts.size());
    }

    @Test
    void theIdsAreTakenOnceAChainNotOnceARound() {
        unbuilt.addAll(ids("n", 1_000));
        build(Set.of()).start();

        steps.runAll(1_000);

        assertTrue(unbuilt.isEmpty());
        assertTrue(idReads.get() <= 2, "ids read " + idReads.get() + " times for 40 rounds");
    }

    @Test
    void nodesServedDuringAChainAreBuiltByTheNextAndAFailedOneIsNotTheReasonForIt() {
        unbuilt.addAll(ids("n", 30));
        final BackgroundBuild background = build(Set.of("n3"));
        background.start();
        steps.runAll(1);
        unbuilt.addAll(ids("late", 2));
        background.start(); // a chain runs: taken by the one that follows it

        final int rounds = steps.runAll(1_000);

        assertEquals(2, rounds, "the chain's second round, then one round of a chain for the late nodes");
        assertEquals(Set.of("n3"), unbuilt);
        assertEquals(2, attempts.get("n3"), "tried by each chain, no more");
        assertEquals(1, attempts.get("late0"));
    }
}
