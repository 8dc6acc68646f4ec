package io.sextant.perf.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine a run measured on, as RESULTS.md names it.
 *
 * @param cores logical CPUs available
 * @param memoryGib physical memory
 * @param cpuModel the CPU's model name
 */
public record Machine(int cores, double memoryGib, String cpuModel) {

    public static Machine current() {
        double memory = 0;
        String model = "unknown CPU";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    memory = Long.parseLong(line.replaceAll("\\D", "")) / 1024.0 / 1024.0;
                }
            }
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    model = line.substring(line.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
                    break;
                }
            }
        } catch (IOException e) {
            // not Linux: the core count alone still says something
        }
        return new Machine(Runtime.getRuntime().availableProcessors(), memory, model);
    }

    /** "2 cores, 24 GiB (Intel Xeon ...)". */
    public String describe() {
        return cores + " cores, " + Math.round(memoryGib) + " GiB (" + cpuModel + ")";
    }

    public String shortDescription() {
        return cores + " cores, " + Math.round(memoryGib) + " GiB";
    }
}
