package io.sextant.perf.run;

import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * {@code density}: a matrix of configured devices × configuration size → commit p95 (and
 * calculate-diff p95), in the manner of the NFV service density matrices (instances × functions per
 * instance → cores). Rows: devices 1, 10, 100, 1,000 ... up to {@code --devices} (default 100);
 * columns: 1,000, 10,000, 100,000, 600,000 lines up to {@code --lines} (default 100,000). Each column
 * gets a fresh controller and fresh devices; within a column devices are added row by row, each row
 * runs enough rounds of the request mix for at least 50 commits.
 */
final class DensityScenario implements Scenario {
    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final List<Integer> rows = ladder(List.of(1, 10, 100, 1_000, 10_000), options.devices().orElse(100));
        final List<Integer> columns = ladder(List.of(1_000, 10_000, 100_000, 600_000), options.lines().orElse(100_000));
        final int maxDevices = rows.get(rows.size() - 1);
        final int threads = options.threads().orElse(5);
        summary.transport(options.transport()).scale(maxDevices, maxDevices, columns.get(columns.size() - 1), threads);
        final TreeMap<Integer, TreeMap<Integer, String>> commit = new TreeMap<>();
        final TreeMap<Integer, TreeMap<Integer, String>> diff = new TreeMap<>();
        try {
            measure(run, summary, rows, columns, threads, commit, diff);
        } finally {
            summary.section(matrix("commit p95 [ms] (errors)", rows, columns, commit))
                .section(matrix("calculate-diff p95 [ms] (errors)", rows, columns, diff));
        }
    }

    private static void measure(final RunContext run, final RunSummary summary, final List<Integer> rows,
            final List<Integer> columns, final int threads, final TreeMap<Integer, TreeMap<Integer, String>> commit,
            final TreeMap<Integer, TreeMap<Integer, String>> diff) throws Exception {
        final Options options = run.options();
        final int maxDevices = rows.get(rows.size() - 1);
        for (int lines : columns) {
            final DeviceFleet fleet = DeviceFleet.start(run, 1, maxDevices, options.transport(),
                options.devicesPerProcess().orElse(lines >= 100_000 ? 20 : 2_500), DeviceFleet.heapPerDeviceMib(lines));
            final Phases.Monitored c = Phases.controller(run, ControllerKind.KARAF,
                TableScenario.defaultHeap(maxDevices, maxDevices, lines));
            summary.controller(c.controller());
            try {
                final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, fleet.devices(),
                    options.transport(), threads, "mount-" + lines, Duration.ofMinutes(3));
                summary.auxiliary(mount.requests());
                if (!mount.complete()) {
                    summary.errors(mount.requested() - mount.connected());
                    throw new IOException("only " + mount.connected() + " of " + mount.requested() + " connected");
                }
                int seeded = 0;
                for (int devices : rows) {
                    final List<Device> targets = fleet.devices().subList(0, devices);
                    summary.auxiliary(Phases.seed(run, c.controller(), new ArrayList<>(targets.subList(seeded, devices)),
                        lines, Math.min(threads, devices - seeded), "seed-" + lines + "-" + devices));
                    seeded = devices;
                    final int rounds = Math.max(1, (int) Math.ceil(50.0 / devices));
                    final JMeter.Result mix = Phases.mix(run, c.controller(), targets, rounds,
                        Math.min(threads, devices), "mix-" + lines + "-" + devices);
                    summary.measured(mix);
                    commit.computeIfAbsent(devices, k -> new TreeMap<>()).put(lines, cell(mix, "commit"));
                    diff.computeIfAbsent(devices, k -> new TreeMap<>()).put(lines, cell(mix, "calculate-diff"));
                }
            } finally {
                run.release(c.monitor());
                run.release(c.controller().process());
                run.release(fleet);
            }
        }
    }

    private static String cell(final JMeter.Result mix, final String label) {
        final JtlStats.LabelStats stats = mix.stats().label(label);
        return stats.p95() + (stats.errors() > 0 ? " (" + stats.errors() + ")" : "");
    }

    private static List<Integer> ladder(final List<Integer> steps, final int limit) {
        final List<Integer> result = new ArrayList<>();
        for (int value : steps) {
            if (value < limit) {
                result.add(value);
            }
        }
        result.add(limit);
        return result;
    }

    private static String matrix(final String title, final List<Integer> rows, final List<Integer> columns,
            final TreeMap<Integer, TreeMap<Integer, String>> cells) {
        final StringBuilder md = new StringBuilder(title).append(", rows: configured devices, columns: JSON lines per "
            + "device\n\n| devices |");
        columns.forEach(c -> md.append(String.format(" %,d |", c)));
        md.append("\n|---|").append("---|".repeat(columns.size())).append('\n');
        for (int row : rows) {
            md.append(String.format("| %,d |", row));
            for (int column : columns) {
                md.append(' ').append(cells.getOrDefault(row, new TreeMap<>()).getOrDefault(column, "-")).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }
}
