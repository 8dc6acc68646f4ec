package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoginHandlerTest {
    private final LoginHandler handler = new LoginHandler("admin", "s3cret");
    private final RecordingContext ctx = new RecordingContext();

    @Test
    void answersUsernameAndPasswordPrompts() {
        handler.inbound(ctx, new CliEvent.Text("\r\nUser Access Verification\r\n\r\nUsername: "));
        handler.inbound(ctx, new CliEvent.Text("admin\r\nPass"));
        handler.inbound(ctx, new CliEvent.Text("word: "));
        assertEquals(List.of(new CliOutbound.Keys("admin\n"), new CliOutbound.Keys("s3cret\n")), ctx.outbound);
    }

    @Test
    void reportsRefusedCredentials() {
        handler.inbound(ctx, new CliEvent.Text("Password: "));
        handler.inbound(ctx, new CliEvent.Text("\r\n% Bad passwords\r\n"));
        assertInstanceOf(CliEvent.LoginFailed.class, ctx.inbound.get(ctx.inbound.size() - 1));
    }

    @Test
    void ordinaryOutputIsNotAnswered() {
        handler.inbound(ctx, new CliEvent.Text("show users\r\nLine User\r\nr1# "));
        assertEquals(List.of(), ctx.outbound);
    }
}
