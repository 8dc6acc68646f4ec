package io.sextant.southbound.cli.transport;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The client side of Telnet option negotiation (RFC 854, 855, 857, 858). It is passive: it
 * agrees to the server echoing (ECHO) and to suppress-go-ahead (SGA) in both directions, and
 * refuses every other option the server proposes. It answers only requests that change an option's state, so negotiation
 * cannot loop. Subnegotiations are skipped; {@code IAC IAC} is a data byte 255.
 */
public final class TelnetProtocol {
    public static final int IAC = 255;
    public static final int DONT = 254;
    public static final int DO = 253;
    public static final int WONT = 252;
    public static final int WILL = 251;
    public static final int SB = 250;
    public static final int SE = 240;
    public static final int ECHO = 1;
    public static final int SGA = 3;

    private enum State { DATA, IAC, OPTION, SUB, SUB_IAC, CR }

    private final boolean[] remoteEnabled = new boolean[256];
    private final boolean[] localEnabled = new boolean[256];
    private State state = State.DATA;
    private int verb;

    /** Data bytes for the application and the negotiation answers to send back. */
    public record Decoded(byte[] data, byte[] replies) {
    }

    public Decoded decode(final byte[] input, final int offset, final int length) {
        final ByteArrayOutputStream data = new ByteArrayOutputStream(length);
        final ByteArrayOutputStream replies = new ByteArrayOutputStream();
        for (int i = offset; i < offset + length; i++) {
            final int b = input[i] & 0xff;
            switch (state) {
                case DATA -> {
                    if (b == IAC) {
                        state = State.IAC;
                    } else {
                        data.write(b);
                        if (b == '\r') {
                            state = State.CR;
                        }
                    }
                }
                case CR -> {
                    // CR NUL is a bare carriage return (RFC 854)
                    state = State.DATA;
                    if (b == IAC) {
                        state = State.IAC;
                    } else if (b != 0) {
                        data.write(b);
                        if (b == '\r') {
                            state = State.CR;
                        }
                    }
                }
                case IAC -> {
                    if (b == IAC) {
                        data.write(IAC);
                        state = State.DATA;
                    } else if (b == WILL || b == WONT || b == DO || b == DONT) {
                        verb = b;
                        state = State.OPTION;
                    } else if (b == SB) {
                        state = State.SUB;
                    } else {
                        // NOP, GA, AYT, DM and friends carry no data for us
                        state = State.DATA;
                    }
                }
                case OPTION -> {
                    negotiate(verb, b, replies);
                    state = State.DATA;
                }
                case SUB -> {
                    if (b == IAC) {
                        state = State.SUB_IAC;
                    }
                }
                case SUB_IAC -> state = b == SE ? State.DATA : State.SUB;
                default -> throw new IllegalStateException(state.name());
            }
        }
        return new Decoded(data.toByteArray(), replies.toByteArray());
    }

    private void negotiate(final int request, final int option, final ByteArrayOutputStream replies) {
        final boolean wanted = option == ECHO || option == SGA;
        switch (request) {
            case WILL -> {
                if (wanted && !remoteEnabled[option]) {
                    remoteEnabled[option] = true;
                    reply(replies, DO, option);
                } else if (!wanted) {
                    reply(replies, DONT, option);
                }
            }
            case WONT -> {
                if (remoteEnabled[option]) {
                    remoteEnabled[option] = false;
                    reply(replies, DONT, option);
                }
            }
            case DO -> {
                // we only do SGA ourselves; the server echoes, we never do
                if (option == SGA && !localEnabled[option]) {
                    localEnabled[option] = true;
                    reply(replies, WILL, option);
                } else if (option != SGA) {
                    reply(replies, WONT, option);
                }
            }
            case DONT -> {
                if (localEnabled[option]) {
                    localEnabled[option] = false;
                    reply(replies, WONT, option);
                }
            }
            default -> throw new IllegalArgumentException("Not a negotiation verb: " + request);
        }
    }

    private static void reply(final ByteArrayOutputStream replies, final int verb, final int option) {
        replies.write(IAC);
        replies.write(verb);
        replies.write(option);
    }

    /** Text to send: IAC doubled, Enter as CR LF. */
    public static byte[] encode(final String text) {
        final byte[] utf8 = text.replace("\r\n", "\n").replace("\n", "\r\n")
            .getBytes(StandardCharsets.UTF_8);
        final ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + 4);
        for (byte b : utf8) {
            out.write(b);
            if ((b & 0xff) == IAC) {
                out.write(IAC);
            }
        }
        return out.toByteArray();
    }
}
