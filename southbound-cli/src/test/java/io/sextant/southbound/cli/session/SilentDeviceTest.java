package io.sextant.southbound.cli.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.OperationErrorsException;
import io.sextant.southbound.cli.CliSession;
import io.sextant.southbound.cli.CliSessionParameters;
import io.sextant.southbound.cli.CliTransportType;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.ErrorTag;

/**
 * A Telnet endpoint that greets with a prompt (or not at all) and then never answers: what a
 * hung device looks like. The session must give up on its own instead of hanging the caller.
 */
class SilentDeviceTest {
    private ServerSocket server;
    private Thread acceptor;
    private DefaultCliConnector connector;

    private void startDevice(final String greeting) throws IOException {
        server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            try (Socket socket = server.accept()) {
                socket.getOutputStream().write(greeting.getBytes(StandardCharsets.US_ASCII));
                final InputStream in = socket.getInputStream();
                while (in.read() >= 0) {
                    // swallow everything, answer nothing
                }
            } catch (IOException e) {
                // the test closed the server
            }
        }, "silent-device");
        acceptor.start();
        connector = new DefaultCliConnector(1);
    }

    @AfterEach
    void stop() throws Exception {
        connector.close();
        server.close();
        acceptor.join(5000);
    }

    private CliSessionParameters parameters(final Duration keepalive) {
        return CliSessionParameters.ssh("127.0.0.1", server.getLocalPort(), "", "")
            .withTransport(CliTransportType.TELNET)
            .withCommandTimeout(Duration.ofMillis(500))
            .withKeepaliveDelay(keepalive);
    }

    @Test
    void deviceWithoutPromptFailsTheConnectAfterTheTimeout() throws IOException {
        startDevice("Welcome\r\n");
        final CompletionException failed = assertThrows(CompletionException.class,
            () -> connector.connect(parameters(Duration.ZERO)).toCompletableFuture().join());
        final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class, failed.getCause());
        assertEquals(ErrorTag.OPERATION_FAILED, error.errors().get(0).tag());
        assertTrue(error.getMessage().contains("No prompt"), error.getMessage());
    }

    @Test
    void commandToAHungDeviceTimesOutAndClosesTheSession() throws IOException {
        startDevice("r1# ");
        // the session's setup ("terminal length 0") is the first command the device ignores
        final CompletionException failed = assertThrows(CompletionException.class,
            () -> connector.connect(parameters(Duration.ZERO)).toCompletableFuture().join());
        final OperationErrorsException error = assertInstanceOf(OperationErrorsException.class, failed.getCause());
        assertTrue(error.getMessage().contains("did not answer 'terminal length 0' within 500 ms"),
            error.getMessage());
    }

    @Test
    void keepaliveDetectsADeviceThatStoppedAnswering() throws IOException {
        server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> {
            try (Socket socket = server.accept()) {
                final var out = socket.getOutputStream();
                final InputStream in = socket.getInputStream();
                out.write("r1# ".getBytes(StandardCharsets.US_ASCII));
                // answer the setup command, then go silent
                final StringBuilder line = new StringBuilder();
                for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
                    line.append((char) c);
                }
                out.write((line.toString().strip() + "\r\nr1# ").getBytes(StandardCharsets.US_ASCII));
                while (in.read() >= 0) {
                    // silent from now on
                }
            } catch (IOException e) {
                // closed by the test
            }
        }, "hanging-device");
        acceptor.start();
        connector = new DefaultCliConnector(1);

        final CliSession session = connector.connect(parameters(Duration.ofMillis(300))).toCompletableFuture().join();
        assertTrue(session.isOpen());
        final CompletionException broken = assertThrows(CompletionException.class,
            () -> session.closeFuture().toCompletableFuture().join());
        assertTrue(broken.getCause().getMessage().contains("did not answer ''"), broken.getCause().getMessage());
        assertFalse(session.isOpen());
    }
}
