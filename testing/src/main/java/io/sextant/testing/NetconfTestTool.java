package io.sextant.testing;

import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Simulated NETCONF devices from OpenDaylight's netconf-testtool, one JVM process serving
 * {@code deviceCount} devices on consecutive ports of 127.0.0.1. Each device has its own
 * schema-checked datastore (with {@code --md-sal true}), advertises base 1.0/1.1 and
 * {@code :candidate}, and accepts any user name and password over SSH.
 *
 * <p>The tool's executable jar is fetched by Maven when this module is built (see its pom); its
 * location can be overridden with the system property {@code sextant.testtool.jar}, and the Java
 * used to run it with {@code sextant.testtool.java} (version 10 and later of the tool need Java 21).
 *
 * <pre>
 * try (NetconfTestTool devices = NetconfTestTool.builder().deviceCount(3)
 *         .models(ModelSets.OPENCONFIG_INTERFACES).start()) {
 *     int port = devices.port(0);
 * }
 * </pre>
 */
public final class NetconfTestTool implements AutoCloseable {
    /** The test tool accepts any credentials; these are what tests send. */
    public static final String USERNAME = "admin";
    public static final String PASSWORD = "admin";

    private static final String READY = "All simulated devices started successfully";
    private static final String PARTIAL = "Not all simulated devices started successfully";

    private final ManagedProcess process;
    private final Path workDir;
    private final int firstPort;
    private final int deviceCount;
    private final boolean ssh;
    private final boolean ownsWorkDir;

    private NetconfTestTool(final ManagedProcess process, final Path workDir, final boolean ownsWorkDir,
            final int firstPort, final int deviceCount, final boolean ssh) {
        this.ownsWorkDir = ownsWorkDir;
        this.process = process;
        this.workDir = workDir;
        this.firstPort = firstPort;
        this.deviceCount = deviceCount;
        this.ssh = ssh;
    }

    public static Builder builder() {
        return new Builder();
    }

    public String host() {
        return "127.0.0.1";
    }

    /** Port of device {@code index} (0-based). */
    public int port(final int index) {
        if (index < 0 || index >= deviceCount) {
            throw new IndexOutOfBoundsException(index);
        }
        return firstPort + index;
    }

    public List<Integer> ports() {
        return IntStream.range(firstPort, firstPort + deviceCount).boxed().toList();
    }

    public int deviceCount() {
        return deviceCount;
    }

