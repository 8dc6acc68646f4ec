package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.southbound.cli.CliDialect;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PagingHandlerTest {
    private final PagingHandler handler = new PagingHandler(CliDialect.DEFAULT_MORE);
    private final RecordingContext ctx = new RecordingContext();

    @ParameterizedTest
    @ValueSource(strings = {" --More-- ", "--More--", "-- More --", "<--- More --->", " --More--(42%)"})
    void answersThePagerWithASpaceAndDropsTheMarker(final String marker) {
        handler.inbound(ctx, new CliEvent.Text("line 1\r\nline 2\r\n" + marker));
        assertEquals(List.of(new CliOutbound.Keys(" ")), ctx.outbound);
        assertEquals(List.of(new CliEvent.Text("line 1\r\nline 2\r\n")), ctx.inbound);
    }

    @Test
    void ordinaryTextPassesWithoutAnswer() {
        handler.inbound(ctx, new CliEvent.Text(" description More than words\r\nfrr1# "));
        assertEquals(List.of(), ctx.outbound);
        assertEquals(List.of(new CliEvent.Text(" description More than words\r\nfrr1# ")), ctx.inbound);
    }

    @Test
    void markerSplitOverTwoChunksIsStillAnswered() {
        handler.inbound(ctx, new CliEvent.Text("line 1\r\n --Mo"));
        handler.inbound(ctx, new CliEvent.Text("re-- "));
        assertEquals(List.of(new CliOutbound.Keys(" ")), ctx.outbound);
    }
}
