package io.sextant.security.audit;

import static java.util.Objects.requireNonNull;

import io.sextant.security.hostkeys.HostKeyVerdict;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One audit record: who did what from where, on which paths, with what outcome. Build one with
 * the factory for its kind ({@link #login}, {@link #write}, ...) and add details with
 * {@link #with}; secrets in details are redacted when the record is written.
 *
 * @param time when it happened
 * @param type what kind of event
 * @param user the user (null for device events)
 * @param source the client's address (null for device events)
 * @param requestId the request's id, to match the access log (null when none)
 * @param outcome success, failure or denied
 * @param paths the data paths concerned (changed, denied), as RESTCONF paths
 * @param message a sentence for people
 * @param details further fields (operation, rule, node, fingerprint, ...)
 */
public record AuditEvent(Instant time, Type type, @Nullable String user, @Nullable String source,
        @Nullable String requestId, Outcome outcome, List<String> paths, String message, Map<String, Object> details) {

    /** The detail that marks logins refused by the rate limit. */
    public static final String RATE_LIMITED = "rate-limited";

    public enum Type {
        LOGIN,
        LOGIN_FAILED,
        ACCESS_DENIED,
        WRITE,
        RPC,
        DEVICE_CONNECTION,
        HOST_KEY,
        /** Records a copy of the audit log lacks (a count, not the records). */
        AUDIT_GAP;

        /** The name in the JSON line, such as {@code login-failed}. */
        public String jsonName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public enum Outcome {
        SUCCESS,
        FAILURE,
        DENIED;

        public String jsonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public AuditEvent {
        requireNonNull(time);
        requireNonNull(type);
        requireNonNull(outcome);
        paths = List.copyOf(paths);
        message = message == null ? "" : message;
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** The same event with one more detail. */
    public AuditEvent with(final String name, final Object value) {
        final Map<String, Object> more = new LinkedHashMap<>(details);
        more.put(name, value);
        return new AuditEvent(time, type, user, source, requestId, outcome, paths, message, more);
    }

    /** A successful login ({@code method}: basic, bearer, console). */
    public static AuditEvent login(final String user, final String source, final String method) {
        return new AuditEvent(Instant.now(), Type.LOGIN, user, source, null, Outcome.SUCCESS, List.of(),
            "User " + user + " logged in", Map.of("method", method));
    }

    /** A failed login; {@code user} is what the client claimed (may be null), {@code reason} why it failed. */
    public static AuditEvent loginFailed(final @Nullable String user, final String source, final String method,
            final String reason) {
        return new AuditEvent(Instant.now(), Type.LOGIN_FAILED, user, source, null, Outcome.FAILURE, List.of(),
            reason, Map.of("method", method));
    }

    /**
     * A login refused before any password was checked because its source failed too often. The
     * audit log keeps the first of a source's refusals in an interval and counts the rest
     * ({@link #refusalsCounted}).
     */
    public static AuditEvent loginRateLimited(final @Nullable String user, final String source, final String method,
            final String message) {
        return new AuditEvent(Instant.now(), Type.LOGIN_FAILED, user, source, null, Outcome.FAILURE, List.of(),
            message, Map.of("method", method, RATE_LIMITED, true));
    }

    /**
     * The rate-limited logins of one source counted over an interval, after the first of them.
     *
     * @param users the distinct user names they claimed (at most a few)
     */
    public static AuditEvent refusalsCounted(final @Nullable String source, final String method, final long count,
            final Instant first, final Instant last, final List<String> users) {
        return new AuditEvent(last, Type.LOGIN_FAILED, users.size() == 1 ? users.get(0) : null, source, null,
            Outcome.FAILURE, List.of(), count + " more login(s) from " + source
                + " refused by the rate limit between " + first + " and " + last,
            Map.of("method", method, RATE_LIMITED, true, "count", count, "first", first.toString(),
                "last", last.toString(), "users", List.copyOf(users)));
    }

    /** Whether this is a login refused by the rate limit (one, not a count of them). */
    public boolean isRateLimitedLogin() {
        return type == Type.LOGIN_FAILED && Boolean.TRUE.equals(details.get(RATE_LIMITED))
            && !details.containsKey("count");
    }

    /**
     * Records a copy of the audit log (its file or its table) lacks: how many, from when to when,
     * and where they are (or that they are nowhere) in {@code message}.
     */
    public static AuditEvent gap(final long count, final Instant first, final Instant last, final String message,
            final Map<String, Object> where) {
        final Map<String, Object> details = new LinkedHashMap<>();
        details.put("count", count);
        details.put("first", first.toString());
        details.put("last", last.toString());
        details.putAll(where);
        return new AuditEvent(last, Type.AUDIT_GAP, null, null, null, Outcome.FAILURE, List.of(), message, details);
    }

    /** A request refused by NACM. */
    public static AuditEvent denied(final @Nullable String user, final String source, final @Nullable String requestId,
            final String operation, final String path, final String decidedBy) {
        return new AuditEvent(Instant.now(), Type.ACCESS_DENIED, user, source, requestId, Outcome.DENIED,
            List.of(path), "Access denied", Map.of("operation", operation, "decided-by", decidedBy));
    }

    /** A write (PUT, POST, PATCH, DELETE, console command) with the paths it changed. */
    public static AuditEvent write(final @Nullable String user, final String source, final @Nullable String requestId,
            final String method, final List<String> paths, final Outcome outcome, final String message) {
        return new AuditEvent(Instant.now(), Type.WRITE, user, source, requestId, outcome, paths, message,
            Map.of("method", method));
    }

    /** An RPC or action; its input may go in details (secrets are redacted by name); no message: empty. */
    public static AuditEvent rpc(final @Nullable String user, final String source, final @Nullable String requestId,
            final String rpc, final Outcome outcome, final @Nullable String message) {
        return new AuditEvent(Instant.now(), Type.RPC, user, source, requestId, outcome, List.of(),
            message == null ? "" : message, Map.of("rpc", rpc));
    }

    /** A device connected, disconnected or failed to connect. */
    public static AuditEvent deviceConnection(final String nodeId, final String status, final Outcome outcome,
            final String message) {
        return new AuditEvent(Instant.now(), Type.DEVICE_CONNECTION, null, null, null, outcome, List.of(), message,
            Map.of("node", nodeId, "status", status));
    }

    /** A host key learned, matched, accepted or refused. */
    public static AuditEvent hostKey(final HostKeyVerdict verdict) {
        return new AuditEvent(Instant.now(), Type.HOST_KEY, null, null, null,
            verdict.accepted() ? Outcome.SUCCESS : Outcome.DENIED, List.of(), verdict.message(),
            Map.of("node", verdict.nodeId(), "host-key", verdict.outcome().name().toLowerCase(Locale.ROOT)
                .replace('_', '-'), "fingerprint", verdict.presented()));
    }
}
