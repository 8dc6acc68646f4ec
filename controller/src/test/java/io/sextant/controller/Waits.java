package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waiting in a test for what other threads or processes do. */
final class Waits {
    private Waits() {
    }

    /**
     * Poll {@code done} until it holds; fail after {@code wait}, saying what was awaited and what
     * {@code state} says then (asked only on failure).
     */
    static void until(final String what, final Duration wait, final BooleanSupplier done,
            final Supplier<String> state) throws InterruptedException {
        final long deadline = System.nanoTime() + wait.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, () -> "gave up waiting until " + what + ": " + state.get());
            Thread.sleep(200);
        }
    }
}
