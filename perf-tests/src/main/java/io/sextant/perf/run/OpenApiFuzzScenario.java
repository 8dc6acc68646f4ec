package io.sextant.perf.run;

import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code fuzz-openapi}: the fuzz scenario's controller (plain Java unless {@code --controller
 * karaf}, five seeded OpenConfig interfaces) tested by schemathesis (PyPI) from the
 * controller's own OpenAPI document ({@code GET /openapi/controller}): valid and invalid
 * requests generated from every operation's schema, {@code --requests} (default 10) examples
 * per operation, {@code --threads} (2) workers, {@code --seed}. The check is the fuzz
 * scenario's first invariant, no 5xx ({@code not_a_server_error}); every case and every 5xx
 * is counted from schemathesis' JUnit report.
 *
 * <p>Operations that would make the controller connect somewhere are left out, because the
 * generated hosts are arbitrary and this machine may only talk to itself: everything below
 * {@code network-topology} (mounting NETCONF and CLI devices), the connection-manager RPCs,
 * and the datastore root (which holds network-topology).
 */
final class OpenApiFuzzScenario implements Scenario {
    /** The schemathesis release this scenario was written and run with. */
    static final String SCHEMATHESIS = "schemathesis==4.32.5";
    static final String EXCLUDED = "^/data$|^/data/network-topology:|^/operations/connection-manager:";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int examples = options.requests().orElse(10);
        final int workers = options.threads().orElse(2);
        final ControllerProcess controller = ControllerProcess.start(run,
            options.controller().orElse(ControllerKind.JAVA), options.heap().orElse("1g"), Duration.ofMinutes(5),
            "controller", List.of());
        summary.controller(controller).scale(0, 0, 0, workers).withoutTable();
        final RestconfClient client = controller.client();
        FuzzScenario.seed(client);

        final RestconfClient.Response document = client.get("/openapi/controller");
        if (document.status() != 200) {
            throw new IOException("GET /openapi/controller answered " + document.status() + ": " + document.body());
        }
        final Path schema = run.outputDir().resolve("controller-openapi.json");
        Files.writeString(schema, document.body());

        final Path st = schemathesis(run);
        final Path junit = run.outputDir().resolve("schemathesis-junit.xml");
        final List<String> command = new ArrayList<>(List.of(st.toString(), "run", schema.toString(),
            "--url", "http://127.0.0.1:" + controller.port() + "/rests",
            "--checks", "not_a_server_error", "--max-examples", String.valueOf(examples),
            "--seed", String.valueOf(options.seed()), "--workers", String.valueOf(workers),
            "--exclude-path-regex", EXCLUDED, "--suppress-health-check", "all", "--request-timeout", "60",
            "--report", "junit", "--report-junit-path", junit.toString(), "--no-color"));
        final String shown = String.join(" ", command).replace(run.outputDir().toString(), "<run>")
            .replace(st.toString(), "st") + " --auth admin:<password>";
        command.addAll(List.of("--auth", "admin:" + run.password()));
        run.log("fuzz-openapi: %s", shown);
        final Path log = run.outputDir().resolve("schemathesis.log");
        final long start = System.currentTimeMillis();
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
            .start();
        if (!process.waitFor(2, TimeUnit.HOURS)) {
            process.destroyForcibly();
            throw new IOException("schemathesis did not finish within 2 hours; see " + log);
        }
        final long millis = System.currentTimeMillis() - start;
        final Junit counts = Junit.read(junit);
        final String output = Files.readString(log);
        final int serverErrors = counts.failures();
        final boolean alive = controller.isAlive() && client.isUp();
        summary.errors(serverErrors + (alive ? 0 : 1));
        summary.headline(String.format("schemathesis from /openapi/controller: %,d operations tested, %,d test cases, "
            + "%d operations with a 5xx, controller %s", counts.operations(), counts.cases(), serverErrors,
            alive ? "answering" : "NOT answering"));
        summary.fact("Command", "`" + shown + "`")
            .fact("schemathesis", SCHEMATHESIS + ", exit status " + process.exitValue() + ", "
                + String.format("%.1f s", millis / 1000.0))
            .fact("Left out", "operations matching " + EXCLUDED + " (they would mount devices at generated "
                + "addresses)")
            .fact("Summary line", lastLines(output, 12));
        summary.data("fuzzOpenapi", Map.of("operations", counts.operations(), "cases", counts.cases(),
            "serverErrors", serverErrors, "controllerAlive", alive));
    }

    /** schemathesis in a virtual environment under perf-tests/target, installed with pip on first use. */
    private static Path schemathesis(final RunContext run) throws IOException, InterruptedException {
        final Path venv = run.home().target().resolve("schemathesis-venv").toAbsolutePath();
        final Path st = venv.resolve("bin/st");
        final Path marker = venv.resolve("installed.txt");
        if (!Files.isRegularFile(marker) || !Files.readString(marker).equals(SCHEMATHESIS)) {
            exec(List.of("python3", "-m", "venv", venv.toString()), "create a Python virtual environment");
            exec(List.of(venv.resolve("bin/pip").toString(), "install", "--disable-pip-version-check", "-q",
                SCHEMATHESIS), "pip install " + SCHEMATHESIS + " (PyPI must be reachable)");
            Files.writeString(marker, SCHEMATHESIS);
        }
        return st;
    }

    private static void exec(final List<String> command, final String what) throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String out = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IOException("Could not " + what + ": " + out);
        }
    }

    private static String lastLines(final String text, final int count) {
        final String[] lines = text.strip().split("\n");
        return String.join(" / ", List.of(lines).subList(Math.max(0, lines.length - count), lines.length))
            .replaceAll("\\s+", " ");
    }

    /** Counts from schemathesis' JUnit report: one test case per operation, a failure per failing operation. */
    record Junit(int operations, int failures, int cases) {
        static Junit read(final Path file) throws IOException {
            if (!Files.isRegularFile(file)) {
                throw new IOException("schemathesis wrote no JUnit report at " + file);
            }
            final String xml = Files.readString(file);
            final int operations = count(xml, "<testcase ");
            final int failures = count(xml, "<failure");
            return new Junit(operations, failures, operations);
        }

        private static int count(final String text, final String needle) {
            int n = 0;
            for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
                n++;
            }
            return n;
        }
    }
}
