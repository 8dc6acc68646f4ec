package io.sextant.southbound.cli.transport;

import static io.sextant.southbound.cli.transport.TelnetProtocol.DO;
import static io.sextant.southbound.cli.transport.TelnetProtocol.DONT;
import static io.sextant.southbound.cli.transport.TelnetProtocol.ECHO;
import static io.sextant.southbound.cli.transport.TelnetProtocol.IAC;
import static io.sextant.southbound.cli.transport.TelnetProtocol.SB;
import static io.sextant.southbound.cli.transport.TelnetProtocol.SE;
import static io.sextant.southbound.cli.transport.TelnetProtocol.SGA;
import static io.sextant.southbound.cli.transport.TelnetProtocol.WILL;
import static io.sextant.southbound.cli.transport.TelnetProtocol.WONT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TelnetProtocolTest {
    private static final int NAWS = 31;
    private static final int TERMINAL_TYPE = 24;
    private static final int LINEMODE = 34;

    private final TelnetProtocol protocol = new TelnetProtocol();

    private static byte[] bytes(final int... values) {
        final byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    private TelnetProtocol.Decoded decode(final byte[] input) {
        return protocol.decode(input, 0, input.length);
    }

    @Test
    void acceptsEchoAndSuppressGoAheadAndRefusesTheRest() {
        // what FRR's vty sends on connect: WILL ECHO, WILL SGA, DONT LINEMODE; IOS adds DO NAWS, DO TTYPE
        final var decoded = decode(bytes(IAC, WILL, ECHO, IAC, WILL, SGA, IAC, DONT, LINEMODE, IAC, DO, NAWS,
            IAC, DO, TERMINAL_TYPE));
        assertArrayEquals(bytes(IAC, DO, ECHO, IAC, DO, SGA, IAC, WONT, NAWS, IAC, WONT, TERMINAL_TYPE),
            decoded.replies());
        assertEquals(0, decoded.data().length);
    }

    @Test
    void repeatedOffersAreNotAnsweredAgain() {
        decode(bytes(IAC, WILL, ECHO));
        assertEquals(0, decode(bytes(IAC, WILL, ECHO)).replies().length);
    }

    @Test
    void textAroundCommandsSubnegotiationsAndSplitSequencesIsKept() {
        final var first = decode(bytes('a', IAC));
        final var second = decode(bytes(WILL, ECHO, 'b', IAC, SB, NAWS, 0, 80, 0, 24, IAC, SE, 'c', IAC, IAC,
            '\r', 0, 'd'));
        assertArrayEquals(bytes('a'), first.data());
        assertArrayEquals(bytes('b', 'c', 0xff, '\r', 'd'), second.data());
        assertArrayEquals(bytes(IAC, DO, ECHO), second.replies());
    }

    @Test
    void encodesEnterAsCarriageReturnLineFeedAndDoublesIac() {
        assertArrayEquals("show run\r\n".getBytes(StandardCharsets.US_ASCII), TelnetProtocol.encode("show run\n"));
    }
}
