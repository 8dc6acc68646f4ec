package io.sextant.southbound.netconf.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SetupGateTest {
    private final List<String> started = new ArrayList<>();

    private Runnable setup(final String name) {
        return () -> started.add(name);
    }

    @Test
    void admitsUpToThePermitsAndTheRestInOrderAsPermitsComeBack() {
        final SetupGate gate = new SetupGate(2, Runnable::run);
        for (String name : List.of("a", "b", "c", "d")) {
            gate.enter(setup(name));
        }
        assertEquals(List.of("a", "b"), started);
        assertEquals(2, gate.running());
        assertEquals(2, gate.waiting());

        gate.leave();
        assertEquals(List.of("a", "b", "c"), started);
        assertEquals(2, gate.running(), "the permit passed straight to the next one");
        gate.leave();
        gate.leave();
        gate.leave();
        assertEquals(List.of("a", "b", "c", "d"), started);
        assertEquals(0, gate.running());
        assertEquals(0, gate.waiting());
    }

    @Test
    void zeroPermitsMeansNoLimit() {
        final SetupGate gate = new SetupGate(0, Runnable::run);
        for (int i = 0; i < 1_000; i++) {
            gate.enter(setup("s" + i));
        }
        assertEquals(1_000, started.size());
        assertEquals(0, gate.waiting());
    }

    @Test
    void aClosedGateDropsWhatWaitsAndAdmitsNothingMore() {
        final SetupGate gate = new SetupGate(1, Runnable::run);
        gate.enter(setup("a"));
        gate.enter(setup("b"));
        gate.close();
        gate.leave();
        gate.enter(setup("c"));
        assertEquals(List.of("a"), started);
        assertEquals(0, gate.waiting());
    }

    @Test
    void aHeldGateAdmitsNothingUntilReleasedThenUpToThePermitsInOrder() {
        final SetupGate gate = new SetupGate(2, Runnable::run);
        final Runnable release = gate.hold();
        for (String name : List.of("a", "b", "c")) {
            gate.enter(setup(name));
        }
        assertEquals(List.of(), started);
        assertEquals(3, gate.waiting());

        release.run();
        assertEquals(List.of("a", "b"), started);
        assertEquals(2, gate.running());
        release.run();
        assertEquals(2, gate.running(), "a hold is released once, however often its handle runs");
        gate.leave();
        assertEquals(List.of("a", "b", "c"), started);
    }

    @Test
    void holdsNestAndASetupLeavingDuringAHoldAdmitsNoOther() {
        final SetupGate gate = new SetupGate(1, Runnable::run);
        gate.enter(setup("a"));
        final Runnable first = gate.hold();
        final Runnable second = gate.hold();
        gate.enter(setup("b"));
        gate.leave();
        assertEquals(List.of("a"), started);
        assertEquals(0, gate.running());
        first.run();
        assertEquals(List.of("a"), started, "still held by the second");
        second.run();
        assertEquals(List.of("a", "b"), started);
        assertEquals(1, gate.running());
    }
}
