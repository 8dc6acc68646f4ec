package io.sextant.southbound.cli.topology;

import io.sextant.southbound.cli.CliSession;

/**
 * A connected CLI device.
 *
 * @param config its mount parameters
 * @param deviceType the translation unit and dialect serving it
 * @param session the open session; replaced by a new one after a reconnect
 */
public record CliConnection(CliNodeConfig config, CliDeviceType deviceType, CliSession session) {

    public String nodeId() {
        return config.nodeId();
    }
}
