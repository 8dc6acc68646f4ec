package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class EchoHandlerTest {
    private final EchoHandler handler = new EchoHandler();
    private final RecordingContext ctx = new RecordingContext();

    private void send(final String command) {
        handler.outbound(ctx, new CliOutbound.Command(command, Duration.ofSeconds(1)));
    }

    @Test
    void removesTheEchoedCommandLine() {
        send("show running-config");
        handler.inbound(ctx, new CliEvent.Reply("show running-config\nBuilding configuration...\n!\nend", "r1#"));
        assertEquals("Building configuration...\n!\nend", ctx.onlyReply().output());
    }

    @Test
    void removesStrayTextBeforeTheEcho() {
        send("interface eth0");
        handler.inbound(ctx, new CliEvent.Reply("\nr1(config)# interface eth0", "r1(config-if)#"));
        assertEquals("", ctx.onlyReply().output());
    }

    @Test
    void emptyKeepaliveLineEchoesAsEmptyLine() {
        send("");
        handler.inbound(ctx, new CliEvent.Reply("", "r1#"));
        assertEquals("", ctx.onlyReply().output());
    }

    @Test
    void outputOfADeviceThatDoesNotEchoStaysWhole() {
        send("show clock");
        handler.inbound(ctx, new CliEvent.Reply("12:00:00.000 UTC Mon Jan 1 2024", "r1#"));
        assertEquals("12:00:00.000 UTC Mon Jan 1 2024", ctx.onlyReply().output());
    }

    @Test
    void unsolicitedRepliesPassUnchanged() {
        handler.inbound(ctx, new CliEvent.Reply("Hello, this is FRRouting", "r1#"));
        assertEquals("Hello, this is FRRouting", ctx.onlyReply().output());
    }
}
