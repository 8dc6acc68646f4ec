package io.sextant.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Many simulated devices spread over several test tool processes, each with its own port range,
 * for scale tests (one JVM per few thousand devices keeps each tool's heap and start time sane).
 */
public final class TestToolFleet implements AutoCloseable {
    private final List<NetconfTestTool> processes;

    private TestToolFleet(final List<NetconfTestTool> processes) {
        this.processes = List.copyOf(processes);
    }

    /**
     * Start {@code totalDevices} devices, at most {@code devicesPerProcess} per process.
     *
     * @param settings the builder for one process, given its device count (call
     *     {@link NetconfTestTool#builder()} and set everything but the device count and port)
     */
    public static TestToolFleet start(final int totalDevices, final int devicesPerProcess,
            final IntFunction<NetconfTestTool.Builder> settings) throws IOException {
        final List<NetconfTestTool> started = new ArrayList<>();
        try {
            for (int remaining = totalDevices; remaining > 0; remaining -= devicesPerProcess) {
                final int count = Math.min(remaining, devicesPerProcess);
                started.add(settings.apply(count).deviceCount(count).startingPort(0).start());
            }
        } catch (IOException | RuntimeException e) {
            started.forEach(NetconfTestTool::close);
            throw e;
        }
        return new TestToolFleet(started);
    }

    public List<NetconfTestTool> processes() {
        return processes;
    }

    /** Every device port, process by process. */
    public List<Integer> ports() {
        return processes.stream().flatMap(p -> p.ports().stream()).toList();
    }

    public int deviceCount() {
        return processes.stream().mapToInt(NetconfTestTool::deviceCount).sum();
    }

    @Override
    public void close() {
        processes.forEach(NetconfTestTool::close);
    }
}
