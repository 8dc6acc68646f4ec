package io.sextant.perf.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where the harness finds its parts in the repository: the JMeter installation and plans, the
 * runtime class path of this module (also the plain-Java controller's), the device simulator, the
 * Karaf distribution, and the JDKs.
 *
 * @param repository the repository root
 * @param perfTests the perf-tests module directory
 */
public record PerfHome(Path repository, Path perfTests) {

    /** From {@code -Dsextant.perf.home} (run-scenario sets it), else from the working directory. */
    public static PerfHome locate() {
        final String configured = System.getProperty("sextant.perf.home");
        Path dir = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        if (!Files.isDirectory(dir.resolve("src/main/jmeter")) && Files.isDirectory(dir.resolve("perf-tests"))) {
            dir = dir.resolve("perf-tests");
        }
        dir = dir.toAbsolutePath().normalize();
        return new PerfHome(dir.getParent(), dir);
    }

    public Path jmeterHome() {
        return perfTests.resolve("jmeter/target/jmeter");
    }

    public Path jmeterLauncher() {
        return jmeterHome().resolve("bin/ApacheJMeter.jar");
    }

    public Path plan(final String name) {
        return perfTests.resolve("src/main/jmeter").resolve(name);
    }

    public Path target() {
        return perfTests.resolve("target");
    }

    public Path results() {
        return perfTests.resolve("RESULTS.md");
    }

    /** The runtime class path of this module (written by the build): it holds the plain-Java controller. */
    public String classpath() throws IOException {
        final Path file = target().resolve("classpath.txt");
        if (!Files.exists(file)) {
            throw new IOException(file + " is missing: build with `mvn -pl perf-tests -am package` (run-scenario does)");
        }
        return Files.readString(file).trim() + File.pathSeparator + target().resolve("classes");
    }

    public Path testtoolJar() throws IOException {
        final Path jar = target().resolve("tools/netconf-testtool.jar");
        if (!Files.exists(jar)) {
            throw new IOException(jar + " is missing: the perf-tests build copies it from Maven Central");
        }
        return jar;
    }

    public Path karafScript() {
        return repository.resolve("distribution/target/assembly/bin/karaf");
    }

    /** The lighty.io comparison peer's own Maven project (not part of the reactor). */
    public Path lightyPeer() {
        return perfTests.resolve("lighty-peer");
    }

    /** The peer's runnable jar (its dependencies in target/lib beside it); the compare scenario builds it. */
    public Path lightyPeerJar() {
        return lightyPeer().resolve("target/sextant-lighty-peer.jar");
    }

    /** The java binary of the JDK running this harness (Java 17, the product's JDK). */
    public static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    public static Path currentJdkTool(final String tool) {
        return Path.of(System.getProperty("java.home"), "bin", tool);
    }

    private static final Pattern RELEASE_VERSION = Pattern.compile("JAVA_VERSION=\"(\\d+)");

    /**
     * A JDK of at least {@code feature} for the device simulator: {@code SEXTANT_DEVICE_JAVA_HOME},
     * else the newest under /usr/lib/jvm.
     */
    public static Path javaAtLeast(final int feature) throws IOException {
        final List<Path> candidates = new ArrayList<>();
        Optional.ofNullable(System.getenv("SEXTANT_DEVICE_JAVA_HOME")).map(Path::of).ifPresent(candidates::add);
        final Path jvms = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvms)) {
            try (Stream<Path> list = Files.list(jvms)) {
                list.filter(p -> !Files.isSymbolicLink(p)).sorted(Comparator.reverseOrder()).forEach(candidates::add);
            }
        }
        for (Path jdk : candidates) {
            final Path release = jdk.resolve("release");
            if (Files.isExecutable(jdk.resolve("bin/java")) && Files.exists(release)) {
                final Matcher version = RELEASE_VERSION.matcher(Files.readString(release));
                if (version.find() && Integer.parseInt(version.group(1)) >= feature) {
                    return jdk.resolve("bin/java");
                }
            }
        }
        throw new IOException("the device simulator (netconf-testtool 10) needs a JDK >= " + feature
            + "; none under /usr/lib/jvm. Set SEXTANT_DEVICE_JAVA_HOME to one.");
    }
}
