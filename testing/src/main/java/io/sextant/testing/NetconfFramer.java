package io.sextant.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Splits the byte stream from a NETCONF server into messages: RFC 6242 end-of-message framing
 * ({@code ]]>]]>}, base:1.0 and the hello) or chunked framing (base:1.1). Bytes are written
 * into it as they arrive; whole messages are taken from {@link #next(long)}.
 */
final class NetconfFramer extends OutputStream {
    private static final byte[] EOM = "]]>]]>".getBytes(StandardCharsets.US_ASCII);
    private static final String CLOSED = "\u0000closed";

    private enum State { HEADER_LF, HEADER_HASH, HEADER_SIZE_OR_END, SIZE, END_LF, DATA }

    private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();
    private final ByteArrayOutputStream current = new ByteArrayOutputStream();
    private volatile boolean chunked;

    private State state = State.HEADER_LF;
    private long remaining;
    private final StringBuilder size = new StringBuilder();
    private final byte[] tail = new byte[EOM.length];
    private long seen;

    /** From now on expect base:1.1 chunked framing. */
    void switchToChunked() {
        chunked = true;
    }

    boolean chunked() {
        return chunked;
    }

    /** The next whole message, or {@code null} after {@code timeoutMillis}. */
    String next(final long timeoutMillis) throws IOException {
        try {
            final String message = messages.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            if (CLOSED.equals(message)) {
                messages.add(CLOSED);
                throw new IOException("The NETCONF session was closed by the server");
            }
            return message;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted", e);
        }
    }

    /** The server closed the session: waiting readers fail instead of timing out. */
    void markClosed() {
        messages.add(CLOSED);
    }

    @Override
    public synchronized void write(final int b) throws IOException {
        if (chunked) {
            chunk((byte) b);
        } else {
            current.write(b);
            tail[(int) (seen++ % EOM.length)] = (byte) b;
            if (endsWithEom()) {
                final byte[] bytes = current.toByteArray();
                messages.add(new String(bytes, 0, bytes.length - EOM.length, StandardCharsets.UTF_8).strip());
                current.reset();
                seen = 0;
            }
        }
    }

    @Override
    public synchronized void write(final byte[] bytes, final int offset, final int length) throws IOException {
        for (int i = offset; i < offset + length; i++) {
            if (chunked && state == State.DATA && remaining > 1) {
                // Copy the bulk of a chunk at once.
                final int n = (int) Math.min(remaining - 1, offset + length - i);
                current.write(bytes, i, n);
                remaining -= n;
                i += n - 1;
                continue;
            }
            write(bytes[i]);
        }
    }

    private boolean endsWithEom() {
        if (seen < EOM.length) {
            return false;
        }
        for (int i = 0; i < EOM.length; i++) {
            if (tail[(int) ((seen + i) % EOM.length)] != EOM[i]) {
                return false;
            }
        }
        return true;
    }

    private void chunk(final byte b) throws IOException {
        switch (state) {
            case HEADER_LF -> expect(b, '\n', State.HEADER_HASH);
            case HEADER_HASH -> expect(b, '#', State.HEADER_SIZE_OR_END);
            case HEADER_SIZE_OR_END -> {
                if (b == '#') {
                    state = State.END_LF;
                } else if (b >= '1' && b <= '9') {
                    size.setLength(0);
                    size.append((char) b);
                    state = State.SIZE;
                } else {
                    throw new IOException("Bad chunk header byte " + b);
                }
            }
            case SIZE -> {
                if (b == '\n') {
                    remaining = Long.parseLong(size.toString());
                    state = State.DATA;
                } else if (b >= '0' && b <= '9' && size.length() < 10) {
                    size.append((char) b);
                } else {
                    throw new IOException("Bad chunk size byte " + b);
                }
            }
            case DATA -> {
                current.write(b);
                if (--remaining == 0) {
                    state = State.HEADER_LF;
                }
            }
            case END_LF -> {
                expect(b, '\n', State.HEADER_LF);
                messages.add(current.toString(StandardCharsets.UTF_8).strip());
                current.reset();
            }
            default -> throw new IllegalStateException(state.toString());
        }
    }

    private void expect(final byte b, final char expected, final State next) throws IOException {
        if (b != expected) {
            throw new IOException("Bad chunked framing: expected '" + expected + "', got byte " + b);
        }
        state = next;
    }

    /** Frame one outgoing message. */
    static byte[] frame(final String message, final boolean chunkedFraming) {
        final byte[] body = message.getBytes(StandardCharsets.UTF_8);
        if (!chunkedFraming) {
            final byte[] framed = new byte[body.length + EOM.length];
            System.arraycopy(body, 0, framed, 0, body.length);
            System.arraycopy(EOM, 0, framed, body.length, EOM.length);
            return framed;
        }
        final ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 32);
        out.writeBytes(("\n#" + body.length + "\n").getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        out.writeBytes("\n##\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
