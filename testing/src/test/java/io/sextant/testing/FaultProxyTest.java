package io.sextant.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.FaultProxy.Effect;
import io.sextant.testing.FaultProxy.Moment;
import io.sextant.testing.FaultProxy.Trigger;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fault proxy against a small line server that answers every line with {@code ok <line>}:
 * which requests reach the server and which replies reach the client for each trigger moment
 * and effect, stalls that hold and then deliver, and refused connections.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FaultProxyTest {
    private ServerSocket server;
    private final List<String> received = new CopyOnWriteArrayList<>();
    private FaultProxy proxy;

    @BeforeEach
    void start() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    final Socket socket = server.accept();
                    final Thread handler = new Thread(() -> serve(socket));
                    handler.setDaemon(true);
                    handler.start();
                } catch (IOException e) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        proxy = FaultProxy.start("127.0.0.1", server.getLocalPort());
    }

    private void serve(final Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                StandardCharsets.UTF_8)); PrintWriter out = new PrintWriter(socket.getOutputStream(), true)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                received.add(line);
                out.println("ok " + line);
            }
        } catch (IOException e) {
            // the proxy cut the connection
        }
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        server.close();
    }

    /** A client of the proxy; {@link #request} answers null when the connection ended or nothing came. */
    private final class Client implements AutoCloseable {
        private final Socket socket;
        private final BufferedReader in;
        private final PrintWriter out;

        Client() throws IOException {
            socket = new Socket(proxy.host(), proxy.port());
            socket.setSoTimeout(3_000);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = new PrintWriter(socket.getOutputStream(), true);
        }

        String request(final String line) throws IOException {
            out.println(line);
            try {
                return in.readLine();
            } catch (SocketTimeoutException e) {
                return "(timeout)";
            } catch (IOException e) {
                return null;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private void awaitReceived(final int count) throws InterruptedException {
        for (int i = 0; i < 300 && received.size() < count; i++) {
            Thread.sleep(10);
        }
    }

    @Test
    void forwardsBothWaysWhenNothingIsArmed() throws Exception {
        try (Client client = new Client()) {
            assertEquals("ok <lock/>", client.request("<lock/>"));
            assertEquals("ok <edit-config/>", client.request("<edit-config/>"));
        }
        assertEquals(List.of("<lock/>", "<edit-config/>"), received);
    }

    @Test
    void cutBeforeARequestKeepsItFromTheDevice() throws Exception {
        final FaultProxy.Armed armed = proxy.arm(Trigger.of("<commit", Moment.BEFORE, "\n", Effect.CUT));
        try (Client client = new Client()) {
            assertEquals("ok <edit-config/>", client.request("<edit-config/>"));
            assertNull(client.request("<commit/>"), "the connection ended");
        }
        assertTrue(armed.hasFired());
        assertEquals(List.of("<edit-config/>"), received, "the device never saw the commit");
        assertEquals(0, proxy.openConnections());
    }

    @Test
    void aLostReplyReachesTheDeviceButNotTheClient() throws Exception {
        proxy.arm(Trigger.of("<commit", Moment.REPLY_LOST, "ok", Effect.CUT));
        try (Client client = new Client()) {
            assertNull(client.request("<commit/>"), "no reply, the connection ended");
        }
        awaitReceived(1);
        assertEquals(List.of("<commit/>"), received, "the device executed the commit");
    }

    @Test
    void theTriggerWaitsForTheWantedOccurrence() throws Exception {
        proxy.arm(Trigger.of("<commit", Moment.BEFORE, "\n", Effect.CUT).occurrence(2));
        try (Client client = new Client()) {
            assertEquals("ok <commit><confirmed/></commit>", client.request("<commit><confirmed/></commit>"));
            assertNull(client.request("<commit/>"));
        }
        assertEquals(List.of("<commit><confirmed/></commit>"), received);
    }

    @Test
    void aTokenSplitAcrossWritesIsFound() throws Exception {
        final FaultProxy.Armed armed = proxy.arm(Trigger.of("<commit", Moment.BEFORE, "\n", Effect.CUT));
        try (Client client = new Client()) {
            client.out.print("<com");
            client.out.flush();
            Thread.sleep(100);
            assertNull(client.request("mit/>"));
        }
        assertTrue(armed.hasFired());
        // the part before the chunk that completed the token went on, but never the whole request
        assertTrue(received.stream().noneMatch(line -> line.contains("<commit")), received.toString());
    }

    @Test
    void anEncryptedSessionIsCutAtItsNthChunk() throws Exception {
        proxy.arm(Trigger.anyChunk(2, Moment.BEFORE, Effect.CUT));
        try (Client client = new Client()) {
            assertEquals("ok first", client.request("first"));
            assertNull(client.request("second"));
        }
        assertEquals(List.of("first"), received);
    }

    @Test
    void afterTheReplyTheCallbackRunsAndTheConnectionGoesOn() throws Exception {
        final AtomicBoolean called = new AtomicBoolean();
        final FaultProxy.Armed armed = proxy.arm(Trigger.of("end", Moment.AFTER_REPLY, "ok", Effect.NONE)
            .withCallback(() -> called.set(true)));
        try (Client client = new Client()) {
            assertEquals("ok end", client.request("end"));
            // the reply went on first; the callback runs right after it
            armed.fired().get(5, TimeUnit.SECONDS);
            assertTrue(called.get());
            assertEquals("ok next", client.request("next"));
        }
    }

    @Test
    void aStallHoldsTrafficUntilResumedThenDeliversIt() throws Exception {
        proxy.arm(Trigger.of("<commit", Moment.BEFORE, "\n", Effect.STALL));
        try (Client client = new Client()) {
            assertEquals("(timeout)", client.request("<commit/>"), "stalled: no reply");
            assertTrue(received.isEmpty(), "the device has not seen it yet");
            assertTrue(proxy.isStalled());
            proxy.resume();
            assertEquals("ok <commit/>", client.in.readLine(), "held, then delivered");
            assertEquals(List.of("<commit/>"), received);
        }
    }

    @Test
    void aRefusingProxyRefusesNewConnectionsAndCutEndsOpenOnes() throws Exception {
        final Client open = new Client();
        assertEquals("ok a", open.request("a"));
        proxy.refuse(true);
        assertThrows(ConnectException.class, Client::new);
        assertEquals("ok b", open.request("b"), "what is open stays open");
        assertEquals(1, proxy.cut());
        assertNull(open.request("c"));
        open.close();
        proxy.refuse(false);
        try (Client again = new Client()) {
            assertEquals("ok d", again.request("d"));
        }
        assertFalse(received.contains("c"), received.toString());
        assertThrows(IllegalArgumentException.class, () -> Trigger.anyChunk(0, Moment.BEFORE, Effect.CUT));
    }
}
