package io.sextant.restconf.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreDataService;
import io.sextant.datastore.StoreType;
import io.sextant.datastore.events.EventStreams;
import io.sextant.model.ControllerSchema;
import io.sextant.restconf.OneUser;
import io.sextant.restconf.server.DefaultRestconfServer;
import io.sextant.security.audit.AuditLog;
import io.sextant.spi.MountPointRegistry;
import io.sextant.spi.Readiness;
import io.sextant.spi.RpcRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Closing the HTTP server ends the event streams its clients still read: each subscription is
 * closed by the time {@code close()} returns, the server having closed their connections while its
 * event loops still ran. This test passes on the code before that too: there the loops stopped side
 * by side, and only when the I/O loop was slower than the workers' quiet period (a busy machine)
 * was a closed connection's last event refused by the stopped workers (a WARN at the stop, and the
 * stream's end never run). That was seen at the stop of 5 of 8 controllers in four 10-device
 * restart benchmarks, and at none with the change.
 */
class ClosingTheServerEndsItsEventStreamsTest {
    private static final String PASSWORD = "pw";
    private static final int READERS = 20;

    @Test
    void everyOpenStreamIsEndedByTheClose() throws Exception {
        final EventStreams bus = new EventStreams(100, ControllerSchema.get());
        final RestconfHttpServer http = new RestconfHttpServer(new DefaultRestconfServer(ControllerSchema.get(),
            new StoreDataService(new InMemoryDataStore(StoreType.CONFIGURATION, ControllerSchema.get(), Runnable::run),
                new InMemoryDataStore(StoreType.OPERATIONAL, ControllerSchema.get(), Runnable::run)),
            new RpcRegistry(), new MountPointRegistry()), OneUser.authenticator("admin", PASSWORD), AuditLog.NONE,
            MetricsEndpoint.NONE, Readiness.ALWAYS,
            new EventStreamEndpoint(bus, NotificationAccess.ALL, Duration.ofSeconds(15)),
            RestconfHttpServer.Settings.of("127.0.0.1", 0));
        final List<Socket> readers = new ArrayList<>();
        try {
            for (int i = 0; i < READERS; i++) {
                readers.add(subscribe(http.port()));
            }
            assertEquals(READERS, bus.subscribers());
        } finally {
            http.close();
        }
        try {
            assertEquals(0, bus.subscribers(), "subscriptions left after the server closed");
        } finally {
            for (Socket reader : readers) {
                reader.close();
            }
        }
    }

    private static Socket subscribe(final int port) throws IOException {
        final Socket socket = new Socket("127.0.0.1", port);
        final OutputStream out = socket.getOutputStream();
        out.write(("GET /rests/streams/json/" + EventStreams.COMMITS + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Accept: text/event-stream\r\nAuthorization: Basic "
            + Base64.getEncoder().encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8))
            + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        // the stream's opening comment is written once it is subscribed
        socket.setSoTimeout(20_000);
        final BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
            StandardCharsets.UTF_8));
        for (String line = in.readLine(); line == null || !line.startsWith(": stream "); line = in.readLine()) {
            if (line == null || line.startsWith("HTTP/1.1 ") && !line.startsWith("HTTP/1.1 200")) {
                throw new IOException("the subscription was answered " + line);
            }
        }
        return socket;
    }
}
