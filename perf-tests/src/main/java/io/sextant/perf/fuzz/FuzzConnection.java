package io.sextant.perf.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One keep-alive HTTP/1.1 connection of the fuzzer's own (raw bytes, so any request can be
 * sent). An exchange ends in a response, in the connection dropped without one, or in no answer
 * within the hang limit.
 */
final class FuzzConnection implements AutoCloseable {
    /** What one request got. */
    sealed interface Outcome {
    }

    /** A complete response. */
    record Response(int status, Map<String, String> headers, byte[] body) implements Outcome {
        String header(final String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        boolean closes() {
            return "close".equalsIgnoreCase(header("connection"));
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** The server closed or reset the connection before a complete response. */
    record Dropped(String how) implements Outcome {
    }

    /** No complete response within the hang limit. */
    record Hung() implements Outcome {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    FuzzConnection(final int port, final int hangLimitMillis) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(hangLimitMillis);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    Outcome exchange(final byte[] request) {
        try {
            out.write(request);
            out.flush();
        } catch (IOException e) {
            // the server may refuse a request before it is all sent (a body over the limit): read its answer
        }
        try {
            return read();
        } catch (SocketTimeoutException e) {
            return new Hung();
        } catch (IOException e) {
            return new Dropped(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private Outcome read() throws IOException {
        final String statusLine = line();
        if (statusLine == null) {
            return new Dropped("closed before a response");
        }
        final String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            return new Dropped("not an HTTP response: " + statusLine);
        }
        final Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            final int colon = h.indexOf(':');
            if (colon > 0) {
                headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
            }
        }
        final String length = headers.get("content-length");
        final byte[] body;
        if (length != null) {
            final int n = Integer.parseInt(length);
            body = in.readNBytes(n);
            if (body.length < n) {
                return new Dropped("closed in the middle of the body");
            }
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = chunked();
        } else {
            body = new byte[0];
        }
        return new Response(Integer.parseInt(parts[1]), headers, body);
    }

    private byte[] chunked() throws IOException {
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            final String size = line();
            if (size == null) {
                throw new IOException("closed in a chunked body");
            }
            final int n = Integer.parseInt(size.split(";")[0].trim(), 16);
            if (n == 0) {
                line();
                return body.toByteArray();
            }
            body.writeBytes(in.readNBytes(n));
            line();
        }
    }

    private String line() throws IOException {
        final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int ch;
        while ((ch = in.read()) >= 0) {
            if (ch == '\n') {
                final String s = buf.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            buf.write(ch);
        }
        return buf.size() == 0 ? null : buf.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing a socket the server may already have closed
        }
    }
}
