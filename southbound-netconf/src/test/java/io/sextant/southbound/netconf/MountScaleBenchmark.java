package io.sextant.southbound.netconf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.management.OperatingSystemMXBean;
import io.sextant.datastore.WriteTransaction;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.TestToolFleet;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Mount N test tool devices and report how long until all are connected. Not part of the
 * suite: runs only with {@code -Dsextant.bench.devices=N} (and {@code -Dsextant.bench.ssh=false}
 * for TCP). The full benchmark with the controller and JMeter lives in perf-tests.
 */
class MountScaleBenchmark {
    private static long toolCpuMillis(final TestToolFleet fleet) {
        return fleet.processes().stream().mapToLong(p -> ProcessHandle.of(p.pid()).flatMap(h -> h.info()
            .totalCpuDuration()).map(Duration::toMillis).orElse(0L)).sum();
    }

    private static long ownCpuMillis() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getProcessCpuTime() / 1_000_000;
    }

    @Test
    void mountDevices() throws Exception {
        final int devices = Integer.getInteger("sextant.bench.devices", 0);
        Assumptions.assumeTrue(devices > 0, "set -Dsextant.bench.devices=N to run");
        final boolean ssh = Boolean.parseBoolean(System.getProperty("sextant.bench.ssh", "true"));
        final int perProcess = Integer.getInteger("sextant.bench.per-process", 2000);
        try (TestToolFleet fleet = TestToolFleet.start(devices, perProcess, count -> NetconfTestTool.builder()
                .ssh(ssh).models(ModelSets.OPENCONFIG_INTERFACES));
             TopologyFixture fixture = new TopologyFixture()) {
            final List<Integer> ports = fleet.ports();
            final long toolCpuBefore = toolCpuMillis(fleet);
            final long ownCpuBefore = ownCpuMillis();
            final long start = System.nanoTime();
            final WriteTransaction tx = fixture.datastores.config().newTransaction();
            for (int i = 0; i < ports.size(); i++) {
                final var node = TopologyFixture.node("d" + i, "127.0.0.1", ports.get(i), !ssh,
                    NetconfTestTool.USERNAME, NetconfTestTool.PASSWORD, Map.of());
                tx.put(TopologyFixture.nodePath("d" + i), node);
            }
            tx.commit();
            final long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
            int connected = 0;
            while (System.nanoTime() < deadline) {
                connected = fixture.topology.connectedNodes();
                if (connected == devices) {
                    break;
                }
                Thread.sleep(100);
            }
            final double seconds = (System.nanoTime() - start) / 1e9;
            final long toolCpu = toolCpuMillis(fleet) - toolCpuBefore;
            final long ownCpu = ownCpuMillis() - ownCpuBefore;
            System.gc();
            final long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            System.out.printf("MOUNT %s devices=%d connected=%d time=%.1fs rate=%.1f/s heapAfterGc=%dMiB "
                + "schemaContexts=%d built=%d cpu: controller=%.1fs simulator=%.1fs%n", ssh ? "ssh" : "tcp", devices,
                connected, seconds, connected / seconds, heap >> 20, fixture.topology.schemaContexts(),
                fixture.topology.schemaContextsBuilt(), ownCpu / 1000.0, toolCpu / 1000.0);
            assertEquals(devices, connected);
        }
    }
}
