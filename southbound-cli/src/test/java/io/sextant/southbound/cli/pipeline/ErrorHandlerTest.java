package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.sextant.southbound.cli.CliDialect;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ErrorHandlerTest {
    private final ErrorHandler handler = new ErrorHandler(CliDialect.DEFAULT_ERRORS,
        List.of(Pattern.compile("%.*"), Pattern.compile("BGP is already running.*")),
        CliDialect.DEFAULT_CONFIG_PROMPT);
    private final RecordingContext ctx = new RecordingContext();

    @ParameterizedTest
    @ValueSource(strings = {"% Unknown command: bogus", "% Invalid input detected at '^' marker.",
        "% Incomplete command.", "% Command incomplete: neighbor 10.0.0.9 remote-as", "% Ambiguous command: sh",
        "% [ZEBRA] Unknown command: bogus"})
    void reportsIosStyleErrorsInAnyMode(final String error) {
        handler.inbound(ctx, new CliEvent.Reply(error, "r1#"));
        final var failure = assertInstanceOf(CliEvent.DeviceError.class, ctx.inbound.get(0));
        assertEquals(error, failure.error());
        assertEquals("r1#", failure.prompt());
    }

    @Test
    void configurationOnlyPatternsApplyToCommandsTypedInConfigMode() {
        handler.inbound(ctx, new CliEvent.Reply("% No BGP neighbors found", "r1#"));
        handler.inbound(ctx, new CliEvent.Reply("", "r1(config)#"));
        handler.inbound(ctx, new CliEvent.Reply("BGP is already running; AS is 65001", "r1(config)#"));
        assertInstanceOf(CliEvent.Reply.class, ctx.inbound.get(0));
        assertInstanceOf(CliEvent.Reply.class, ctx.inbound.get(1));
        assertEquals("BGP is already running; AS is 65001",
            assertInstanceOf(CliEvent.DeviceError.class, ctx.inbound.get(2)).error());
    }

    @Test
    void warningsThatMatchNoPatternPass() {
        handler.inbound(ctx, new CliEvent.Reply("", "r1(config-vrf)#"));
        handler.inbound(ctx, new CliEvent.Reply("Static Route to 10.1.0.0/16 not installed currently",
            "r1(config-vrf)#"));
        assertInstanceOf(CliEvent.Reply.class, ctx.inbound.get(1));
    }
}
