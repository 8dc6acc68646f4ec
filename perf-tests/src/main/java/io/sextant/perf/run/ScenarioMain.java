package io.sextant.perf.run;

import io.sextant.perf.faults.ChurnScenario;
import io.sextant.perf.faults.FaultsScenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Entry point of {@code ./sextant perf SCENARIO [options]} (perf-tests/run-scenario starts it).
 * Exit status 0 when the scenario completed with no errors, 1 when it failed or had errors,
 * 2 on a usage error.
 */
public final class ScenarioMain {
    private ScenarioMain() {
    }

    /** What a finished run left behind. */
    public record Outcome(RunSummary summary, Path outputDir) {
        public boolean passed() {
            return summary.failure() == null && summary.errors() == 0;
        }
    }

    public static void main(final String[] args) {
        final Options options;
        try {
            options = Options.parse(Arrays.asList(args), PerfHome.locate().target());
            if (scenario(options.scenario()).isEmpty()) {
                throw new IllegalArgumentException("unknown scenario " + options.scenario());
            }
            if (options.state() != Options.StateChoice.IN_MEMORY
                    && Reference.of(options.scenario().toUpperCase(Locale.ROOT)).isEmpty()
                    && !"history".equals(options.scenario())) {
                throw new IllegalArgumentException("--state postgres and both are supported by A1 A2 B1 B2 C1 C2 and "
                    + "history only");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("perf: " + e.getMessage());
            System.err.print(Options.USAGE);
            System.exit(2);
            return;
        }
        try {
            final Outcome outcome = run(options, PerfHome.locate());
            System.exit(outcome.passed() ? 0 : 1);
        } catch (Exception e) {
            System.err.println("perf: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Runs one scenario to the end, stopping everything it started, and writes its report. */
    public static Outcome run(final Options options, final PerfHome home) throws Exception {
        final Scenario scenario = scenario(options.scenario())
            .orElseThrow(() -> new IllegalArgumentException("unknown scenario " + options.scenario()));
        final RunContext run = new RunContext(options, home);
        final Thread hook = new Thread(run::close, "perf-stop-everything");
        Runtime.getRuntime().addShutdownHook(hook);
        final RunSummary summary = new RunSummary(options.scenario(), options.commandLine());
        run.log("perf %s: output in %s", options.scenario(), run.outputDir());
        summary.fact("Load average at start (1, 5, 15 min; other processes on the machine)", loadAverage());
        try {
            scenario.run(run, summary);
        } catch (Exception e) {
            summary.failed(e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(""));
            final StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            run.log("perf %s FAILED: %s%n%s", options.scenario(), e.getMessage(), trace);
        } finally {
            summary.fact("Load average at end", loadAverage());
            run.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down (Ctrl-C): the hook runs anyway
            }
        }
        Report.write(run, summary);
        run.log("perf %s: %s; report %s", options.scenario(),
            summary.failure() != null ? "FAILED" : summary.errors() == 0 ? "complete, 0 errors" : summary.errors()
                + " errors", run.outputDir().resolve("summary.md"));
        return new Outcome(summary, run.outputDir());
    }

    private static String loadAverage() {
        try {
            final String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + ", " + fields[1] + ", " + fields[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    static Optional<Scenario> scenario(final String name) {
        final Optional<Reference> table = Reference.of(name.toUpperCase(Locale.ROOT));
        if (table.isPresent()) {
            return Optional.of(new TableScenario(table.orElseThrow()));
        }
        return Optional.ofNullable(switch (name) {
            case "mount" -> new MountScenario();
            case "ladder" -> new LadderScenario();
            case "density" -> new DensityScenario();
            case "put-get" -> new PutGetScenario();
            case "smoke" -> new SmokeScenario();
            case "cli" -> new CliScenario();
            case "compare" -> new CompareScenario();
            case "conformance" -> new ConformanceScenario();
            case "fuzz" -> new FuzzScenario();
            case "soak" -> new SoakScenario();
            case "restart" -> new RestartScenario();
            case "history" -> new HistoryScenario();
            case "faults" -> new FaultsScenario();
            case "churn" -> new ChurnScenario();
            case "templates" -> new TemplatesScenario();
            case "takeover" -> new TakeoverScenario();
            case "commit-cost" -> new CommitCostScenario();
            case "cluster" -> new ClusterScenario();
            case "ui" -> new UiScenario();
            case "fuzz-openapi" -> new OpenApiFuzzScenario();
            default -> null;
        });
    }
}
