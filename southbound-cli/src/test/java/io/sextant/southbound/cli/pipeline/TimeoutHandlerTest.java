package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeoutHandlerTest {
    private final TimeoutHandler handler = new TimeoutHandler();
    private final RecordingContext ctx = new RecordingContext();

    @Test
    void silentDeviceProducesTimedOutAfterTheCommandsTimeout() {
        handler.outbound(ctx, new CliOutbound.Command("show run", Duration.ofMillis(1500)));
        assertEquals(Duration.ofMillis(1500), ctx.scheduled.get(0).delay);
        ctx.scheduled.get(0).fire();
        assertEquals(List.of(new CliEvent.TimedOut("show run", Duration.ofMillis(1500))), ctx.inbound);
    }

    @Test
    void replyInTimeCancelsTheTimer() {
        handler.outbound(ctx, new CliOutbound.Command("show run", Duration.ofSeconds(1)));
        handler.inbound(ctx, new CliEvent.Reply("", "r1#"));
        assertTrue(ctx.scheduled.get(0).cancelled);
        ctx.scheduled.get(0).task.run();
        assertEquals(List.of(new CliEvent.Reply("", "r1#")), ctx.inbound);
    }

    @Test
    void keystrokesStartNoTimer() {
        handler.outbound(ctx, new CliOutbound.Keys(" "));
        assertTrue(ctx.scheduled.isEmpty());
        assertEquals(List.of(new CliOutbound.Keys(" ")), ctx.outbound);
    }
}
