package io.sextant.perf.run;

import io.sextant.perf.config.ConfigGenerator;
import io.sextant.perf.config.DeviceProfile;
import io.sextant.perf.config.GeneratedConfig;
import io.sextant.perf.run.DeviceFleet.Device;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The data files the JMeter plans read: device lists, generated device configurations for seeding,
 * and one row of the request mix per configured device and round.
 */
public final class Workload {
    private Workload() {
    }

    /** devices.csv for mount.jmx and mountpoint-put-get.jmx: node,host,port. */
    public static Path devices(final Path file, final List<Device> devices) throws IOException {
        final List<String> lines = new ArrayList<>(devices.size());
        for (Device device : devices) {
            lines.add(device.id() + "," + device.host() + "," + device.port());
        }
        Files.write(file, lines);
        return file;
    }

    /**
     * Writes {@code variants} generated configurations of {@code lines} lines under {@code dir}
     * (v0/, v1/, ...; one JSON file per top-level container) and seed.csv assigning them to the
     * devices round-robin: node,variant.
     *
     * @return seed.csv
     */
    public static Path seed(final Path dir, final List<Device> devices, final int lines, final long seed,
            final int variants) throws IOException {
        final DeviceProfile profile = DeviceProfile.forLines(lines);
        final int count = Math.max(1, Math.min(variants, devices.size()));
        for (int v = 0; v < count; v++) {
            final GeneratedConfig config = ConfigGenerator.generate(profile, seed * 1000 + v, lines);
            final Path variant = Files.createDirectories(dir.resolve("v" + v));
            for (var part : config.parts().entrySet()) {
                Files.writeString(variant.resolve(fileName(part.getKey())), part.getValue());
            }
        }
        final List<String> rows = new ArrayList<>(devices.size());
        for (int i = 0; i < devices.size(); i++) {
            rows.add(devices.get(i).id() + "," + (i % count));
        }
        final Path csv = dir.resolve("seed.csv");
        Files.write(csv, rows);
        return csv;
    }

    /** The file a top-level container is written to: "openconfig-interfaces:interfaces" → interfaces.json. */
    public static String fileName(final String container) {
        return container.substring(container.indexOf(':') + 1) + ".json";
    }

    /**
     * mix.csv for uniconfig-mix.jmx: per round and device, the new service the eight requests
     * provision (interface, VRF, BGP session). Later rounds change descriptions and addresses, so
     * every round's commit has something to push.
     * Columns: node,ifname,vlan,ip,vrf,rd,as,routerid,neighbor,peeras,description.
     */
    public static Path mix(final Path file, final List<Device> devices, final int rounds, final long seed)
            throws IOException {
        final List<String> rows = new ArrayList<>(devices.size() * rounds);
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < devices.size(); i++) {
                final Random random = new Random(seed * 7919 + i * 31L + round);
                final int vlan = 3000 + random.nextInt(900);
                final int net = random.nextInt(250);
                rows.add(String.join(",", devices.get(i).id(), "ge-0/1/0", Integer.toString(vlan),
                    "192.168." + net + ".1", "svc-" + (i % 1000), "65000:" + (20_000 + i % 1000),
                    Integer.toString(65000 + random.nextInt(500)), "10.253." + (i % 250) + ".1",
                    "192.168." + net + ".2", Integer.toString(64512 + random.nextInt(1000)),
                    "service round " + round));
            }
        }
        Files.write(file, rows);
        return file;
    }
}
