package io.sextant.translation;

import io.sextant.southbound.cli.CliDialect;
import io.sextant.translation.spi.Handlers;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Translates between OpenConfig and one device type's CLI, for the versions its pattern
 * matches. A unit declares the YANG modules it serves (the schema a device of this type
 * exposes is those modules with their imports), the show commands its readers read, and its
 * handlers: readers from device output to OpenConfig, writers from OpenConfig changes to
 * commands, each registered at a schema path, and the order the writers write in.
 *
 * <p>Units register themselves: as OSGi DS components providing this interface, or through
 * {@code META-INF/services/io.sextant.translation.TranslationUnit} in plain Java. Adding a
 * device type means adding a unit, nothing else.
 */
public interface TranslationUnit {

    /** Unique name, for example {@code frr-8}; written to a mounted node's {@code translation-unit}. */
    String name();

    /** The {@code device-type} of mount requests this unit serves, for example {@code frr}. */
    String deviceType();

    /** Matched against the whole {@code device-version}, for example {@code 8(\..*)?}. */
    Pattern versionPattern();

    /** Names of the YANG modules (bundled, see {@code io.sextant.model.BundledModels}) the unit serves. */
    Set<String> yangModules();

    /** How the device's CLI looks: prompts, errors, session setup. */
    CliDialect dialect();

    /** The command printing the running configuration, for example {@code show running-config}. */
    String runningConfigCommand();

    /** Further show commands the readers read; fetched once per read, before the readers run. */
    List<String> showCommands();

    /** Running-configuration lines that carry no configuration (comments, banners, block ends). */
    List<Pattern> ignoredLines();

    /** The readers and writers, and the writers' order. */
    Handlers handlers();

    /** Whether the unit serves {@code version}; an empty version is served by any unit of the type. */
    default boolean supportsVersion(final String version) {
        return version == null || version.isEmpty() || versionPattern().matcher(version).matches();
    }
}
