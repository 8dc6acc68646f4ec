package io.sextant.perf.config;

import io.sextant.model.BundledModels;
import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The YANG modules of the simulated devices: the OpenConfig modules the generated configurations
 * use, and everything they import, exactly as the controller bundles them.
 */
public final class DeviceModels {
    /** The modules named directly; {@link #sources()} adds their imports. */
    public static final List<String> MODULES = List.of("openconfig-interfaces", "openconfig-if-ip",
        "openconfig-if-ethernet", "openconfig-vlan", "openconfig-network-instance", "openconfig-acl",
        "openconfig-local-routing", "openconfig-bgp", "iana-if-type");

    private DeviceModels() {
    }

    public static List<YangSource> sources() {
        return BundledModels.get().withDependencies(MODULES);
    }

    private static final Pattern MANDATORY = Pattern.compile("\\bmandatory\\s+\"?true\"?\\s*;");

    /**
     * Writes the device modules into {@code dir} as {@code module@revision.yang}, the names
     * simulators expect, for netconf-testtool.
     *
     * <p>The OpenConfig modules lose their {@code mandatory true} statements on the way: the test
     * tool (10.0.2, {@code --md-sal true}) keeps its configuration in a data tree of the operational
     * kind, which enforces mandatory leaves inside {@code config false} containers too, and
     * OpenConfig marks e.g. {@code interface/state/type} mandatory; every edit-config of an
     * interface would fail ("missing mandatory descendant .../state/type"). The simulated device is
     * thus a little more lenient than the controller's schema, never stricter.
     */
    public static Path writeSimulatorSchemas(final Path dir) throws IOException {
        Files.createDirectories(dir);
        for (YangSource source : sources()) {
            final String text;
            try (InputStream in = source.open()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            final String written = source.name().startsWith("openconfig-")
                ? MANDATORY.matcher(text).replaceAll("/* mandatory true; dropped for the simulator */") : text;
            Files.writeString(dir.resolve(source.fileName()), written, StandardCharsets.UTF_8);
        }
        return dir;
    }
}
