package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelSubsystem;
import org.apache.sshd.client.session.ClientSession;

/**
 * Opens one NETCONF session to every simulated device, reads its hello and closes it, before any
 * controller connects. netconf-testtool does work on a device's first connection that later ones
 * skip: over SSH it generates the device's host key then (measured here: 0.5-1 s for each device's
 * first session, 0.15 s for the next), and its JVM compiles its session code during the first few.
 * Without this pass, whichever controller mounted the devices first would pay for it.
 */
final class DeviceWarmup {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final byte[] END_OF_MESSAGE = "]]>]]>".getBytes(StandardCharsets.US_ASCII);
    private static final String CLIENT_HELLO = "<hello xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\"><capabilities>"
        + "<capability>urn:ietf:params:netconf:base:1.0</capability></capabilities></hello>]]>]]>";

    private DeviceWarmup() {
    }

    /**
     * One session per device, {@code parallel} at a time.
     *
     * @return how many devices did not answer with a hello
     */
    static int touchAll(final RunContext run, final List<Device> devices, final Transport transport,
            final int parallel) throws IOException, InterruptedException {
        run.log("devices: warm-up, one %s NETCONF session to each of %d devices before any controller connects",
            transport, devices.size());
        final long start = System.nanoTime();
        final AtomicInteger done = new AtomicInteger();
        final List<String> failures = new ArrayList<>();
        final SshClient ssh = transport == Transport.SSH ? sshClient() : null;
        final ExecutorService pool = Executors.newFixedThreadPool(parallel);
        try {
            for (Device device : devices) {
                pool.execute(() -> {
                    try {
                        if (ssh != null) {
                            touchSsh(ssh, device);
                        } else {
                            touchTcp(device);
                        }
                    } catch (IOException | RuntimeException e) {
                        synchronized (failures) {
                            failures.add(device.id() + ": " + e);
                        }
                    }
                    done.incrementAndGet();
                });
            }
            pool.shutdown();
            while (!pool.awaitTermination(15, TimeUnit.SECONDS)) {
                run.log("devices: warm-up %d/%d sessions", done.get(), devices.size());
            }
        } finally {
            pool.shutdownNow();
            if (ssh != null) {
                ssh.stop();
            }
        }
        run.log("devices: warm-up done in %.1f s, %d of %d answered", (System.nanoTime() - start) / 1e9,
            devices.size() - failures.size(), devices.size());
        failures.stream().limit(3).forEach(f -> run.log("  warm-up failed: %s", f));
        return failures.size();
    }

    private static SshClient sshClient() {
        // Apache sshd logs every session at INFO; the run log has what matters
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.sshd", "warn");
        final SshClient client = SshClient.setUpDefaultClient();
        // simulated devices on loopback with host keys made up on the spot: accept them (AcceptAllServerKeyVerifier
        // would do the same, with a warning per device)
        client.setServerKeyVerifier((session, address, key) -> true);
        client.start();
        return client;
    }

    private static void touchTcp(final Device device) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(device.host(), device.port()), (int) TIMEOUT.toMillis());
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            awaitHello(socket.getInputStream());
            socket.getOutputStream().write(CLIENT_HELLO.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
        }
    }

    private static void touchSsh(final SshClient client, final Device device) throws IOException {
        try (ClientSession session = client.connect("admin", device.host(), device.port()).verify(TIMEOUT)
                .getSession()) {
            session.addPasswordIdentity("admin");
            session.auth().verify(TIMEOUT);
            final HelloWatch hello = new HelloWatch();
            try (ChannelSubsystem channel = session.createSubsystemChannel("netconf")) {
                channel.setOut(hello);
                channel.setErr(OutputStream.nullOutputStream());
                channel.open().verify(TIMEOUT);
                hello.await();
                channel.getInvertedIn().write(CLIENT_HELLO.getBytes(StandardCharsets.UTF_8));
                channel.getInvertedIn().flush();
            }
        }
    }

    private static void awaitHello(final InputStream in) throws IOException {
        final ByteArrayOutputStream seen = new ByteArrayOutputStream();
        final byte[] buffer = new byte[8192];
        while (!endsMessage(seen.toByteArray())) {
            final int read = in.read(buffer);
            if (read < 0) {
                throw new IOException("connection closed before the device's hello");
            }
            seen.write(buffer, 0, read);
        }
    }

    private static boolean endsMessage(final byte[] bytes) {
        outer:
        for (int i = 0; i + END_OF_MESSAGE.length <= bytes.length; i++) {
            for (int j = 0; j < END_OF_MESSAGE.length; j++) {
                if (bytes[i + j] != END_OF_MESSAGE[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Collects what the device sends on the channel until its hello is complete. */
    private static final class HelloWatch extends OutputStream {
        private final ByteArrayOutputStream seen = new ByteArrayOutputStream();
        private boolean complete;

        @Override
        public synchronized void write(final int b) {
            seen.write(b);
            check();
        }

        @Override
        public synchronized void write(final byte[] b, final int off, final int len) {
            seen.write(b, off, len);
            check();
        }

        private void check() {
            if (!complete && endsMessage(seen.toByteArray())) {
                complete = true;
                notifyAll();
            }
        }

        synchronized void await() throws IOException {
            final long deadline = System.nanoTime() + TIMEOUT.toNanos();
            try {
                while (!complete) {
                    final long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left <= 0) {
                        throw new IOException("no hello within " + TIMEOUT.toSeconds() + " s");
                    }
                    wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted waiting for the hello", e);
            }
        }
    }
}
