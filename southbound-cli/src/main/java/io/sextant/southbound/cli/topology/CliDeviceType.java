package io.sextant.southbound.cli.topology;

import io.sextant.southbound.cli.CliDialect;

/**
 * What the CLI southbound needs to know about the device type of a mount request.
 *
 * @param unit the name of the translation unit serving the device (written to the node's
 *     operational {@code translation-unit} leaf)
 * @param dialect prompts, pager and errors of the device's CLI
 */
public record CliDeviceType(String unit, CliDialect dialect) {
}
