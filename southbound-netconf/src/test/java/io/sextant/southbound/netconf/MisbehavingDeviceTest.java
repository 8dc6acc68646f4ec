package io.sextant.southbound.netconf;

import static io.sextant.southbound.netconf.TopologyFixture.leaf;
import static io.sextant.southbound.netconf.TopologyFixture.node;
import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sextant.spi.OperationErrorsException;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.testing.MisbehavingNetconfDevice;
import io.sextant.testing.MisbehavingNetconfDevice.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.MapEntryNode;

/**
 * A device that misbehaves in the middle of a session (broken XML, a stranger's message-id, a
 * reply too large or endless, no reply, the session closed mid-reply, broken chunk framing): the
 * request in flight fails with a clear error before its timeout, the node reports the session
 * error in its operational status and reconnects, the broken session is closed on the device,
 * and a healthy node next to it keeps answering every read throughout.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MisbehavingDeviceTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Long enough that the reconnecting status is seen before the node is back. */
    private static final int BACKOFF_MILLIS = 2000;
    private static final long REQUEST_TIMEOUT_MILLIS = 3000;
    /** 1 MiB: the configurations here are a few hundred bytes, the oversized replies 4 MiB. */
    private static final long MAX_REPLY_BYTES = 1L << 20;

    private static MisbehavingNetconfDevice healthyDevice;
    private static TopologyFixture fixture;
    private static HealthyReader healthy;

    private MisbehavingNetconfDevice device;

    @BeforeAll
    static void start() throws Exception {
        healthyDevice = MisbehavingNetconfDevice.builder().start();
        fixture = new TopologyFixture(NetconfSettings.DEFAULT_MAX_CONCURRENT_SETUPS, MAX_REPLY_BYTES);
        fixture.mount(node("healthy", healthyDevice.host(), healthyDevice.port(), true, null, null, Map.of()));
        fixture.awaitStatus("healthy", "connected", WAIT);
        healthy = new HealthyReader(fixture);
        healthy.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (healthy != null) {
            healthy.stop();
        }
        if (fixture != null) {
            fixture.close();
        }
        if (healthyDevice != null) {
            healthyDevice.close();
        }
    }

    @AfterEach
    void healthyNodeKeptAnswering() throws Exception {
        if (device != null) {
            fixture.unmount("victim");
            fixture.awaitUnmounted("victim", WAIT);
            device.close();
        }
        healthy.assertNoFailures();
    }

    /** Reads the healthy node every 20 ms on its own thread and remembers every failure. */
    static final class HealthyReader {
        private final TopologyFixture fixture;
        private final List<String> failures = new CopyOnWriteArrayList<>();
        private final AtomicInteger reads = new AtomicInteger();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        HealthyReader(final TopologyFixture fixture) {
            this.fixture = fixture;
            this.thread = new Thread(this::run, "healthy-reader");
            thread.setDaemon(true);
        }

        void start() {
            thread.start();
        }

        private void run() {
            while (running.get()) {
                try {
                    fixture.mountPoint("healthy").data().read(ReadScope.CONFIG, YangInstanceIdentifier.of(),
                        RequestContext.system()).toCompletableFuture().get(10, TimeUnit.SECONDS).orElseThrow();
                    reads.incrementAndGet();
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    failures.add(e.toString());
                }
            }
        }

        int reads() {
            return reads.get();
        }

        void assertNoFailures() throws InterruptedException {
            final int before = reads.get();
            final long deadline = System.nanoTime() + WAIT.toNanos();
            while (reads.get() < before + 3 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(failures.isEmpty(), "the healthy node failed: " + failures);
            assertTrue(reads.get() >= before + 3, "the healthy node stopped answering");
        }

        void stop() throws InterruptedException {
            running.set(false);
            thread.join(15_000);
        }
    }

    private void mountVictim(final MisbehavingNetconfDevice newDevice) throws Exception {
        device = newDevice;
        fixture.mount(node("victim", device.host(), device.port(), !device.ssh(),
            device.ssh() ? device.username() : null, device.ssh() ? device.password() : null, Map.of(
                "keepalive-delay", Uint32.ZERO,
                "default-request-timeout-millis", Uint32.valueOf(REQUEST_TIMEOUT_MILLIS),
                "between-attempts-timeout-millis", Uint16.valueOf(BACKOFF_MILLIS))));
        fixture.awaitStatus("victim", "connected", WAIT);
    }

    /**
     * Script {@code reply} for the next get-config, read through the mount point, and check the
     * read fails in time with {@code expected} in its message, the node reports it, reconnects,
     * and the device saw the broken session closed.
     */
    private void assertFaultIsReportedAndRecovered(final Reply reply, final String expected) throws Exception {
        final long sessionBefore = requireNonNull(fixture.topology.status("victim").orElseThrow().sessionId());
        final int opened = device.sessionsOpened();
        device.next("get-config", reply);
        final long started = System.nanoTime();
        final String error = readError();
        assertTrue(System.nanoTime() - started < TimeUnit.MILLISECONDS.toNanos(REQUEST_TIMEOUT_MILLIS + 2000),
            "the read failed only after " + (System.nanoTime() - started) / 1_000_000 + " ms");
        assertTrue(error.contains(expected), "read error: " + error);

        final MapEntryNode reconnecting = fixture.awaitOperational("victim",
            n -> leaf(n, "connection-status").orElse("").equals("connecting")
                && leaf(n, "connected-message").isPresent(), WAIT);
        final String message = leaf(reconnecting, "connected-message").orElseThrow();
        assertTrue(message.contains(expected), "status message: " + message);

        fixture.awaitStatus("victim", "connected", WAIT);
        assertNotEquals(sessionBefore, requireNonNull(fixture.topology.status("victim").orElseThrow().sessionId()).longValue());
        assertEquals(opened + 1, device.sessionsOpened(), "one new session");
        awaitOpenSessions(1);
        // The new session works.
        readVictim();
    }

    private String readError() throws InterruptedException, TimeoutException {
        try {
            readVictim();
        } catch (ExecutionException e) {
            assertTrue(e.getCause() instanceof OperationErrorsException, e.toString());
            return e.getCause().getMessage();
        }
        return fail("the read succeeded");
    }

    private void readVictim() throws InterruptedException, ExecutionException, TimeoutException {
        try {
            fixture.mountPoint("victim").data().read(ReadScope.CONFIG, YangInstanceIdentifier.of(),
                RequestContext.system()).toCompletableFuture().get(REQUEST_TIMEOUT_MILLIS + 5000,
                    TimeUnit.MILLISECONDS);
        } catch (OperationErrorsException e) {
            throw new ExecutionException(e);
        }
    }

    private void awaitOpenSessions(final int expected) throws InterruptedException {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (device.openSessions() != expected) {
            if (System.nanoTime() > deadline) {
                fail("the device has " + device.openSessions() + " open sessions, expected " + expected);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void truncatedXmlFollowedByMoreMessagesEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.TRUNCATED_THEN_CONTINUE, "not well-formed XML");
    }

    @Test
    void truncatedXmlFollowedByTheDeviceClosingIsReportedAsBrokenXml() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().base11(false).start());
        assertFaultIsReportedAndRecovered(Reply.TRUNCATED_THEN_CLOSE, "not well-formed XML");
    }

    @Test
    void aReplyWithAWrongMessageIdEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.WRONG_MESSAGE_ID, "message-id");
    }

    @Test
    void aReplyOverTheSizeLimitEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().oversizedReplyBytes(4L << 20).start());
        assertFaultIsReportedAndRecovered(Reply.OVERSIZED, "larger than");
    }

    @Test
    void aReplyThatNeverComesEndsTheSessionAtTheRequestTimeout() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.NO_REPLY, "did not answer");
    }

    @Test
    void theDeviceClosingTheSessionMidReplyIsReported() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.CLOSE_MID_REPLY, "in the middle of a message");
    }

    @Test
    void aBadChunkHeaderEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.BAD_CHUNK_HEADER, "framing");
    }

    @Test
    void aChunkLongerThanItsHeaderSaysEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().start());
        assertFaultIsReportedAndRecovered(Reply.BAD_CHUNK_SIZE, "framing");
    }

    @Test
    void overSshTheDeviceClosingItsChannelMidReplyIsReported() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().ssh(true).start());
        assertFaultIsReportedAndRecovered(Reply.CLOSE_MID_REPLY, "closed the session");
    }

    @Test
    void overSshAnEndlessReplyIsCutOffAtTheSizeLimit() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().ssh(true).start());
        assertFaultIsReportedAndRecovered(Reply.ENDLESS, "larger than");
    }

    @Test
    void overSshAReplyThatNeverComesEndsTheSession() throws Exception {
        mountVictim(MisbehavingNetconfDevice.builder().ssh(true).base11(false).start());
        assertFaultIsReportedAndRecovered(Reply.NO_REPLY, "did not answer");
    }
}