    /** Whether the devices speak SSH ({@code false}: plain TCP, {@code --ssh false}). */
    public boolean ssh() {
        return ssh;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path workDir() {
        return workDir;
    }

    public Path log() {
        return process.log();
    }

    /** Kill the process at once: every device it serves disappears mid-session. */
    public void kill() {
        process.kill();
    }

    @Override
    public void close() {
        process.close();
        if (ownsWorkDir) {
            ManagedProcess.deleteTree(workDir);
        }
    }

    @Override
    public String toString() {
        return "NetconfTestTool[" + deviceCount + " devices on " + firstPort + (ssh ? " ssh" : " tcp") + ", "
            + process + "]";
    }

    /** Settings of one test tool process. */
    public static final class Builder {
        private int deviceCount = 1;
        private int startingPort;
        private boolean ssh = true;
        private boolean mdSal = true;
        private final List<YangSource> schemas = new ArrayList<>();
        private int threadAmount = 1;
        private boolean asyncRequests;
        private int maxHeapMb;
        private @Nullable Path javaExecutable;
        private @Nullable Path jar;
        private @Nullable Path workDir;
        private @Nullable Path initialConfigXml;
        private Duration startTimeout = Duration.ofMinutes(5);
        private final List<String> extraArguments = new ArrayList<>();
        private final List<String> jvmArguments = new ArrayList<>();

        private Builder() {
        }

        public Builder deviceCount(final int count) {
            if (count < 1) {
                throw new IllegalArgumentException("At least one device");
            }
            this.deviceCount = count;
            return this;
        }

        /** The first device port; 0 (the default) picks a free range at run time. */
        public Builder startingPort(final int port) {
            this.startingPort = port;
            return this;
        }

        /** SSH (default) or plain TCP transport. */
        public Builder ssh(final boolean useSsh) {
            this.ssh = useSsh;
            return this;
        }

        /** Schema-checked MD-SAL datastore per device (default) instead of the tool's simple store. */
        public Builder mdSal(final boolean useMdSal) {
            this.mdSal = useMdSal;
            return this;
        }

        /** Load these YANG sources (written to the schemas directory as {@code module@revision.yang}). */
        public Builder schemas(final Collection<YangSource> sources) {
            schemas.addAll(sources);
            return this;
        }

        /** Load these bundled modules and everything they import. */
        public Builder models(final Collection<String> moduleNames) {
            return schemas(ModelSets.closure(moduleNames));
        }

        /** Threads the tool uses to set devices up ({@code --thread-amount}). */
        public Builder threadAmount(final int threads) {
            this.threadAmount = threads;
            return this;
        }

        /** {@code --async-requests}. */
        public Builder asyncRequests(final boolean async) {
            this.asyncRequests = async;
            return this;
        }

        /** Maximum heap of the tool's JVM; 0 (default) sizes it from the device count. */
        public Builder maxHeapMb(final int megabytes) {
            this.maxHeapMb = megabytes;
            return this;
        }

        public Builder javaExecutable(final Path java) {
            this.javaExecutable = java;
            return this;
        }

        public Builder jar(final Path executableJar) {
            this.jar = executableJar;
            return this;
        }

        /** Where the schemas directory and the log go; a new temporary directory by default. */
        public Builder workDir(final Path directory) {
            this.workDir = directory;
            return this;
        }

        /** {@code --initial-config-xml-file}: what get-config returns before any edit. */
        public Builder initialConfigXml(final Path file) {
            this.initialConfigXml = file;
            return this;
        }

        public Builder startTimeout(final Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** Further tool arguments, passed as they are. */
        public Builder extraArguments(final String... arguments) {
            extraArguments.addAll(List.of(arguments));
            return this;
        }

        /** Further JVM arguments, passed as they are. */
        public Builder jvmArguments(final String... arguments) {
            jvmArguments.addAll(List.of(arguments));
            return this;
        }

        /**
         * Start the process and wait until every device port accepts connections.
         *
         * @throws IOException when the tool does not come up; its process is gone by then
         */
        public NetconfTestTool start() throws IOException {
            final Path dir = workDir != null ? Files.createDirectories(workDir)
                : Files.createTempDirectory("sextant-testtool-");
            final Path schemasDir = dir.resolve("schemas");
            ModelSets.writeWithRevisions(schemas, schemasDir);

            IOException last = null;
            // A port found free may be taken before the tool binds it: choose again a few times.
            for (int attempt = 0; attempt < (startingPort == 0 ? 3 : 1); attempt++) {
                final int first = startingPort != 0 ? startingPort : FreePorts.range(deviceCount);
                final Path log = dir.resolve("testtool-" + first + ".log");
                final ManagedProcess process = ManagedProcess.start("netconf-testtool:" + first,
                    command(first, schemasDir), dir, log);
                try {
                    awaitReady(process, first);
                    return new NetconfTestTool(process, dir, workDir == null, first, deviceCount, ssh);
                } catch (IOException e) {
                    process.close();
                    last = e;
                }
            }
            if (workDir == null) {
                ManagedProcess.deleteTree(dir);
            }
            throw last;
        }

        private List<String> command(final int first, final Path schemasDir) {
            final List<String> command = new ArrayList<>();
            command.add(java().toString());
            command.add("-Xmx" + (maxHeapMb > 0 ? maxHeapMb : 384 + deviceCount / 2) + "m");
            command.add("-XX:+UseSerialGC");
            command.addAll(jvmArguments);
            command.addAll(List.of("-jar", jar().toString(),
                "--device-count", Integer.toString(deviceCount),
                "--starting-port", Integer.toString(first),
                "--ip", "127.0.0.1",
                "--ssh", Boolean.toString(ssh),
                "--md-sal", Boolean.toString(mdSal),
                "--exi", "false",
                "--thread-amount", Integer.toString(threadAmount),
                "--async-requests", Boolean.toString(asyncRequests)));
            if (!schemas.isEmpty()) {
                command.addAll(List.of("--schemas-dir", schemasDir.toString()));
            }
            if (initialConfigXml != null) {
                command.addAll(List.of("--initial-config-xml-file", initialConfigXml.toString()));
            }
            command.addAll(extraArguments);
            return command;
        }

        private void awaitReady(final ManagedProcess process, final int first) throws IOException {
            final long deadline = System.nanoTime() + startTimeout.toNanos();
            while (!process.logContains(READY)) {
                if (!process.isAlive() || process.logContains(PARTIAL)) {
                    throw new IOException("netconf-testtool did not start " + deviceCount + " devices from port "
                        + first + ":\n" + process.logTail(40));
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("netconf-testtool not ready after " + startTimeout + ":\n"
                        + process.logTail(40));
                }
                sleep(200);
            }
            // The log line comes when the servers are bound; make sure the ends of the range answer.
            for (int port : List.of(first, first + deviceCount - 1)) {
                while (!FreePorts.accepts("127.0.0.1", port, Duration.ofSeconds(1))) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        throw new IOException("Device port " + port + " does not accept connections:\n"
                            + process.logTail(40));
                    }
                    sleep(100);
                }
            }
        }

        private Path java() {
            if (javaExecutable != null) {
                return javaExecutable;
            }
            final String configured = System.getProperty("sextant.testtool.java");
            if (configured != null && !configured.isBlank()) {
                return Path.of(configured);
            }
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }

        private Path jar() {
            if (jar != null) {
                return jar;
            }
            final String configured = System.getProperty("sextant.testtool.jar");
            if (configured != null && !configured.isBlank()) {
                return Path.of(configured);
            }
            final Properties build = buildProperties();
            final Path copied = Path.of(build.getProperty("testtool.jar"));
            if (Files.isRegularFile(copied)) {
                return copied;
            }
            // Not built in this tree (for example used from a jar): take it from the local Maven repository.
            final String version = build.getProperty("testtool.version");
            final Path repository = Path.of(System.getProperty("maven.repo.local",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
            final Path local = repository.resolve("org/opendaylight/netconf/netconf-testtool/" + version
                + "/netconf-testtool-" + version + "-executable.jar");
            if (Files.isRegularFile(local)) {
                return local;
            }
            throw new IllegalStateException("netconf-testtool " + version + " is neither at " + copied + " nor at "
                + local + ": build the testing module with Maven, which fetches it");
        }

        private static Properties buildProperties() {
            final Properties properties = new Properties();
            try (InputStream in = NetconfTestTool.class.getResourceAsStream("testing.properties")) {
                if (in == null) {
                    throw new IllegalStateException("testing.properties missing: the module was not built by Maven");
                }
                properties.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return properties;
        }

        private static void sleep(final long millis) throws IOException {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while waiting for netconf-testtool", e);
            }
        }
    }
}
