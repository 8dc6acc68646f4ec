package io.sextant.perf.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of {@code ./sextant perf SCENARIO [options]}. Unset numbers stay empty so each
 * scenario can apply its own defaults (A1 mounts 20,000 devices, smoke 20, ...).
 */
public record Options(String scenario, Optional<Integer> devices, Optional<Integer> configured,
        Optional<Integer> threads, Optional<Integer> lines, Optional<ControllerKind> controller, Optional<String> heap,
        Transport transport, Optional<Integer> runs, Optional<Integer> loops, Optional<Set<Layer>> layers, long seed,
        Optional<Integer> step, Optional<Integer> devicesPerProcess, Optional<Integer> mountBatch,
        Optional<Integer> maxP95, Optional<Integer> rounds, Optional<Integer> requests, Optional<Integer> minutes,
        Optional<Integer> rate, Optional<Integer> commits, Optional<Integer> flapInterval, StateChoice state,
        Optional<String> operations, Path outputRoot, boolean record, List<String> arguments, Simulator simulator,
        boolean compareSecurity, Optional<String> postgresUrl) {

    /** Which controller assembly a scenario measures. */
    public enum ControllerKind {
        /** The Karaf distribution (distribution/target/assembly/bin/karaf), as users run it. */
        KARAF,
        /** The plain-Java assembly (io.sextant.controller.SextantMain), same components without OSGi. */
        JAVA,
        /**
         * Not Sextant: the lighty.io 21.1.0 peer (perf-tests/lighty-peer) that the compare scenario
         * runs beside Sextant; not a choice of {@code --controller}.
         */
        LIGHTY
    }

    /** Where the controller keeps its state (config datastore, UniConfig nodes, commits, transaction log). */
    public enum StateBackend {
        /** No database: everything in the controller's heap (the default). */
        IN_MEMORY("in-memory"),
        /** PostgreSQL: a private one the harness starts, or the server of {@code --postgres-url} ({@link StateDatabase}). */
        POSTGRES("postgres");

        private final String label;

        StateBackend(final String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** {@code --state}: one backend, or both one after the other in the same run on the same devices. */
    public enum StateChoice {
        IN_MEMORY(List.of(StateBackend.IN_MEMORY)),
        POSTGRES(List.of(StateBackend.POSTGRES)),
        BOTH(List.of(StateBackend.IN_MEMORY, StateBackend.POSTGRES));

        private final List<StateBackend> backends;

        StateChoice(final List<StateBackend> backends) {
            this.backends = backends;
        }

        /** The backends measured, in the order they run. */
        public List<StateBackend> backends() {
            return backends;
        }

        static StateChoice parse(final String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "in-memory", "memory" -> IN_MEMORY;
                case "postgres", "postgresql" -> POSTGRES;
                case "both" -> BOTH;
                default -> throw new IllegalArgumentException("--state expects in-memory, postgres or both, got "
                    + value);
            };
        }
    }

    /** Which program simulates the NETCONF devices. */
    public enum Simulator {
        /** The project's simulator (module simulator): shared schema, host key and event loops, copy-on-write data. */
        SEXTANT,
        /** OpenDaylight's netconf-testtool 10.0.2, on a JDK of at least 21. */
        TESTTOOL
    }

    /** NETCONF transport between controller and simulated devices. */
    public enum Transport { TCP, SSH }

    /** The parts of the product a scenario exercises; the smoke scenario runs only those that exist. */
    public enum Layer {
        /** RESTCONF PUT/GET in the controller's own datastore. */
        DATASTORE,
        /** Mounting NETCONF devices and PUT/GET through their mount points. */
        MOUNT,
        /** UniConfig intent, calculate-diff and commit. */
        UNICONFIG
    }

    public static final String USAGE = """
        usage: ./sextant perf SCENARIO [options]
          scenarios: A1 A2 B1 B2 C1 C2 mount ladder density put-get smoke cli compare fuzz fuzz-openapi soak faults churn
                      restart history templates takeover commit-cost cluster ui
          --devices N         devices mounted (simulated NETCONF devices started)
          --configured M      devices configured by the request mix (<= N)
          --threads T         concurrent JMeter threads
          --lines L           JSON lines of configuration per device (CPE ~1,000; PE router ~600,000)
          --controller K      karaf (default for A*/B*/C*/mount/ladder/density/compare) or java (plain-Java assembly)
          --heap SIZE         controller -Xmx (default per scenario, e.g. 4g)
          --transport T       tcp (default) or ssh between controller and devices
          --simulator S       testtool (default: netconf-testtool 10.0.2) or sextant (the project's simulator,
                              module simulator: shared schema, host key and event loops)
          --runs R            repetitions of the measured phase (put-get: default 5, with --compare-security 10 rounds
                              of the 5 variants; compare: 3, each runs both controllers;
                              churn: 2 pairs of a quiet and a churn phase; takeover: 20 kills)
          --loops N           PUT+GET per thread per run (put-get 2000, smoke, compare 100)
          --layers L,L        datastore,mount,uniconfig: what the smoke scenario exercises
          --seed S            configuration generator seed (default 1)
          --step N            ladder step in devices (default 1000)
          --devices-per-process N   simulated devices per simulator JVM (default 2500)
          --mount-batch N     devices mounted per batch; the next batch waits for this one (default 1000)
          --max-p95 MS        ladder: latency limit of the probe after each step (default 250)
          --rounds R          A/B/C: passes of the request mix over the configured devices (default 1)
          --requests N        fuzz: hostile requests sent (default 10000); --threads connections (default 32);
                              fuzz-openapi: schemathesis examples per operation (default 5)
          --operations REGEX  fuzz-openapi: the OpenAPI paths to test (default: all but those that mount devices)
          --minutes N         soak: how long the steady mix runs (default 60)
          --rate R            soak: requests per second of the steady mix (default 40); A*/B*/C*: the mix paced to
                              R requests per second (default: as fast as the threads go)
          --commits N         faults: commits, each with one fault (default 1000); history: commits to one node
                              before its history is read (default 1000); commit-cost: rounds per step (default 200)
          --flap-interval S   churn: seconds between flaps, and half a phase (default 30)
          --state S           A*/B*/C*, history: in-memory (default), postgres (a private PostgreSQL the harness starts)
                              or both (in-memory, then postgres, on the same devices, side by side in the report)
          --postgres-url URL  with --state postgres or both: an external PostgreSQL (jdbc:postgresql://HOST:PORT/DB,
                              an empty database; credentials in SEXTANT_DB_USER and SEXTANT_DB_PASSWORD) instead of
                              the private one; the run leaves its tables there
          --compare-security  put-get: plain HTTP with NACM off against HTTPS, HTTPS with NACM as admin and as a
                              user whose rules are evaluated, interleaved in one run; the ratios and whether NACM
                              adds at most 10 % to PUT and GET p95
          --out DIR           where <scenario>-<timestamp>/ goes (default perf-tests/target)
          --no-record         do not append a row to perf-tests/RESULTS.md
        """;

    public static Options parse(final List<String> args, final Path defaultOutput) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("no scenario given");
        }
        final String scenario = args.get(0).matches("(?i)[abc][12]") ? args.get(0).toUpperCase(Locale.ROOT)
            : args.get(0);
        Optional<Integer> devices = Optional.empty();
        Optional<Integer> configured = Optional.empty();
        Optional<Integer> threads = Optional.empty();
        Optional<Integer> lines = Optional.empty();
        Optional<ControllerKind> controller = Optional.empty();
        Optional<String> heap = Optional.empty();
        Transport transport = Transport.TCP;
        Simulator simulator = Simulator.TESTTOOL;
        Optional<Integer> runs = Optional.empty();
        Optional<Integer> loops = Optional.empty();
        Optional<Set<Layer>> layers = Optional.empty();
        long seed = 1;
        Optional<Integer> step = Optional.empty();
        Optional<Integer> perProcess = Optional.empty();
        Optional<Integer> mountBatch = Optional.empty();
        Optional<Integer> maxP95 = Optional.empty();
        Optional<Integer> rounds = Optional.empty();
        Optional<Integer> requests = Optional.empty();
        Optional<Integer> minutes = Optional.empty();
        Optional<Integer> rate = Optional.empty();
        Optional<Integer> commits = Optional.empty();
        Optional<Integer> flapInterval = Optional.empty();
        StateChoice state = StateChoice.IN_MEMORY;
        Optional<String> postgresUrl = Optional.empty();
        Optional<String> operations = Optional.empty();
        Path out = defaultOutput;
        boolean record = true;
        boolean compareSecurity = false;
        for (int i = 1; i < args.size(); i++) {
            final String option = args.get(i);
            if (option.equals("--no-record")) {
                record = false;
                continue;
            }
            if (option.equals("--compare-security")) {
                compareSecurity = true;
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            final String value = args.get(++i);
            switch (option) {
                case "--devices" -> devices = Optional.of(positive(option, value));
                case "--configured" -> configured = Optional.of(positive(option, value));
                case "--threads" -> threads = Optional.of(positive(option, value));
                case "--lines" -> lines = Optional.of(positive(option, value));
                case "--controller" -> controller = Optional.of(controllerKind(value));
                case "--heap" -> heap = Optional.of(value);
                case "--transport" -> transport = Transport.valueOf(value.toUpperCase(Locale.ROOT));
                case "--simulator" -> simulator = Simulator.valueOf(value.toUpperCase(Locale.ROOT));
                case "--runs" -> runs = Optional.of(positive(option, value));
                case "--loops" -> loops = Optional.of(positive(option, value));
                case "--layers" -> layers = Optional.of(layers(value));
                case "--seed" -> seed = Long.parseLong(value);
                case "--step" -> step = Optional.of(positive(option, value));
                case "--devices-per-process" -> perProcess = Optional.of(positive(option, value));
                case "--mount-batch" -> mountBatch = Optional.of(positive(option, value));
                case "--max-p95" -> maxP95 = Optional.of(positive(option, value));
                case "--rounds" -> rounds = Optional.of(positive(option, value));
                case "--requests" -> requests = Optional.of(positive(option, value));
                case "--minutes" -> minutes = Optional.of(positive(option, value));
                case "--rate" -> rate = Optional.of(positive(option, value));
                case "--commits" -> commits = Optional.of(positive(option, value));
                case "--flap-interval" -> flapInterval = Optional.of(positive(option, value));
                case "--state" -> state = StateChoice.parse(value);
                case "--postgres-url" -> postgresUrl = Optional.of(postgresUrl(value));
                case "--operations" -> operations = Optional.of(value);
                case "--out" -> out = Path.of(value).toAbsolutePath();
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (postgresUrl.isPresent() && state == StateChoice.IN_MEMORY) {
            throw new IllegalArgumentException("--postgres-url goes with --state postgres or both");
        }
        if (compareSecurity && !scenario.equals("put-get")) {
            throw new IllegalArgumentException("--compare-security goes with put-get");
        }
        return new Options(scenario, devices, configured, threads, lines, controller, heap, transport, runs, loops,
            layers, seed, step, perProcess, mountBatch, maxP95, rounds, requests, minutes, rate, commits, flapInterval,
            state, operations, out, record, List.copyOf(args), simulator, compareSecurity, postgresUrl);
    }

    private static String postgresUrl(final String value) {
        if (!value.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("--postgres-url takes a JDBC URL: jdbc:postgresql://HOST:PORT/DATABASE");
        }
        return value;
    }

    private static ControllerKind controllerKind(final String value) {
        final ControllerKind kind;
        try {
            kind = ControllerKind.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--controller expects karaf or java, got " + value, e);
        }
        if (kind == ControllerKind.LIGHTY) {
            throw new IllegalArgumentException("--controller picks Sextant's assembly (karaf or java); the lighty.io"
                + " peer runs in the compare scenario, beside it");
        }
        return kind;
    }

    private static int positive(final String option, final String value) {
        final int parsed;
        try {
            parsed = Integer.parseInt(value.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " expects a number, got " + value, e);
        }
        if (parsed <= 0) {
            throw new IllegalArgumentException(option + " must be positive, got " + value);
        }
        return parsed;
    }

    private static Set<Layer> layers(final String value) {
        final Set<Layer> set = EnumSet.noneOf(Layer.class);
        for (String name : value.split(",")) {
            set.add(Layer.valueOf(name.trim().toUpperCase(Locale.ROOT)));
        }
        return set;
    }

    /** The command that reproduces this run, as recorded in RESULTS.md. */
    public String commandLine() {
        final List<String> parts = new ArrayList<>(List.of("./sextant", "perf"));
        parts.addAll(arguments);
        return String.join(" ", parts);
    }
}
