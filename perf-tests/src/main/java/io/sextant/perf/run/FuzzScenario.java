package io.sextant.perf.run;

import io.sextant.perf.fuzz.CanonicalJson;
import io.sextant.perf.fuzz.FuzzGenerator;
import io.sextant.perf.fuzz.FuzzRunner;
import io.sextant.perf.fuzz.FuzzTally;
import io.sextant.perf.run.Options.ControllerKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code fuzz}: {@code --requests} (10,000) hostile RESTCONF requests from a seeded generator
 * ({@link FuzzGenerator}: malformed and truncated JSON and XML, deep nesting, XML entities, bodies,
 * lines and headers over the limits, invalid UTF-8, wrong media types, broken api-paths, keys and
 * query parameters, invalid YANG-Patch, bad RPC inputs and mount bodies, HTTP protocol garbage,
 * wrong methods) over {@code --threads} (32) connections at once, against the plain-Java
 * assembly unless {@code --controller karaf}. Unlike the other scenarios the load is the
 * harness's own: JMeter cannot send broken HTTP.
 *
 * <p>Invariants, each counted as errors: no 5xx, no connection dropped without an answer, no
 * request left unanswered, every 4xx with an RFC 8040 errors body free of Java renderings, no
 * request that is wrong by construction accepted, the configuration datastore read back equal
 * (canonical JSON) after the run, and the content of a local file that external entities name (a
 * canary) in no answer and not in the datastore.
 */
final class FuzzScenario implements Scenario {
    /** The controller's body limit in this scenario, so that bodies over it stay cheap to send. */
    static final int MAX_BODY_BYTES = 4 * 1024 * 1024;
    private static final String IFS = "/rests/data/openconfig-interfaces:interfaces";
    private static final String ROOT = "/rests/data?content=config";

    @Override
    public void run(final RunContext run, final RunSummary summary) throws Exception {
        final Options options = run.options();
        final int requests = options.requests().orElse(10_000);
        final int connections = options.threads().orElse(32);
        final byte[] secret = new byte[8];
        new SecureRandom().nextBytes(secret);
        final String canary = "SEXTANT-CANARY-" + HexFormat.of().formatHex(secret);
        final Path canaryFile = run.outputDir().resolve("fuzz-canary.txt").toAbsolutePath();
        Files.writeString(canaryFile, canary + "\n");

        final ControllerProcess controller = ControllerProcess.start(run,
            options.controller().orElse(ControllerKind.JAVA), options.heap().orElse("1g"), Duration.ofMinutes(5),
            "controller", List.of("-Dsextant.http.max-body-bytes=" + MAX_BODY_BYTES,
                // the hostile requests are HTTP on raw sockets: they test the HTTP layer, not TLS
                "-Dsextant.insecure-http=true"));
        summary.controller(controller).scale(0, 0, 0, connections).withoutTable();
        final RestconfClient client = controller.client();
        seed(client);
        final String before = CanonicalJson.canonical(read(client));

        final FuzzTally tally = new FuzzTally(canary);
        final FuzzGenerator generator = new FuzzGenerator(options.seed(), canaryFile.toUri().toString(),
            MAX_BODY_BYTES, run.password());
        run.log("fuzz: %d hostile requests over %d connections, seed %d", requests, connections, options.seed());
        final long start = System.currentTimeMillis();
        FuzzRunner.run(controller.port(), generator, requests, connections, tally,
            count -> run.log("fuzz: %d/%d answered or counted", count, requests));
        final long millis = System.currentTimeMillis() - start;

        final boolean alive = controller.isAlive() && client.isUp();
        final String afterRaw = alive ? read(client) : "";
        final String after = alive ? CanonicalJson.canonical(afterRaw) : "";
        final boolean unchanged = before.equals(after);
        final boolean canaryStored = afterRaw.contains(canary);
        final FuzzTally.Counts total = tally.total();

        summary.errors(tally.findingCount() + (unchanged ? 0 : 1) + (canaryStored ? 1 : 0) + (alive ? 0 : 1));
        summary.headline(String.format("%,d hostile requests: %d 5xx, %d dropped, %d hung, %d 4xx without errors "
                + "body, %d wrong ones accepted, datastore %s, canary %s", total.sent(), total.serverErrors(),
            total.dropped(), total.hung(), total.withoutErrorsBody(), total.unexpectedSuccess(),
            unchanged ? "unchanged" : "CHANGED", canaryStored ? "STORED" : total.canaryShown() > 0 ? "SHOWN"
                : "never shown"));
        summary.fact("Requests", String.format("%,d in %.1f s over %d connections, seed %d", total.sent(),
                millis / 1000.0, connections, options.seed()))
            .fact("Controller settings of this scenario", "-Dsextant.http.max-body-bytes=" + MAX_BODY_BYTES
                + " (so that bodies over the limit cost 4 MiB to send); every other limit at its default")
            .fact("Answers by status", tally.statuses().entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")))
            .fact("Configuration datastore after the run", unchanged ? "equal to before (canonical JSON, "
                + before.length() + " characters)" : "DIFFERENT from before" + (alive ? "" : " (controller down)"))
            .fact("Canary (a local file named by external entities and XInclude)", canaryStored
                ? "FOUND in the datastore" : "in no answer and not in the datastore")
            .fact("Controller after the run", alive ? "running and answering" : "NOT answering");
        summary.section("Answers per category:\n\n" + tally.table());
        if (!tally.findings().isEmpty()) {
            summary.section("Findings (" + tally.findingCount() + "; the first " + tally.findings().size()
                + " listed; replay one with the same --seed and its case number):\n\n| case | category | request | "
                + "what |\n|---|---|---|---|\n" + tally.findings().stream().map(f -> "| " + f.index() + " | "
                    + f.category() + " | " + cell(f.description()) + " | " + cell(f.what()) + " |")
                    .collect(Collectors.joining("\n")));
        }
        if (!unchanged && alive) {
            Files.writeString(run.outputDir().resolve("datastore-before.json"), before);
            Files.writeString(run.outputDir().resolve("datastore-after.json"), after);
        }
        summary.data("fuzz", Map.of("sent", total.sent(), "findings", tally.findingCount(),
            "datastoreUnchanged", unchanged, "canaryStored", canaryStored, "controllerAlive", alive));
    }

    private static String cell(final String text) {
        final String flat = text.replace('|', '/').replace('\n', ' ').replace('\r', ' ');
        return flat.length() > 240 ? flat.substring(0, 240) + "..." : flat;
    }

    /** Five OpenConfig interfaces in the controller's own datastore, the targets of most cases. */
    static void seed(final RestconfClient client) throws IOException, InterruptedException {
        final String interfaces = IntStream.range(0, 5).mapToObj(i -> "{\"name\":\"eth" + i + "\",\"config\":{"
            + "\"name\":\"eth" + i + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":" + (1500 + i)
            + ",\"description\":\"seed " + i + "\"}}").collect(Collectors.joining(","));
        final RestconfClient.Response put = client.put(IFS, "{\"openconfig-interfaces:interfaces\":{\"interface\":["
            + interfaces + "]}}");
        if (!put.ok()) {
            throw new IOException("seeding the interfaces failed: " + put.status() + " " + put.body());
        }
    }

    private static String read(final RestconfClient client) throws IOException, InterruptedException {
        final RestconfClient.Response response = client.get(ROOT);
        if (response.status() != 200) {
            throw new IOException("reading the configuration datastore failed: " + response.status() + " "
                + response.body());
        }
        return response.body();
    }
}
