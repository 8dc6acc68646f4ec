package io.sextant.perf.fuzz;

import io.sextant.perf.fuzz.FuzzCase.Expect;
import io.sextant.perf.fuzz.FuzzConnection.Dropped;
import io.sextant.perf.fuzz.FuzzConnection.Hung;
import io.sextant.perf.fuzz.FuzzConnection.Outcome;
import io.sextant.perf.fuzz.FuzzConnection.Response;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the fuzzer saw, per category, and every finding (a broken invariant) with the case that
 * caused it. Thread-safe: the connections record into one tally.
 */
public final class FuzzTally {
    /** How many findings are kept in full; the counts go on beyond. */
    private static final int KEPT_FINDINGS = 200;

    /** Counts of one category. */
    public static final class Counts {
        long sent;
        long ok;
        long clientErrors;
        long serverErrors;
        long dropped;
        long hung;
        long withoutErrorsBody;
        long unexpectedSuccess;
        long canaryShown;

        public long sent() {
            return sent;
        }

        public long serverErrors() {
            return serverErrors;
        }

        public long dropped() {
            return dropped;
        }

        public long hung() {
            return hung;
        }

        public long withoutErrorsBody() {
            return withoutErrorsBody;
        }

        public long unexpectedSuccess() {
            return unexpectedSuccess;
        }

        public long canaryShown() {
            return canaryShown;
        }

        public long findings() {
            return serverErrors + dropped + hung + withoutErrorsBody + unexpectedSuccess + canaryShown;
        }
    }

    /** One broken invariant. */
    public record Finding(int index, String category, String description, String what) {
    }

    private final Map<String, Counts> categories = new TreeMap<>();
    private final Map<Integer, Long> statuses = new TreeMap<>();
    private final List<Finding> findings = new ArrayList<>();
    private long findingCount;
    private final String canary;

    public FuzzTally(final String canary) {
        this.canary = canary;
    }

    /** Checks one answer against the invariants and counts it. */
    public synchronized void record(final FuzzCase c, final Outcome outcome) {
        final Counts counts = categories.computeIfAbsent(c.category(), k -> new Counts());
        counts.sent++;
        if (outcome instanceof Dropped dropped) {
            counts.dropped++;
            found(c, "connection dropped without a response (" + dropped.how() + ")");
            return;
        }
        if (outcome instanceof Hung) {
            counts.hung++;
            found(c, "no response within the hang limit");
            return;
        }
        final Response response = (Response) outcome;
        statuses.merge(response.status(), 1L, Long::sum);
        if (response.text().contains(canary)) {
            counts.canaryShown++;
            found(c, "the canary file's content is in the response");
        }
        if (response.status() >= 500) {
            counts.serverErrors++;
            found(c, response.status() + " " + ErrorsBodyCheck.abbreviate(response.text()));
            return;
        }
        if (response.status() >= 400) {
            counts.clientErrors++;
            final Optional<String> problem = ErrorsBodyCheck.problem(response.header("content-type"),
                response.body());
            if (problem.isPresent()) {
                counts.withoutErrorsBody++;
                found(c, response.status() + ": " + problem.orElseThrow());
            }
            return;
        }
        counts.ok++;
        if (c.expect() == Expect.CLIENT_ERROR) {
            counts.unexpectedSuccess++;
            found(c, "accepted with " + response.status() + " although wrong by construction: "
                + ErrorsBodyCheck.abbreviate(response.text()));
        }
    }

    private void found(final FuzzCase c, final String what) {
        findingCount++;
        if (findings.size() < KEPT_FINDINGS) {
            findings.add(new Finding(c.index(), c.category(), c.description(), what));
        }
    }

    public synchronized Map<String, Counts> categories() {
        return Collections.unmodifiableMap(new TreeMap<>(categories));
    }

    public synchronized Map<Integer, Long> statuses() {
        return Collections.unmodifiableMap(new TreeMap<>(statuses));
    }

    public synchronized List<Finding> findings() {
        return List.copyOf(findings);
    }

    public synchronized long findingCount() {
        return findingCount;
    }

    /** Totals over all categories. */
    public synchronized Counts total() {
        final Counts total = new Counts();
        for (Counts c : categories.values()) {
            total.sent += c.sent;
            total.ok += c.ok;
            total.clientErrors += c.clientErrors;
            total.serverErrors += c.serverErrors;
            total.dropped += c.dropped;
            total.hung += c.hung;
            total.withoutErrorsBody += c.withoutErrorsBody;
            total.unexpectedSuccess += c.unexpectedSuccess;
            total.canaryShown += c.canaryShown;
        }
        return total;
    }

    /** The per-category table in Markdown. */
    public synchronized String table() {
        final StringBuilder md = new StringBuilder("| category | sent | 2xx | 4xx | 5xx | dropped | hung | 4xx without "
            + "errors body | wrong accepted | canary shown |\n|---|---|---|---|---|---|---|---|---|---|\n");
        final List<Map.Entry<String, Counts>> rows = new ArrayList<>(categories.entrySet());
        rows.add(Map.entry("**all**", total()));
        for (var e : rows) {
            final Counts c = e.getValue();
            md.append(String.format("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |%n", e.getKey(), c.sent, c.ok,
                c.clientErrors, c.serverErrors, c.dropped, c.hung, c.withoutErrorsBody, c.unexpectedSuccess,
                c.canaryShown));
        }
        return md.toString();
    }
}
