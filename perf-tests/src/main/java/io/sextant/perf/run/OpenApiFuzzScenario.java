package io.sextant.perf.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * {@code fuzz-openapi}: schemathesis (PyPI) against the controller, driven by the controller's
 * own OpenAPI document ({@code GET /openapi/controller}): the plain-Java controller unless
 * {@code --controller karaf}, five OpenConfig interfaces seeded as in the fuzz scenario, then
 * schemathesis' fuzzing phase (valid and invalid path parameters, query parameters and bodies
 * generated from each operation's schema), {@code --requests} (5) examples per operation,
 * {@code --threads} (2) workers, {@code --seed}, on the OpenAPI paths {@code --operations}
 * selects (a regular expression; default all).
 *
 * <p>Checks, each failure counted as an error: no 5xx ({@code not_a_server_error}), no Java
 * rendering in an error body ({@code no_java_renderings}, this package's
 * {@code sextant_checks.py}), no request unanswered within 30 s (schemathesis reports a timeout
 * or a dropped connection as a network error), and the controller still answering at the end.
 * Errors of schemathesis itself (its generator failing on a schema) are reported, not counted.
 *
 * <p>Operations that would make the controller connect somewhere are always left out, because
 * the generated hosts are arbitrary and this machine may only talk to itself: everything below
 * {@code network-topology} (mounting NETCONF and CLI devices), the connection-manager RPCs, and
 * the datastore root (which holds network-topology).
 */
final class OpenApiFuzzScenario implements Scenario {
    /** The schemathesis release this scenario was written and run with. */
    static final String SCHEMATHESIS = "schemathesis==4.32.5";
    static final String EXCLUDED = "^/data$|^/data/network-topology:|^/operations/connection-manager:";
    private static final String CHECKS = "sextant_checks";
    private static final int REQUEST_TIMEOUT_SECONDS = 30;

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int examples = options.requests().orElse(5);
        final int workers = options.threads().orElse(2);
        final ControllerProcess controller = ControllerProcess.start(run,
            options.controller().orElse(ControllerKind.JAVA), options.heap().orElse("1g"), Duration.ofMinutes(5),
            // schemathesis tests the API; TLS is tested elsewhere (and it would need the generated certificate)
            "controller", List.of("-Dsextant.insecure-http=true"));
        summary.controller(controller).scale(0, 0, 0, workers).withoutTable();
        final RestconfClient client = controller.client();
        FuzzScenario.seed(client);

        final RestconfClient.Response document = client.get("/openapi/controller");
        if (document.status() != 200) {
            throw new IOException("GET /openapi/controller answered " + document.status() + ": " + document.body());
        }
        final Path dir = run.outputDir();
        final Path schema = dir.resolve("controller-openapi.json");
        Files.writeString(schema, document.body());
        try (InputStream checks = OpenApiFuzzScenario.class.getResourceAsStream(CHECKS + ".py")) {
            Files.copy(checks, dir.resolve(CHECKS + ".py"));
        }

