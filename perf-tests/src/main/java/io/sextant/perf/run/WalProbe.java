package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.StateDatabase.Wal;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What one small change costs the database: on up to {@value #DEVICES} configured devices, one
 * after the other and nothing else running, a PUT of one leaf (the description of the interface
 * the mix added) into the intent, then calculate-diff, then commit of that node. For each kind of
 * request: the WAL it wrote (pg_current_wal_lsn before and after each request, exact) and, over
 * all of them, the WAL records, full-page images and WAL syncs (fsyncs) of pg_stat_wal, read after
 * waiting {@value #SETTLE_SECONDS} s so that every backend has reported (PostgreSQL 15 reports an
 * idle backend's counters after at most 10 s). pg_stat_wal is cluster-wide: anything else the
 * controller writes in that window (nothing is expected while no request runs) counts too.
 */
final class WalProbe {
    static final int DEVICES = 5;
    private static final int SETTLE_SECONDS = 11;
    private static final String INTENT = "/rests/data/network-topology:network-topology/topology=uniconfig/node=%s"
        + "/uniconfig-topology:configuration/openconfig-interfaces:interfaces/interface=ge-0%%2F1%%2F0/config/description";

    /** One kind of request: requests, WAL bytes by LSN (each, then mean), pg_stat_wal totals, latency. */
    record Step(String name, List<Long> lsnBytes, Wal counters, List<Long> millis) {
        long meanBytes() {
            return Math.round(lsnBytes.stream().mapToLong(Long::longValue).average().orElse(0));
        }

        double per(final long total) {
            return lsnBytes.isEmpty() ? 0 : total / (double) lsnBytes.size();
        }
    }

    private WalProbe() {
    }

    static List<Step> run(final RunContext run, final ControllerProcess controller, final StateDatabase db,
            final List<Device> devices) throws IOException, InterruptedException {
        final List<Device> sample = devices.subList(0, Math.min(DEVICES, devices.size()));
        final RestconfClient client = controller.client();
        final List<Step> steps = new ArrayList<>();
        steps.add(step(run, db, "PUT one leaf (intent)", sample, device -> {
            final RestconfClient.Response response = call(() -> client.put(INTENT.formatted(device.id()),
                "{\"openconfig-interfaces:description\":\"wal probe " + System.nanoTime() + "\"}"));
            return check(response, response.ok(), "PUT of the description");
        }));
        steps.add(step(run, db, "calculate-diff", sample, device -> {
            final RestconfClient.Response response = call(() -> client.post(
                "/rests/operations/uniconfig-manager:calculate-diff", input(device)));
            return check(response, response.ok() && response.body().contains("wal probe"), "calculate-diff");
        }));
        steps.add(step(run, db, "commit", sample, device -> {
            final RestconfClient.Response response = call(() -> client.post(
                "/rests/operations/uniconfig-manager:commit", input(device)));
            return check(response, response.ok() && response.body().contains("complete"), "commit");
        }));
        return steps;
    }

    private static String input(final Device device) {
        return "{\"input\":{\"target-nodes\":{\"node\":[\"" + device.id() + "\"]}}}";
    }

    private interface Call {
        RestconfClient.Response send() throws IOException, InterruptedException;
    }

    private static RestconfClient.Response call(final Call call) {
        try {
            return call.send();
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String check(final RestconfClient.Response response, final boolean ok, final String what) {
        if (!ok) {
            final String body = response.body();
            throw new IllegalStateException("WAL probe: " + what + " answered " + response.status() + ": "
                + body.substring(0, Math.min(400, body.length())));
        }
        return "";
    }

    private static Step step(final RunContext run, final StateDatabase db, final String name,
            final List<Device> sample, final Function<Device, String> request) throws IOException, InterruptedException {
        Thread.sleep(SETTLE_SECONDS * 1000L);
        final Wal start = db.wal();
        final List<Long> bytes = new ArrayList<>();
        final List<Long> millis = new ArrayList<>();
        for (Device device : sample) {
            final long before = db.wal().lsn();
            final long t0 = System.nanoTime();
            try {
                request.apply(device);
            } catch (IllegalStateException e) {
                throw new IOException(e.getMessage() + " (device " + device.id() + ")", e);
            }
            millis.add((System.nanoTime() - t0) / 1_000_000);
            bytes.add(db.wal().lsn() - before);
        }
        Thread.sleep(SETTLE_SECONDS * 1000L);
        final Step step = new Step(name, bytes, db.wal().minus(start), millis);
        run.log("wal probe: %s: %s bytes of WAL each, %d syncs for %d requests", name, bytes, step.counters().syncs(),
            sample.size());
        return step;
    }

    /** The probe's results as a Markdown section. */
    static String section(final List<Step> steps, final int lines) {
        final StringBuilder md = new StringBuilder();
        md.append("### WAL per request: one-leaf change on a ").append(String.format("%,d", lines))
            .append("-line configuration\n\n")
            .append("One request at a time, nothing else running (").append(WalProbe.class.getSimpleName())
            .append("). WAL bytes from pg_current_wal_lsn before/after each request; records, full-page images and")
            .append(" syncs (fsync/fdatasync of the WAL) from pg_stat_wal over the whole step, per request.\n\n")
            .append("| request | n | WAL bytes each | mean | records/req | FPI/req | WAL syncs/req | latency ms each |\n")
            .append("|---|---:|---|---:|---:|---:|---:|---|\n");
        for (Step step : steps) {
            md.append(String.format("| %s | %d | %s | %,d | %.1f | %.1f | %.1f | %s |%n", step.name(),
                step.lsnBytes().size(), step.lsnBytes(), step.meanBytes(), step.per(step.counters().records()),
                step.per(step.counters().fullPageImages()), step.per(step.counters().syncs()), step.millis()));
        }
        return md.toString();
    }
}
