package io.sextant.spi;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of one controller process. Under Karaf they come from system properties (which
 * {@code ./sextant run} sets); the plain-Java assembly builds them directly.
 *
 * @param bindHost RESTCONF listen address
 * @param port RESTCONF port (0: any free port)
 * @param dataDir where the controller keeps its files (admin password, schema cache)
 * @param adminPassword the admin password, or null to use or generate the one in {@code dataDir}
 * @param transactionIdleTimeout idle time after which an open UniConfig transaction expires
 * @param http what one RESTCONF connection may take: timeouts, sizes, the connection limit
 */
public record ControllerSettings(String bindHost, int port, Path dataDir, String adminPassword,
        Duration transactionIdleTimeout, HttpLimits http) {

    public static final String BIND_PROPERTY = "sextant.bind";
    public static final String PORT_PROPERTY = "sextant.port";
    public static final String DATA_DIR_PROPERTY = "sextant.data-dir";
    public static final String TX_TIMEOUT_PROPERTY = "sextant.transaction-idle-timeout-seconds";
    public static final String PASSWORD_ENV = "SEXTANT_ADMIN_PASSWORD";

    /** Settings with the default HTTP limits. */
    public ControllerSettings(final String bindHost, final int port, final Path dataDir, final String adminPassword,
            final Duration transactionIdleTimeout) {
        this(bindHost, port, dataDir, adminPassword, transactionIdleTimeout, HttpLimits.DEFAULTS);
    }

    public static ControllerSettings fromSystemProperties() {
        return new ControllerSettings(
            System.getProperty(BIND_PROPERTY, "127.0.0.1"),
            Integer.getInteger(PORT_PROPERTY, 8181),
            Path.of(System.getProperty(DATA_DIR_PROPERTY, "data")).toAbsolutePath(),
            System.getenv(PASSWORD_ENV),
            Duration.ofSeconds(Long.getLong(TX_TIMEOUT_PROPERTY, 300L)),
            HttpLimits.fromSystemProperties());
    }

    /** For tests and benchmarks: loopback, a free port, the given password. */
    public static ControllerSettings forTests(final Path dataDir, final String password) {
        return new ControllerSettings("127.0.0.1", 0, dataDir, password, Duration.ofMinutes(5));
    }

    public ControllerSettings withHttp(final HttpLimits newHttp) {
        return new ControllerSettings(bindHost, port, dataDir, adminPassword, transactionIdleTimeout, newHttp);
    }
}
