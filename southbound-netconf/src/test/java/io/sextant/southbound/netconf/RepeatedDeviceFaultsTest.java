package io.sextant.southbound.netconf;

import static io.sextant.southbound.netconf.TopologyFixture.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.spi.OperationErrorsException;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.MisbehavingNetconfDevice.Reply;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;

/**
 * A thousand faults in a row, every kind the misbehaving device knows in turn, each ending the
 * session it hit: the node comes back every time, the healthy node next to it never fails a read,
 * and after a warm-up the controller's threads and heap (after GC) stay flat, every broken session
 * is closed on the device, and no timers or set-up permits are left behind.
 *
 * <p>Tolerances. Threads: the JVM starts and stops compiler and common-pool threads on its own,
 * and the device runs one thread per open session; a leak of one thread per fault would show as
 * hundreds. Heap: the minimum of three readings after {@link System#gc()}, once after the warm-up
 * and once at the end, may grow by 8 MiB, about 9 KiB per fault: a session left behind (a Netty
 * channel and pipeline, OpenDaylight's session, the reply buffers) costs more than that, and the
 * open-session, timer and permit counts catch smaller leaks exactly. The readings are printed, so
 * that a failure shows the trend.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RepeatedDeviceFaultsTest {
    private static final int FAULTS = 1_000;
    private static final int WARM_UP = 100;
    private static final int THREAD_TOLERANCE = 8;
    private static final long HEAP_TOLERANCE = 8L << 20;
    private static final long REQUEST_TIMEOUT_MILLIS = 200;
    private static final long MAX_REPLY_BYTES = 64L << 10;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<Reply> FAULT_KINDS = Stream.of(Reply.values()).filter(r -> r != Reply.CORRECT).toList();

    @Test
    void aThousandFaultsLeaveThreadsHeapSessionsAndTimersFlat() throws Exception {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder()
                .oversizedReplyBytes(2 * MAX_REPLY_BYTES).start()) {
            final Measurement[] baseline = new Measurement[1];
            final Map<Reply, Integer> failedReads = injectFaults(device, FAULTS, FAULT_KINDS, fixture -> {
                awaitQuiet(device, fixture);
                baseline[0] = measure();
            }, fixture -> {
                awaitQuiet(device, fixture);
                final Measurement end = measure();
                System.out.printf("%d faults: threads %d -> %d, heap after GC %.1f -> %.1f MiB, device sessions "
                    + "opened %d%n", FAULTS, baseline[0].threads(), end.threads(),
                    baseline[0].heap() / 1048576.0, end.heap() / 1048576.0, device.sessionsOpened());
                assertTrue(end.threads() <= baseline[0].threads() + THREAD_TOLERANCE,
                    "threads grew from " + baseline[0].threads() + " to " + end.threads() + ": " + threadNames());
                assertTrue(end.heap() <= baseline[0].heap() + HEAP_TOLERANCE, "heap after GC grew from "
                    + baseline[0].heap() + " to " + end.heap() + " bytes");
            });
            assertEveryFaultFailedItsRead(failedReads, FAULTS, FAULT_KINDS);
            assertEquals(FAULTS + 1, device.sessionsOpened(), "one new session per fault, no failed attempt");
        }
    }

    /**
     * Over SSH the device's sessions come and go as fast: every broken session is replaced at the
     * first attempt (OpenDaylight's SSH client used to miss the connection's start now and then,
     * and the attempt hung until its timeout).
     */
    @Test
    void overSshEverySessionTheDeviceBreaksIsReplacedAtTheFirstAttempt() throws Exception {
        final List<Reply> kinds = List.of(Reply.TRUNCATED_THEN_CLOSE, Reply.CLOSE_MID_REPLY, Reply.WRONG_MESSAGE_ID,
            Reply.NO_REPLY, Reply.ENDLESS, Reply.BAD_CHUNK_SIZE);
        final int faults = 60;
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().ssh(true).start()) {
            final Map<Reply, Integer> failedReads = injectFaults(device, faults, kinds, fixture -> { },
                fixture -> awaitQuiet(device, fixture));
            assertEveryFaultFailedItsRead(failedReads, faults, kinds);
            assertEquals(faults + 1, device.sessionsOpened(), "one new session per fault, no failed attempt");
        }
    }

    /** What is checked once the faults have warmed up and at the end, with the fixture running. */
    private interface Check {
        void at(TopologyFixture fixture) throws Exception;
    }

    private record Measurement(int threads, long heap) {
    }

    /**
     * Mount {@code device} as "victim" next to a healthy node and break {@code count} of its
     * sessions, the kinds in turn, each with a read that must fail.
     *
     * @return the failed reads by kind
     */
    private static Map<Reply, Integer> injectFaults(final MisbehavingNetconfDevice device, final int count,
            final List<Reply> kinds, final Check afterWarmUp, final Check atEnd) throws Exception {
        try (MisbehavingNetconfDevice healthyDevice = MisbehavingNetconfDevice.builder().start();
                TopologyFixture fixture = new TopologyFixture(NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS,
                    MAX_REPLY_BYTES)) {
            fixture.mount(node("healthy", healthyDevice.host(), healthyDevice.port(), true, null, null, Map.of()));
            fixture.mount(node("victim", device.host(), device.port(), !device.ssh(),
                device.ssh() ? device.username() : null, device.ssh() ? device.password() : null, Map.of(
                    "keepalive-delay", Uint32.ZERO,
                    "default-request-timeout-millis", Uint32.valueOf(REQUEST_TIMEOUT_MILLIS),
                    "between-attempts-timeout-millis", Uint16.valueOf(10),
                    "max-timeout-between-attempts-millis", Uint32.valueOf(10))));
            fixture.awaitStatus("healthy", "connected", WAIT);
            final MisbehavingDeviceTest.HealthyReader healthy = new MisbehavingDeviceTest.HealthyReader(fixture);
            healthy.start();
            try {
                final Map<Reply, Integer> failedReads = new EnumMap<>(Reply.class);
                long previousSession = -1;
                int undelivered = 0;
                for (int fault = 0; fault < count; fault++) {
                    if (fault == Math.min(WARM_UP, count / 2)) {
                        afterWarmUp.at(fixture);
                    }
                    final NetconfDeviceSession session = awaitNewSession(fixture, previousSession);
                    previousSession = session.sessionId();
                    final Reply kind = kinds.get(fault % kinds.size());
                    device.next("get-config", kind);
                    try {
                        session.getConfig(NetconfDatastore.RUNNING, YangInstanceIdentifier.of()).toCompletableFuture()
                            .get(REQUEST_TIMEOUT_MILLIS + 10_000, TimeUnit.MILLISECONDS);
                    } catch (ExecutionException e) {
                        assertTrue(e.getCause() instanceof OperationErrorsException, e.toString());
                        failedReads.merge(kind, 1, Integer::sum);
                    }
                    // on a loaded machine the request timeout can end a read before the device has
                    // it (the session is replaced all the same): its fault must not go to the next
                    // session's read, which expects a fault of the next kind
                    undelivered += device.clearScript();
                }
                awaitNewSession(fixture, previousSession);
                atEnd.at(fixture);
                assertEquals(count, device.faultsApplied() + undelivered, "faults applied " + device.faultsApplied()
                    + ", not delivered before the read timed out " + undelivered);
                assertTrue(undelivered <= count / 10, undelivered + " of " + count + " reads timed out before "
                    + "their device had them");
                healthy.assertNoFailures();
                return failedReads;
            } finally {
                healthy.stop();
            }
        }
    }

    private static void assertEveryFaultFailedItsRead(final Map<Reply, Integer> failedReads, final int count,
            final List<Reply> kinds) {
        for (Reply kind : kinds) {
            assertEquals(count / kinds.size() + (kinds.indexOf(kind) < count % kinds.size() ? 1 : 0),
                failedReads.getOrDefault(kind, 0), "reads failed by " + kind + ": " + failedReads);
        }
    }

    /**
     * Every broken session closed on the device, no set-up running, no timers but the healthy
     * node's keepalive and the timeouts of its reads in flight.
     */
    private static void awaitQuiet(final MisbehavingNetconfDevice device, final TopologyFixture fixture)
            throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (device.openSessions() != 1 || fixture.topology.setupsRunning() != 0
                || fixture.topology.scheduledTasks() > 3) {
            if (System.nanoTime() > deadline) {
                fail("not quiet: device sessions open " + device.openSessions() + ", set-ups running "
                    + fixture.topology.setupsRunning() + ", scheduled tasks " + fixture.topology.scheduledTasks());
            }
            Thread.sleep(20);
        }
    }

    private static NetconfDeviceSession awaitNewSession(final TopologyFixture fixture, final long previous)
            throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            final Optional<NetconfDeviceSession> session = fixture.topology.session("victim");
            if (session.isPresent() && session.get().sessionId() != previous) {
                return session.get();
            }
            if (System.nanoTime() > deadline) {
                fail("victim did not reconnect within " + WAIT + ": " + fixture.topology.status("victim")
                    + "\n" + threadDump());
            }
            Thread.sleep(2);
        }
    }

    /** Live threads, and the least heap in use of three readings after a full GC. */
    private static Measurement measure() throws InterruptedException {
        final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long heap = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
            heap = Math.min(heap, memory.getHeapMemoryUsage().getUsed());
        }
        return new Measurement(ManagementFactory.getThreadMXBean().getThreadCount(), heap);
    }

    private static String threadNames() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted()
            .collect(Collectors.joining(", "));
    }

    private static String threadDump() {
        return Thread.getAllStackTraces().entrySet().stream()
            .map(e -> e.getKey().getName() + " " + e.getKey().getState() + "\n    " + Stream.of(e.getValue())
                .limit(12).map(Object::toString).collect(Collectors.joining("\n    ")))
            .collect(Collectors.joining("\n"));
    }
}
