package io.sextant.southbound.cli.topology;

import java.util.Optional;

/**
 * Resolves a mount request's {@code device-type} and {@code device-version} to the translation
 * unit that serves it. The translation-unit registry implements this; the CLI southbound only
 * depends on this interface.
 */
@FunctionalInterface
public interface CliDeviceTypes {

    /** The device type that serves {@code deviceType} at {@code deviceVersion}; empty when none does. */
    Optional<CliDeviceType> resolve(String deviceType, String deviceVersion);
}
