package io.sextant.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.MisbehavingNetconfDevice.Reply;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The misbehaving device answers correctly by default (checked with the independent
 * {@link NetconfVerifier} over TCP and SSH, both framings), and each scripted misbehaviour puts
 * exactly the promised bytes on the wire (checked on a raw socket).
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class MisbehavingNetconfDeviceTest {
    private static final String EOM = "]]>]]>";
    private static final String GET_CONFIG = "<get-config><source><running/></source></get-config>";

    @Test
    void answersCorrectlyOverTcpWithChunkedFramingAndAdvertisesTheBundledModules() throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().start();
                NetconfVerifier session = NetconfVerifier.tcp(device.host(), device.port())) {
            assertTrue(session.chunked());
            assertTrue(session.capabilities().stream().anyMatch(c -> c.contains("module=openconfig-interfaces")
                && c.contains("revision=2016-05-26")), session.capabilities().toString());
            assertEquals(List.of("uplink"), NetconfVerifier.values(session.getConfig("running"), "data",
                "interfaces", "interface", "config", "description"));
            session.lock("candidate");
            session.editConfig("candidate", "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"/>");
            session.commit();
            session.unlock("candidate");
            assertEquals(1, device.openSessions());
        }
    }

    @Test
    void answersCorrectlyOverSshWithEndOfMessageFraming() throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().ssh(true).base11(false).start();
                NetconfVerifier session = NetconfVerifier.ssh(device.host(), device.port(), device.username(),
                    device.password())) {
            assertFalse(session.chunked());
            assertEquals(List.of("eth0"), NetconfVerifier.values(session.getConfig("running"), "data",
                "interfaces", "interface", "name"));
        }
    }

    @Test
    void aScriptedReplyAppliesToTheNextRequestOfItsOperationOnly() throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().start();
                NetconfVerifier session = NetconfVerifier.tcp(device.host(), device.port())
                    .withTimeout(Duration.ofMillis(500))) {
            device.next("get-config", Reply.NO_REPLY);
            session.lock("candidate");
            assertThrows(IOException.class, () -> session.getConfig("running"));
            assertEquals(1, device.faultsApplied());
            assertEquals(0, device.scripted());
            assertEquals(1, device.requests("get-config"));
        }
    }

    @Test
    void truncatedXmlIsSentAsAWholeMessage() throws IOException {
        final String bytes = rawReply(Reply.TRUNCATED_THEN_CONTINUE);
        assertTrue(bytes.endsWith(EOM), bytes);
        assertFalse(bytes.contains("</rpc-reply>"), bytes);
    }

    @Test
    void aTruncatedReplyThenCloseEndsTheSession() throws IOException {
        final String bytes = rawReply(Reply.TRUNCATED_THEN_CLOSE);
        assertTrue(bytes.endsWith(EOM + "<closed>"), bytes);
    }

    @Test
    void aWrongMessageIdIsOneNoRequestHad() throws IOException {
        final String bytes = rawReply(Reply.WRONG_MESSAGE_ID);
        assertTrue(bytes.contains("message-id=\"1000000001\""), bytes);
    }

    @Test
    void closingMidReplyLeavesTheFrameOpen() throws IOException {
        final String bytes = rawReply(Reply.CLOSE_MID_REPLY);
        assertTrue(bytes.endsWith("<closed>"), bytes);
        assertFalse(bytes.contains(EOM), bytes);
    }

    @Test
    void anOversizedReplyIsWellFormedAndAsLargeAsAsked() throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().base11(false)
                .oversizedReplyBytes(300_000).start();
                NetconfVerifier session = NetconfVerifier.tcp(device.host(), device.port())) {
            device.next(Reply.OVERSIZED);
            final String reply = session.getConfig("running");
            assertTrue(reply.length() >= 300_000, Integer.toString(reply.length()));
            assertEquals(1, NetconfVerifier.values(reply, "data", "interfaces", "interface", "config",
                "description").size());
        }
    }

    @Test
    void brokenChunkHeadersAreSentOnlyInChunkedSessions() throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().start();
                NetconfVerifier session = NetconfVerifier.tcp(device.host(), device.port())
                    .withTimeout(Duration.ofSeconds(2))) {
            device.next(Reply.BAD_CHUNK_HEADER);
            // The verifier's own framer rejects the header and the session is lost.
            assertThrows(IOException.class, () -> session.getConfig("running"));
        }
        final String eom = rawReply(Reply.BAD_CHUNK_SIZE);
        assertEquals("<closed>", eom, "a base:1.0 session cannot carry chunk errors; the device says so by closing");
    }

    /** Hello (base:1.0 only) and one get-config on a raw socket: what came back, {@code <closed>} if it closed. */
    private static String rawReply(final Reply reply) throws IOException {
        try (MisbehavingNetconfDevice device = MisbehavingNetconfDevice.builder().start();
                Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(device.host(), device.port()), 5000);
            socket.setSoTimeout(1000);
            final InputStream in = socket.getInputStream();
            final OutputStream out = socket.getOutputStream();
            readMessage(in);
            out.write(("<hello xmlns=\"" + NetconfVerifier.BASE_NS + "\"><capabilities><capability>"
                + MisbehavingNetconfDevice.BASE_1_0 + "</capability></capabilities></hello>" + EOM)
                .getBytes(StandardCharsets.UTF_8));
            device.next(reply);
            out.write(("<rpc xmlns=\"" + NetconfVerifier.BASE_NS + "\" message-id=\"1\">" + GET_CONFIG + "</rpc>" + EOM)
                .getBytes(StandardCharsets.UTF_8));
            out.flush();
            final ByteArrayOutputStream received = new ByteArrayOutputStream();
            final byte[] buffer = new byte[8192];
            try {
                for (int n = in.read(buffer); ; n = in.read(buffer)) {
                    if (n < 0) {
                        received.writeBytes("<closed>".getBytes(StandardCharsets.US_ASCII));
                        break;
                    }
                    received.write(buffer, 0, n);
                }
            } catch (SocketTimeoutException e) {
                // the session stays open
            }
            return received.toString(StandardCharsets.UTF_8);
        }
    }

    private static void readMessage(final InputStream in) throws IOException {
        final StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith(EOM)) {
            final int b = in.read();
            if (b < 0) {
                throw new IOException("closed: " + text);
            }
            text.append((char) b);
        }
    }
}
