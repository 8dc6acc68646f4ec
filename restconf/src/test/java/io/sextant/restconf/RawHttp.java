package io.sextant.restconf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests {@code java.net.http} refuses to send (broken
 * percent-encoding, half-sent headers). Reads block at most {@code readTimeoutMillis}: a server
 * that never answers fails the test with a {@link java.net.SocketTimeoutException} rather than
 * hanging it.
 */
final class RawHttp implements AutoCloseable {
    /** A parsed response. */
    record Response(int status, Map<String, String> headers, String body) {
        String header(final String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;

    RawHttp(final int port, final int readTimeoutMillis) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setSoTimeout(readTimeoutMillis);
    }

    static String basicAuth(final String password) {
        return "Authorization: Basic " + Base64.getEncoder().encodeToString(("admin:" + password)
            .getBytes(StandardCharsets.UTF_8)) + "\r\n";
    }

    /** A complete request with Content-Length. */
    static byte[] request(final String method, final String target, final String headers, final String body) {
        final byte[] content = body.getBytes(StandardCharsets.UTF_8);
        final String head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers
            + "Content-Length: " + content.length + "\r\n\r\n";
        final byte[] headBytes = head.getBytes(StandardCharsets.ISO_8859_1);
        final byte[] all = new byte[headBytes.length + content.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(content, 0, all, headBytes.length, content.length);
        return all;
    }

    void send(final byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    Response exchange(final byte[] request) throws IOException {
        send(request);
        return read();
    }

    /** Read one response (Content-Length framed). */
    Response read() throws IOException {
        final InputStream in = socket.getInputStream();
        final String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        final Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            final int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        final int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        final byte[] body = in.readNBytes(length);
        return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers,
            new String(body, StandardCharsets.UTF_8));
    }

    /** True when the server has closed the connection (end of stream), within the read timeout. */
    boolean closedByServer() throws IOException {
        try {
            return socket.getInputStream().read() < 0;
        } catch (SocketException e) {
            // a reset is a close too
            return true;
        }
    }

    private static String line(final InputStream in) throws IOException {
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
    public void close() throws IOException {
        socket.close();
    }
}
