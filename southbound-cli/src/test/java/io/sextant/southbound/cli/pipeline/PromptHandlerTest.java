package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.southbound.cli.CliDialect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PromptHandlerTest {
    private final PromptHandler handler = new PromptHandler(CliDialect.DEFAULT_PROMPT);
    private final RecordingContext ctx = new RecordingContext();

    @ParameterizedTest
    @ValueSource(strings = {"frr1# ", "frr1>", "frr1(config)# ", "frr1(config-if)# ", "frr1(config-router)# ",
        "frr1(config-router-af)# ", "R1(config-vrf)#", "core-sw.lab# ", "R1(config-subif)#"})
    void recognisesExecAndConfigPrompts(final String prompt) {
        handler.inbound(ctx, new CliEvent.Text("output\r\n" + prompt));
        assertEquals(new CliEvent.Reply("output", prompt.strip()), ctx.onlyReply());
    }

    @Test
    void waitsForThePromptAcrossChunks() {
        handler.inbound(ctx, new CliEvent.Text("show version\r\nFRRouting 8.4.4 (fr"));
        handler.inbound(ctx, new CliEvent.Text("r1) on Linux\r\n"));
        assertTrue(ctx.inbound.isEmpty());
        handler.inbound(ctx, new CliEvent.Text("frr1"));
        assertTrue(ctx.inbound.isEmpty());
        handler.inbound(ctx, new CliEvent.Text("# "));
        assertEquals(new CliEvent.Reply("show version\nFRRouting 8.4.4 (frr1) on Linux", "frr1#"),
            ctx.onlyReply());
    }

    @Test
    void promptLikeLinesInsideOutputDoNotEndTheReply() {
        handler.inbound(ctx, new CliEvent.Text("show banner\r\nrouter#\r\nmore text"));
        assertTrue(ctx.inbound.isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"Password: ", "Username:", "end", "% Unknown command: foo", "show ip route"})
    void textThatIsNoPromptKeepsWaiting(final String text) {
        handler.inbound(ctx, new CliEvent.Text(text));
        assertTrue(ctx.inbound.isEmpty());
    }
}
