package io.sextant.perf.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Builds raw HTTP/1.1 requests byte by byte, valid or not. */
final class HttpRequests {
    private final String authorization;

    HttpRequests(final String password) {
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + password)
            .getBytes(StandardCharsets.UTF_8));
    }

    String authorization() {
        return authorization;
    }

    /** An authenticated request with Content-Length; {@code type} null for no Content-Type. */
    byte[] request(final String method, final String target, final String type, final byte[] body) {
        return raw(method + " " + target + " HTTP/1.1", headers(type, body.length), body);
    }

    byte[] request(final String method, final String target, final String type, final String body) {
        return request(method, target, type, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The usual headers: host, credentials, accept, content type and length. */
    String headers(final String type, final long length) {
        final StringBuilder sb = new StringBuilder("Host: 127.0.0.1\r\nAuthorization: ").append(authorization)
            .append("\r\nAccept: application/yang-data+json\r\n");
        if (type != null) {
            sb.append("Content-Type: ").append(type).append("\r\n");
        }
        sb.append("Content-Length: ").append(length).append("\r\n");
        return sb.toString();
    }

    /** A request line, header lines (each ending in CRLF), the empty line and the body. */
    static byte[] raw(final String requestLine, final String headerLines, final byte[] body) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 512);
        out.writeBytes((requestLine + "\r\n" + headerLines + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    static byte[] bytes(final String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
