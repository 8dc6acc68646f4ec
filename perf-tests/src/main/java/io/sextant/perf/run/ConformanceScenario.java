package io.sextant.perf.run;

import io.sextant.perf.run.Comparison.Side;
import io.sextant.perf.run.DeviceFleet.Device;
import io.sextant.perf.run.Options.ControllerKind;
import io.sextant.perf.run.RestconfClient.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code conformance}: the same RESTCONF requests ({@link ConformanceCase#all}: reads, writes,
 * query parameters and bad input, through the mount point of one NETCONF device) sent to Sextant
 * and to the lighty.io 21.1.0 peer in turn, and their answers compared request by request
 * ({@link AnswerComparison}). Not a benchmark: the report is a table of what each answered, and
 * docs/API.md's conformance table says why each difference is there. The requests leave the
 * device as they found it, so both controllers meet the same device.
 */
final class ConformanceScenario implements Scenario {
    private static final Duration SETTLE = Duration.ofSeconds(5);

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final ControllerKind sextant = options.controller().orElse(ControllerKind.JAVA);
        final List<ConformanceCase> cases = ConformanceCase.all();
        summary.scale(1, 0, 0, 1).transport(options.transport()).withoutTable()
            .controller("Sextant (" + ControllerProcess.describe(sextant) + ") and lighty.io 21.1.0, in turn",
                ControllerProcess.jvmFlags("1g", Path.of("<controller>-gc.log")))
            .fact("Requests", cases.size() + " (perf-tests ConformanceCase), through the mount point of one "
                + "netconf-testtool device, in the same order to both")
            .fact("Compared", "status code; for errors the error-type and error-tag of each error (not the "
                + "message); for successes the body (JSON in canonical form)")
            .files("conformance-<controller>.log (controller output), conformance-<controller>-answers.txt "
                + "(every request and answer), lighty-peer-build.log, devices-*.log");

        LightyPeerBuild.ensure(run);
        final DeviceFleet fleet = DeviceFleet.start(run, 1, 1, options.transport(), 1,
            DeviceFleet.heapPerDeviceMib(0) * 3);
        final Device device = fleet.devices().get(0);
        final Map<Side, List<Response>> answers = new EnumMap<>(Side.class);
        for (Side side : List.of(Side.SEXTANT, Side.LIGHTY)) {
            answers.put(side, ask(run, side, side == Side.SEXTANT ? sextant : ControllerKind.LIGHTY, fleet, device,
                cases));
        }
        report(summary, cases, answers.get(Side.SEXTANT), answers.get(Side.LIGHTY));
    }

    /** Starts {@code kind}, mounts the device, sends every case, stops it. */
    private static List<Response> ask(final RunContext run, final Side side, final ControllerKind kind,
            final DeviceFleet fleet, final Device device, final List<ConformanceCase> cases)
            throws IOException, InterruptedException {
        final String name = "conformance-" + side.key();
        final Phases.Monitored c = Phases.controller(run, kind, "1g", name);
        try {
            final Phases.MountOutcome mount = Phases.mount(run, c.controller(), fleet, List.of(device),
                run.options().transport(), 1, name + "-mount", Duration.ofMinutes(2));
            if (!mount.complete()) {
                throw new IOException(side.label() + " did not connect the device; see " + name + ".log");
            }
            final List<Response> responses = new ArrayList<>();
            final StringBuilder log = new StringBuilder();
            for (ConformanceCase request : cases) {
                final String path = request.pathFor(device.id());
                final Response response = c.controller().client().exchange(request.method(), path,
                    request.contentType(), request.accept(), request.body());
                responses.add(response);
                log.append("### ").append(request.name()).append('\n').append(request.method()).append(' ')
                    .append(path).append('\n').append(request.body().isEmpty() ? "" : request.body() + "\n")
                    .append("-> ").append(response.status()).append('\n').append(response.body()).append("\n\n");
            }
            Files.writeString(run.outputDir().resolve(name + "-answers.txt"), log);
            run.log("conformance: %s answered %d requests", side.label(), responses.size());
            return responses;
        } finally {
            run.release(c.monitor());
            run.release(c.controller().process());
            Thread.sleep(SETTLE.toMillis());
        }
    }

    private static void report(final RunSummary summary, final List<ConformanceCase> cases,
            final List<Response> ours, final List<Response> theirs) {
        final StringBuilder table = new StringBuilder(
            "| # | Request | Sextant | lighty.io | Compared |\n|---|---|---|---|---|\n");
        final List<Map<String, Object>> data = new ArrayList<>();
        int same = 0;
        for (int i = 0; i < cases.size(); i++) {
            final ConformanceCase request = cases.get(i);
            final AnswerComparison.Verdict verdict = AnswerComparison.compare(ours.get(i), theirs.get(i));
            if (verdict == AnswerComparison.Verdict.SAME) {
                same++;
            }
            table.append("| ").append(i + 1).append(" | ").append(request.name()).append(" (`")
                .append(request.method()).append("`) | ").append(AnswerComparison.brief(ours.get(i))).append(" | ")
                .append(AnswerComparison.brief(theirs.get(i))).append(" | ").append(verdict.text()).append(" |\n");
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("request", request.name());
            row.put("sextant", ours.get(i).status());
            row.put("lighty", theirs.get(i).status());
            row.put("verdict", verdict.name().toLowerCase(Locale.ROOT));
            data.add(row);
        }
        summary.headline(same + " of " + cases.size() + " requests answered alike by Sextant and lighty.io 21.1.0")
            .data("conformance", data)
            .section("## Request by request\n\n" + table);
    }
}
