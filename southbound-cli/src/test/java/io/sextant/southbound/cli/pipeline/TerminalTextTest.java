package io.sextant.southbound.cli.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void carriageReturnLineFeedBecomesNewline() {
        assertEquals("a\nb\n", TerminalText.render("a\r\nb\r\n"));
    }

    @Test
    void backspacesAndBlanksEraseAPagerMarkerLikeIosDoes() {
        final String raw = "line 1\r\n --More-- \b\b\b\b\b\b\b\b\b\b          \b\b\b\b\b\b\b\b\b\bline 2\r\n";
        assertEquals("line 1\nline 2\n", TerminalText.render(raw));
    }

    @Test
    void carriageReturnRedrawOverwritesTheLine() {
        assertEquals("frr1# show version", TerminalText.render("frr1# show\rfrr1# show version"));
    }

    @Test
    void ansiSequencesAndControlCharactersVanish() {
        assertEquals("frr1# end", TerminalText.render("\u001b[?2004hfrr1# \u001b[1mend\u001b[0m\u0000\u0007"));
    }

    @Test
    void trailingBlanksOfEveryLineAreDropped() {
        assertEquals(" description x\nexit", TerminalText.render(" description x   \r\nexit  "));
    }
}