        final Path st = schemathesis(run);
        final Path report = dir.resolve("schemathesis-report.json");
        final List<String> command = new ArrayList<>(List.of(st.toString(), "run", schema.toString(),
            "--url", "http://127.0.0.1:" + controller.port() + "/rests", "--phases", "fuzzing",
            "--checks", "not_a_server_error,no_java_renderings", "--max-examples", String.valueOf(examples),
            "--seed", String.valueOf(options.seed()), "--workers", String.valueOf(workers),
            "--exclude-path-regex", EXCLUDED));
        options.operations().ifPresent(regex -> command.addAll(List.of("--include-path-regex", regex)));
        command.addAll(List.of("--suppress-health-check", "all", "--request-timeout",
            String.valueOf(REQUEST_TIMEOUT_SECONDS), "--report", "json", "--report-json-path", report.toString(),
            "--no-color"));
        final String shown = "SCHEMATHESIS_HOOKS=" + CHECKS + " " + String.join(" ", command)
            .replace(dir.toString(), "<run>").replace(st.toString(), "st") + " --auth admin:<password>";
        command.addAll(List.of("--auth", "admin:" + run.password()));
        run.log("fuzz-openapi: %s", shown);
        final Path log = dir.resolve("schemathesis.log");
        final long start = System.currentTimeMillis();
        final ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile());
        builder.environment().put("SCHEMATHESIS_HOOKS", CHECKS);
        builder.environment().put("PYTHONPATH", dir.toString());
        final Process process = builder.start();
        if (!process.waitFor(4, TimeUnit.HOURS)) {
            process.destroyForcibly();
            throw new IOException("schemathesis did not finish within 4 hours; see " + log);
        }
        final long millis = System.currentTimeMillis() - start;
        final Report counts = Report.read(report, log);
        final boolean alive = controller.isAlive() && client.isUp();
        summary.errors(counts.failures() + counts.networkErrors() + (alive ? 0 : 1));
        summary.headline(String.format("schemathesis from /openapi/controller: %,d operations, %,d test cases, "
            + "%d failing checks (5xx or Java renderings), %d unanswered, controller %s", counts.operations(),
            counts.cases(), counts.failures(), counts.networkErrors(), alive ? "answering" : "NOT answering"));
        summary.fact("Command", "`" + shown + "`")
            .fact("schemathesis", SCHEMATHESIS + ", exit status " + process.exitValue() + ", "
                + String.format("%.1f s", millis / 1000.0))
            .fact("Left out", "operations matching " + EXCLUDED + " (they would mount devices at generated "
                + "addresses)")
            .fact("Failures", counts.failureTitles().isEmpty() ? "none" : counts.failureTitles())
            .fact("Errors of schemathesis itself (not counted)", counts.otherErrors().isEmpty() ? "none"
                : counts.otherErrors());
        summary.data("fuzzOpenapi", Map.of("operations", counts.operations(), "cases", counts.cases(),
            "failures", counts.failures(), "networkErrors", counts.networkErrors(), "controllerAlive", alive));
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
        final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IOException("Could not " + what + ": " + out);
        }
    }

    /**
     * Counts from schemathesis' JSON report: operations tested, test cases generated, failing
     * checks, and its errors split into network errors (a timeout, a dropped connection: the
     * controller's) and the rest (schemathesis' own).
     */
    record Report(int operations, int cases, int failures, String failureTitles, int networkErrors,
            String otherErrors) {

        static Report read(final Path file, final Path log) throws IOException {
            if (!Files.isRegularFile(file)) {
                throw new IOException("schemathesis wrote no JSON report at " + file + "; see " + log);
            }
            final JsonObject json = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
            final JsonArray failureList = json.getAsJsonArray("failures");
            final int failures = sum(failureList);
            final String titles = stream(failureList).map(f -> f.get("title").getAsString() + " x"
                + f.get("count").getAsInt() + " in " + f.get("operations")).collect(Collectors.joining("; "));
            int network = 0;
            final List<String> other = new ArrayList<>();
            for (JsonObject error : stream(json.getAsJsonArray("errors")).toList()) {
                final String title = error.get("title").getAsString();
                if (title.matches("(?i).*(timeout|timed out|connection|network).*")) {
                    network += error.get("count").getAsInt();
                } else {
                    other.add(title + " x" + error.get("count").getAsInt());
                }
            }
            return new Report(json.getAsJsonObject("operations").get("tested").getAsInt(),
                json.getAsJsonObject("test_cases").get("generated").getAsInt(), failures, titles, network,
                String.join("; ", other));
        }

        private static int sum(final JsonArray items) {
            return stream(items).mapToInt(item -> item.get("count").getAsInt()).sum();
        }

        private static Stream<JsonObject> stream(final JsonArray items) {
            return StreamSupport.stream(items.spliterator(), false).map(JsonElement::getAsJsonObject);
        }
    }
}
