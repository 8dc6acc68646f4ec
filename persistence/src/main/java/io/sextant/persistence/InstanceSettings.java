package io.sextant.persistence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Properties;

/**
 * Who this controller instance is among the instances sharing one database.
 *
 * <p>The instance id comes from the system property {@value #ID_PROPERTY}; without it, from the
 * file {@value #ID_FILE} in the data directory, written on the first start as the host name and
 * eight random hex digits: stable across restarts of one installation, different for two
 * installations on one host. The address (shown in status, for operators, and where other
 * instances send requests for nodes this one holds) comes from {@value #ADDRESS_PROPERTY}, by
 * default the RESTCONF listen address (the host name when it listens on every address) and port.
 *
 * @param address where other instances and operators reach this one (host:port)
 */
public record InstanceSettings(String instanceId, String address, LeaseTimings timings) {
    public static final String ID_PROPERTY = "sextant.instance.id";
    public static final String ADDRESS_PROPERTY = "sextant.instance.address";
    public static final String ID_FILE = "instance-id";

    public InstanceSettings {
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(timings, "timings");
        if (instanceId.isBlank()) {
            throw new IllegalArgumentException("The controller instance id (" + ID_PROPERTY + ") is empty");
        }
    }

    /**
     * From {@code properties} ({@value #ID_PROPERTY}, {@value #ADDRESS_PROPERTY}), the id file in
     * {@code dataDir} (created when missing) and where RESTCONF listens; default lease timings. The
     * default address is the listen address and port, or the host name and port when RESTCONF
     * listens on every address.
     *
     * @param port the port RESTCONF listens on (bound already: not 0)
     * @throws UncheckedIOException when the id file cannot be read or written
     */
    public static InstanceSettings from(final Properties properties, final Path dataDir, final String bindHost,
            final int port) {
        final String host = hostName();
        final String id = properties.getProperty(ID_PROPERTY, "").strip();
        final String reachable = bindHost.isBlank() || bindHost.equals("0.0.0.0") || bindHost.equals("::")
            ? host : bindHost.contains(":") ? "[" + bindHost + "]" : bindHost;
        return new InstanceSettings(id.isEmpty() ? storedId(dataDir, host) : id,
            properties.getProperty(ADDRESS_PROPERTY, reachable + ":" + port).strip(), LeaseTimings.DEFAULT);
    }

    private static String storedId(final Path dataDir, final String host) {
        final Path file = dataDir.resolve(ID_FILE);
        try {
            if (Files.exists(file)) {
                final String kept = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (!kept.isEmpty()) {
                    return kept;
                }
            }
            final byte[] random = new byte[4];
            new SecureRandom().nextBytes(random);
            final String fresh = host + "-" + HexFormat.of().formatHex(random);
            Files.createDirectories(dataDir);
            Files.writeString(file, fresh + "\n", StandardCharsets.UTF_8);
            return fresh;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep the controller instance id in " + file + ": " + e.getMessage(),
                e);
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
