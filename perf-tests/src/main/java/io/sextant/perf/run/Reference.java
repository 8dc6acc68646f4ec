package io.sextant.perf.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of the reference brief (FRINX UniConfig 4.2.5, Table 3, measured on an 80-core server
 * with 376 GB of RAM and two further servers for the simulators and JMeter), for printing beside ours.
 *
 * @param mounted devices mounted on the controller
 * @param lines lines of JSON configuration per device
 * @param configured devices configured
 * @param threads concurrent JMeter threads
 * @param requests total requests
 * @param duration wall-clock duration, as printed in the brief
 * @param requestsPerSecond throughput
 * @param p95Max p95/max in ms per operation, in the order of {@link #OPERATIONS}
 * @param maxCpuPercent maximum CPU used by the controller (100 = one core)
 * @param heapBeforeGb used heap before the run
 * @param heapAfterGb used heap after the run
 */
public record Reference(int mounted, int lines, int configured, int threads, int requests, String duration,
        double requestsPerSecond, List<String> p95Max, int maxCpuPercent, int heapBeforeGb, int heapAfterGb) {

    /** The JMeter sampler labels of the request mix, in the brief's order. */
    public static final List<String> OPERATIONS = List.of("PUT interface", "PUT vrf", "PUT bgp", "calculate-diff",
        "commit", "GET interface", "GET vrf", "GET bgp");

    private static final Map<String, Reference> TABLE_3 = Map.of(
        "A1", new Reference(20_000, 1_000, 20_000, 5, 160_000, "00:31:08", 85.6,
            List.of("19/220", "19/200", "20/200", "301/475", "217/842", "24/171", "24/161", "24/148"), 1_048, 54, 56),
        "A2", new Reference(20_000, 1_000, 20_000, 10, 160_000, "00:31:02", 85.9,
            List.of("19/207", "19/246", "20/268", "867/1248", "509/1000", "24/245", "23/268", "24/167"), 878, 54, 56),
        "B1", new Reference(50_000, 1_000, 19_995, 5, 159_960, "00:30:29", 87.5,
            List.of("19/231", "19/199", "20/198", "283/465", "214/453", "24/211", "23/195", "24/209"), 800, 127, 138),
        "B2", new Reference(50_000, 1_000, 19_990, 10, 159_920, "00:30:17", 88.0,
            List.of("20/212", "19/197", "21/198", "827/1104", "500/789", "25/288", "24/293", "24/202"), 800, 127, 138),
        "C1", new Reference(2_000, 600_000, 1_995, 5, 15_960, "02:56:51", 1.5,
            List.of("22/345", "22/345", "22/440", "15963/21939", "16276/22703", "28/98", "26/1075", "27/85"),
            1_654, 162, 269),
        "C2", new Reference(2_000, 600_000, 1_990, 10, 15_920, "02:20:45", 1.9,
            List.of("23/382", "22/80", "23/402", "24693/25592", "25153/26102", "29/88", "27/366", "28/343"),
            2_226, 162, 269));

    public static Optional<Reference> of(final String scenario) {
        return Optional.ofNullable(TABLE_3.get(scenario));
    }
}
