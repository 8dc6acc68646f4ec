package io.sextant.security.nacm.bench;

import io.sextant.security.nacm.DataPath;
import io.sextant.security.nacm.NacmAccess;
import io.sextant.security.nacm.NacmBenchmarkData;
import io.sextant.security.nacm.NacmPolicy;
import io.sextant.security.nacm.WriteCheck;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.Main;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * What NACM costs per request: pruning a large read (interfaces with N entries) for a user
 * whose rules permit everything (no walk), for one with a rule below the path (a walk), the
 * write check of one merged entry, and obtaining a user's access. Run:
 * {@code mvn -pl model,security test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.sextant.security.nacm.bench.NacmBenchmark -Dexec.args="NacmBenchmark -f 0"}
 * (in process: {@code exec:java} gives JMH no class path to fork with).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NacmBenchmark {
    @Param({ "1000", "10000" })
    public int entries;

    private NacmPolicy policy;
    private NacmAccess admin;
    private NacmAccess restricted;
    private DataPath interfacesPath;
    private NormalizedNode interfaces;
    private List<WriteCheck> write;

    @Setup
    public void setUp() {
        final NacmBenchmarkData data = new NacmBenchmarkData(entries);
        policy = data.policy();
        admin = policy.access("admin", Set.of());
        restricted = policy.access("olga", Set.of());
        interfacesPath = data.interfacesPath();
        interfaces = data.interfaces();
        write = List.of(data.mergeOneEntry());
    }

    @Benchmark
    public Optional<NormalizedNode> pruneEverythingReadable() {
        return admin.prune(interfacesPath, interfaces);
    }

    @Benchmark
    public Optional<NormalizedNode> pruneWithARuleOnEveryEntry() {
        return restricted.prune(interfacesPath, interfaces);
    }

    @Benchmark
    public Object checkMergeOfOneEntryAsAdmin() {
        return admin.checkWrites(write);
    }

    @Benchmark
    public Object checkMergeOfOneEntryRestricted() {
        return restricted.checkWrites(write);
    }

    @Benchmark
    public NacmAccess accessForAUser() {
        return policy.access("olga", Set.of("noc"));
    }

    /** Runs this benchmark; arguments are JMH's ({@code -f 0 -wi 1 -i 3} for a quick look in process). */
    public static void main(final String[] args) throws Exception {
        if (args.length == 0) {
            new Runner(new OptionsBuilder().include(NacmBenchmark.class.getSimpleName()).build()).run();
        } else {
            Main.main(args);
        }
    }
}
