package io.sextant.perf.faults;

import io.sextant.perf.run.RunContext;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The devices a fault run commits to, each behind its own fault proxy: netconf-testtool devices
 * (tt1, tt2 ...), netconfd devices (ncd1 ...), and FRR routers over Telnet (frt1) and SSH (frs1).
 * Every device is owned by the run, which stops it at the end.
 */
final class FaultFleet {
    /** How many devices of each kind. */
    record Shape(int testTools, int netconfds, int frrTelnet, int frrSsh) {
        int size() {
            return testTools + netconfds + frrTelnet + frrSsh;
        }

        @Override
        public String toString() {
            return testTools + " netconf-testtool, " + netconfds + " netconfd, " + frrTelnet + " FRR over Telnet, "
                + frrSsh + " FRR over SSH";
        }
    }

    private final List<FaultDevice> devices;

    private FaultFleet(final List<FaultDevice> devices) {
        this.devices = List.copyOf(devices);
    }

    static FaultFleet start(final RunContext run, final Shape shape, final Duration stallFor) throws IOException {
        final Path dir = run.outputDir().resolve("devices");
        final List<FaultDevice> devices = new ArrayList<>();
        for (int i = 1; i <= shape.testTools(); i++) {
            run.log("devices: starting netconf-testtool tt%d", i);
            devices.add(run.own(TestToolDevice.start("tt" + i, dir.resolve("tt" + i), stallFor)));
        }
        for (int i = 1; i <= shape.netconfds(); i++) {
            run.log("devices: starting netconfd ncd%d", i);
            devices.add(run.own(NetconfdDevice.start("ncd" + i, dir.resolve("ncd" + i), stallFor)));
        }
        for (int i = 1; i <= shape.frrTelnet(); i++) {
            run.log("devices: starting FRR router frt%d (Telnet)", i);
            devices.add(run.own(FrrDevice.start("frt" + i, true, stallFor)));
        }
        for (int i = 1; i <= shape.frrSsh(); i++) {
            run.log("devices: starting FRR router frs%d (SSH)", i);
            devices.add(run.own(FrrDevice.start("frs" + i, false, stallFor)));
        }
        for (FaultDevice device : devices) {
            device.prepare();
        }
        return new FaultFleet(devices);
    }

    List<FaultDevice> devices() {
        return devices;
    }

    List<String> nodeIds() {
        return devices.stream().map(FaultDevice::nodeId).toList();
    }

    Optional<FaultDevice> device(final String nodeId) {
        return devices.stream().filter(d -> d.nodeId().equals(nodeId)).findFirst();
    }
}
