package io.sextant.perf.config;

import io.sextant.model.BundledModels;
import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

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

    /** Writes the device modules into {@code dir} as {@code module@revision.yang}, the names simulators expect. */
    public static Path writeTo(final Path dir) throws IOException {
        Files.createDirectories(dir);
        for (YangSource source : sources()) {
            try (InputStream in = source.open()) {
                Files.copy(in, dir.resolve(source.fileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dir;
    }
}
