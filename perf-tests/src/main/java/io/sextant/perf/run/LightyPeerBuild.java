package io.sextant.perf.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds the compare scenario's lighty.io peer (perf-tests/lighty-peer, its own Maven project
 * outside the reactor) when its jar is missing or older than its sources: {@code mvn -f
 * perf-tests/lighty-peer/pom.xml package} with {@code JAVA_HOME} set to a JDK of at least 21,
 * since lighty.io 21 is built for Java 21 while the product and the reactor stay on 17.
 */
final class LightyPeerBuild {
    private LightyPeerBuild() {
    }

    /** The peer's jar, built first if needed; the Maven output goes to lighty-peer-build.log. */
    static Path ensure(final RunContext run) throws IOException, InterruptedException {
        final Path project = run.home().lightyPeer();
        final Path jar = run.home().lightyPeerJar();
        if (!stale(project, jar)) {
            run.log("lighty peer: %s is up to date", run.home().repository().relativize(jar));
            return jar;
        }
        if ("1".equals(System.getenv("SEXTANT_PERF_NO_BUILD"))) {
            throw new IOException(jar + " is missing or older than its sources, and SEXTANT_PERF_NO_BUILD=1 forbids"
                + " building it");
        }
        final Path javaHome = PerfHome.javaAtLeast(21).getParent().getParent();
        final List<String> command = List.of("mvn", "-B", "-ntp", "-q", "-f", project.resolve("pom.xml").toString(),
            "package");
        run.log("lighty peer: building %s with JAVA_HOME=%s (log in lighty-peer-build.log)",
            run.home().repository().relativize(project), javaHome);
        final long start = System.nanoTime();
        final ManagedProcess maven = run.own(ManagedProcess.start("lighty-peer-build", command,
            Map.of("JAVA_HOME", javaHome.toString()), project, run.outputDir().resolve("lighty-peer-build.log"),
            Duration.ofSeconds(10)));
        final int status = maven.waitFor(Duration.ofMinutes(30));
        run.release(maven);
        if (status != 0 || !Files.exists(jar)) {
            throw new IOException("building the lighty.io peer failed (mvn status " + status + "):\n" + maven.tail(30));
        }
        run.log("lighty peer: built in %.0f s", (System.nanoTime() - start) / 1e9);
        return jar;
    }

    /** Whether {@code jar} is missing or older than the project's pom.xml or a file under src/. */
    static boolean stale(final Path project, final Path jar) throws IOException {
        if (!Files.exists(jar)) {
            return true;
        }
        final long built = Files.getLastModifiedTime(jar).toMillis();
        if (Files.getLastModifiedTime(project.resolve("pom.xml")).toMillis() > built) {
            return true;
        }
        final Path sources = project.resolve("src");
        if (!Files.isDirectory(sources)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(Files::isRegularFile).anyMatch(f -> {
                try {
                    return Files.getLastModifiedTime(f).toMillis() > built;
                } catch (IOException e) {
                    return true;
                }
            });
        }
    }
}
