package io.sextant.testing;

import io.sextant.model.BundledModels;
import io.sextant.model.YangSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.List;


/**
 * Sets of bundled YANG modules to load into simulated devices, always closed under import and
 * include, so that a device never misses a dependency.
 */
public final class ModelSets {
    /** OpenConfig interfaces with Ethernet, aggregates and VLANs: loads in both the test tool and netconfd. */
    public static final List<String> OPENCONFIG_INTERFACES = List.of("openconfig-interfaces",
        "openconfig-if-ethernet", "openconfig-if-aggregate", "openconfig-vlan");

    /** OpenConfig network instances with BGP: the test tool loads it, netconfd does not. */
    public static final List<String> OPENCONFIG_ROUTING = List.of("openconfig-interfaces", "openconfig-if-ip",
        "openconfig-network-instance", "openconfig-bgp", "openconfig-routing-policy", "openconfig-local-routing");

    private ModelSets() {
    }

    /** The named modules (newest bundled revision) and everything they import or include. */
    public static List<YangSource> closure(final Collection<String> moduleNames) {
        return BundledModels.get().withDependencies(moduleNames);
    }

    /** Copy {@code sources} into {@code directory} named {@code module@revision.yang}. */
    public static void writeWithRevisions(final Collection<YangSource> sources, final Path directory)
            throws IOException {
        Files.createDirectories(directory);
        for (YangSource source : sources) {
            copy(source, directory.resolve(source.fileName()));
        }
    }

    /** Copy {@code sources} into {@code directory} named {@code module.yang} (what netconfd expects). */
    public static void writeWithoutRevisions(final Collection<YangSource> sources, final Path directory)
            throws IOException {
        Files.createDirectories(directory);
        for (YangSource source : sources) {
            copy(source, directory.resolve(source.name() + ".yang"));
        }
    }

    private static void copy(final YangSource source, final Path target) throws IOException {
        try (InputStream in = source.open()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
