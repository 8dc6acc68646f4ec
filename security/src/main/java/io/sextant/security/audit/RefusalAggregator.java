package io.sextant.security.audit;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Keeps a brute-force attempt from flooding the audit log: of the logins a source has refused by
 * the rate limit ({@link AuditEvent#isRateLimitedLogin}), the first in an interval is recorded as
 * it comes and the rest are counted into one record ({@link AuditEvent#refusalsCounted}) when the
 * interval ends ({@link #flushDue}, called periodically), when the next refusal after it comes, or
 * when the log closes ({@link #flushAll}). So a source costs at most two records an interval. At
 * most {@code maxSources} intervals are open; opening one more closes the oldest early. Every
 * other event passes straight through. Thread-safe; records are handed on outside the lock.
 */
public final class RefusalAggregator implements AuditLog {
    private static final int MAX_USERS = 5;

    /** One source's refusals in the current interval, after the first. */
    private static final class Window {
        final @Nullable String source;
        final String method;
        final Instant opened;
        long count;
        @Nullable Instant first;
        @Nullable Instant last;
        final Set<String> users = new LinkedHashSet<>();

        Window(final @Nullable String source, final String method, final Instant opened) {
            this.source = source;
            this.method = method;
            this.opened = opened;
        }

        @Nullable AuditEvent counted() {
            final Instant from = first;
            final Instant to = last;
            // first and last are set with the first count
            return count == 0 || from == null || to == null ? null
                : AuditEvent.refusalsCounted(source, method, count, from, to, List.copyOf(users));
        }
    }

    private final AuditLog next;
    private final Duration interval;
    private final int maxSources;
    private final InstantSource clock;
    private final Map<String, Window> windows = new LinkedHashMap<>();

    /**
     * @param next where records go
     * @param interval over which a source's refusals are counted
     * @param maxSources sources counted at once at most
     */
    public RefusalAggregator(final AuditLog next, final Duration interval, final int maxSources,
            final InstantSource clock) {
        this.next = requireNonNull(next);
        this.interval = requireNonNull(interval);
        this.maxSources = maxSources;
        this.clock = requireNonNull(clock);
        if (maxSources < 1) {
            throw new IllegalArgumentException("maxSources must be positive");
        }
    }

    @Override
    public void record(final AuditEvent event) {
        if (!event.isRateLimitedLogin()) {
            next.record(event);
            return;
        }
        final Instant now = clock.instant();
        final String key = event.source() + " " + event.details().get("method");
        final List<AuditEvent> out = new ArrayList<>(2);
        synchronized (windows) {
            final Window open = windows.get(key);
            if (open != null && now.isBefore(open.opened.plus(interval))) {
                open.count++;
                if (open.first == null) {
                    open.first = event.time();
                }
                open.last = event.time();
                if (event.user() != null && open.users.size() < MAX_USERS) {
                    open.users.add(event.user());
                }
                return;
            }
            if (open != null) {
                windows.remove(key);
                add(out, open.counted());
            }
            windows.put(key, new Window(event.source(), String.valueOf(event.details().get("method")), now));
            if (windows.size() > maxSources) {
                final Iterator<Window> oldest = windows.values().iterator();
                add(out, oldest.next().counted());
                oldest.remove();
            }
            out.add(event);
        }
        out.forEach(next::record);
    }

    /** Records the counts of intervals that have ended. */
    public void flushDue() {
        final Instant now = clock.instant();
        final List<AuditEvent> out = new ArrayList<>();
        synchronized (windows) {
            for (Iterator<Window> it = windows.values().iterator(); it.hasNext();) {
                final Window window = it.next();
                if (!now.isBefore(window.opened.plus(interval))) {
                    add(out, window.counted());
                    it.remove();
                }
            }
        }
        out.forEach(next::record);
    }

    /** Records every count now (the log closes). */
    public void flushAll() {
        final List<AuditEvent> out = new ArrayList<>();
        synchronized (windows) {
            windows.values().forEach(window -> add(out, window.counted()));
            windows.clear();
        }
        out.forEach(next::record);
    }

    /** Sources with an open interval (bounded by {@code maxSources}). */
    public int openSources() {
        synchronized (windows) {
            return windows.size();
        }
    }

    private static void add(final List<AuditEvent> out, final @Nullable AuditEvent event) {
        if (event != null) {
            out.add(event);
        }
    }
}
