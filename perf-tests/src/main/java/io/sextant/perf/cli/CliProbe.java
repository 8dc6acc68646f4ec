package io.sextant.perf.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;

/**
 * Reads a simulated device's running configuration through an SSH session of its own (plain
 * Apache sshd, none of the controller's code): what the device holds, independently of what the
 * controller believes it wrote.
 */
public final class CliProbe implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    static {
        // the harness logs through slf4j-simple at INFO: keep sshd's per-connection lines out of its output
        if (System.getProperty("org.slf4j.simpleLogger.log.org.apache.sshd") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.apache.sshd", "warn");
        }
    }

    private final SshClient client;
    private final String username;
    private final String password;

    public CliProbe(final String username, final String password) {
        this.username = username;
        this.password = password;
        this.client = SshClient.setUpDefaultClient();
        // the simulator's host key is generated per run
        client.setServerKeyVerifier((session, address, key) -> true);
        client.start();
    }

    /** {@code show running-config} of the device at {@code host:port}, as the device prints it. */
    public String runningConfig(final String host, final int port) throws IOException {
        try (ClientSession session = client.connect(username, host, port).verify(TIMEOUT).getSession()) {
            session.addPasswordIdentity(password);
            session.auth().verify(TIMEOUT);
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ChannelShell shell = session.createShellChannel()) {
                shell.setOut(out);
                shell.setErr(out);
                shell.setIn(new ByteArrayInputStream(
                    "terminal length 0\rshow running-config\rexit\r".getBytes(StandardCharsets.US_ASCII)));
                shell.open().verify(TIMEOUT);
                shell.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
            }
            return out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
        }
    }

    /**
     * The description of {@code iface} in a running configuration, or null when the interface has none.
     */
    public static String description(final String runningConfig, final String iface) {
        final Matcher block = Pattern.compile("(?m)^interface " + Pattern.quote(iface) + "\n((?: .*\n)*)")
            .matcher(runningConfig);
        if (!block.find()) {
            return null;
        }
        final Matcher description = Pattern.compile("(?m)^ description (.*)$").matcher(block.group(1));
        return description.find() ? description.group(1) : null;
    }

    @Override
    public void close() {
        client.stop();
    }
}
