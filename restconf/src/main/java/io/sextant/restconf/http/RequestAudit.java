package io.sextant.restconf.http;

import io.netty.handler.codec.http.HttpMethod;
import io.sextant.metrics.SextantMetrics;
import io.sextant.security.audit.AuditEvent.Outcome;
import io.sextant.security.audit.AuditEvent;
import io.sextant.security.audit.AuditLog;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the audit log gets from RESTCONF once a request is answered: every write (PUT, POST,
 * PATCH, DELETE on data) and every operation (POST under {@code /rests/operations}) with its
 * user, source address, request id, path and outcome, and every request NACM refused (403),
 * reads included. Reads that were allowed are not audited; unauthenticated requests are audited
 * as failed logins by the authenticator. Bodies are never recorded (they may hold secrets).
 * Every answer, whoever asked, is timed in the request metrics.
 */
final class RequestAudit {
    private static final Logger LOG = LoggerFactory.getLogger(RequestAudit.class);
    private static final String OPERATIONS = "/rests/operations/";

    private final AuditLog log;
    private final SextantMetrics metrics;
    private final AtomicLong ids = new AtomicLong();

    RequestAudit(final AuditLog log) {
        this(log, SextantMetrics.NONE);
    }

    /** Also times every answered request in {@code metrics}. */
    RequestAudit(final AuditLog log, final SextantMetrics metrics) {
        this.log = log;
        this.metrics = metrics;
    }

    /** A new request's id (also sent back in the {@code Sextant-Request-Id} header). */
    String nextId() {
        return Long.toString(ids.incrementAndGet());
    }

    /**
     * The request was answered with {@code status} after {@code nanos}; {@code user} is null when it
     * was not authenticated; {@code edited} are the targets below {@code path} it changed or tried to
     * change (a YANG-Patch's edits), empty when it is {@code path} itself.
     */
    void answered(final @Nullable String user, final String source, final String requestId, final HttpMethod method,
            final String path, final List<String> edited, final int status, final long nanos) {
        // labels from a fixed set whatever the client sends: a series per label value
        metrics.request(MetricsEndpoint.method(method), MetricsEndpoint.resource(path), status, nanos);
        if (user == null) {
            return;
        }
        final AuditEvent event = event(user, source, requestId, method, path, edited, status);
        if (event == null) {
            return;
        }
        try {
            log.record(event);
        } catch (UncheckedIOException e) {
            LOG.error("Audit record of request {} not written: {}", requestId, e.getMessage());
        }
    }

    static @Nullable AuditEvent event(final @Nullable String user, final String source, final String requestId,
            final HttpMethod method, final String path, final List<String> edited, final int status) {
        final boolean read = method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)
            || method.equals(HttpMethod.OPTIONS);
        final boolean operation = method.equals(HttpMethod.POST) && path.startsWith(OPERATIONS);
        if (status == 403) {
            return AuditEvent.denied(user, source, requestId, read ? "read" : operation ? "exec" : "write", path,
                "nacm");
        }
        if (read) {
            return null;
        }
        final Outcome outcome = status < 300 ? Outcome.SUCCESS : Outcome.FAILURE;
        final String message = "HTTP " + status;
        if (operation) {
            return AuditEvent.rpc(user, source, requestId, path.substring(OPERATIONS.length()), outcome, message)
                .with("status", status);
        }
        // a YANG-Patch names each edit's target (relative to the request's), not only the request's
        final List<String> paths = edited.isEmpty() ? List.of(path)
            : edited.stream().map(target -> target.equals("/") ? path
                : path + (target.startsWith("/") ? "" : "/") + target).toList();
        return AuditEvent.write(user, source, requestId, method.name(), paths, outcome, message)
            .with("status", status);
    }
}
