package io.sextant.spi;

import java.time.Duration;

/**
 * What one RESTCONF connection may take from the server. Every limit is answered with a clean
 * RFC 8040 error (or, for idle connections, a close) rather than a hang.
 *
 * @param requestReadTimeout longest time from the first byte of a request to its last (header
 *        and body); a request still incomplete then is answered 408 and its connection closed
 * @param idleTimeout how long a keep-alive connection may wait for its next request
 * @param maxInitialLineBytes longest request line (method, URI, version); longer is answered 414
 * @param maxHeaderBytes largest header block; larger is answered 431
 * @param maxBodyBytes largest request body; larger is answered 413
 * @param maxConnections open connections at once; each one beyond is answered 503 and closed
 */
public record HttpLimits(Duration requestReadTimeout, Duration idleTimeout, int maxInitialLineBytes,
        int maxHeaderBytes, int maxBodyBytes, int maxConnections) {

    public static final String READ_TIMEOUT_PROPERTY = "sextant.http.read-timeout-seconds";
    public static final String IDLE_TIMEOUT_PROPERTY = "sextant.http.idle-timeout-seconds";
    public static final String MAX_INITIAL_LINE_PROPERTY = "sextant.http.max-initial-line-bytes";
    public static final String MAX_HEADER_PROPERTY = "sextant.http.max-header-bytes";
    public static final String MAX_BODY_PROPERTY = "sextant.http.max-body-bytes";
    public static final String MAX_CONNECTIONS_PROPERTY = "sextant.http.max-connections";

    /** 60 s to send a request, 120 s idle, 16 KiB request line and header, 512 MiB body, 5,000 connections. */
    public static final HttpLimits DEFAULTS = new HttpLimits(Duration.ofSeconds(60), Duration.ofSeconds(120),
        16 * 1024, 16 * 1024, 512 * 1024 * 1024, 5_000);

    public HttpLimits {
        if (requestReadTimeout.isNegative() || requestReadTimeout.isZero() || idleTimeout.isNegative()
                || idleTimeout.isZero()) {
            throw new IllegalArgumentException("HTTP timeouts must be positive");
        }
        if (maxInitialLineBytes < 64 || maxHeaderBytes < 64 || maxBodyBytes < 0 || maxConnections < 1) {
            throw new IllegalArgumentException("HTTP limits out of range: " + maxInitialLineBytes + " line bytes, "
                + maxHeaderBytes + " header bytes, " + maxBodyBytes + " body bytes, " + maxConnections
                + " connections");
        }
    }

    /** The defaults, each overridden by its system property when set. */
    public static HttpLimits fromSystemProperties() {
        return new HttpLimits(
            Duration.ofSeconds(Long.getLong(READ_TIMEOUT_PROPERTY, DEFAULTS.requestReadTimeout.toSeconds())),
            Duration.ofSeconds(Long.getLong(IDLE_TIMEOUT_PROPERTY, DEFAULTS.idleTimeout.toSeconds())),
            Integer.getInteger(MAX_INITIAL_LINE_PROPERTY, DEFAULTS.maxInitialLineBytes),
            Integer.getInteger(MAX_HEADER_PROPERTY, DEFAULTS.maxHeaderBytes),
            Integer.getInteger(MAX_BODY_PROPERTY, DEFAULTS.maxBodyBytes),
            Integer.getInteger(MAX_CONNECTIONS_PROPERTY, DEFAULTS.maxConnections));
    }

    public HttpLimits withTimeouts(final Duration newReadTimeout, final Duration newIdleTimeout) {
        return new HttpLimits(newReadTimeout, newIdleTimeout, maxInitialLineBytes, maxHeaderBytes, maxBodyBytes,
            maxConnections);
    }

    public HttpLimits withMaxConnections(final int newMaxConnections) {
        return new HttpLimits(requestReadTimeout, idleTimeout, maxInitialLineBytes, maxHeaderBytes, maxBodyBytes,
            newMaxConnections);
    }

    public HttpLimits withMaxBodyBytes(final int newMaxBodyBytes) {
        return new HttpLimits(requestReadTimeout, idleTimeout, maxInitialLineBytes, maxHeaderBytes, newMaxBodyBytes,
            maxConnections);
    }
}
