package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.simulator.BaseConfig;
import io.sextant.simulator.DeviceSchema;
import io.sextant.simulator.DeviceSimulator;
import io.sextant.spi.ControllerSettings;
import io.sextant.testing.FreePorts;
import io.sextant.testing.NetconfVerifier;
import io.sextant.testing.TrustedTls;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Python example, as a new user runs it: the script is taken from README.md as it
 * stands, only the controller's address, the admin password, the certificate file and the device's
 * port are replaced by this run's, and it runs against a controller and the device {@code ./sextant
 * device} starts (the simulator with ietf-interfaces over SSH, admin/admin). What it commits is then
 * read from the device through an independent NETCONF session.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ReadmePythonExampleTest {
    private static final Path README = Path.of("..", "README.md").toAbsolutePath().normalize();
    private static final Path CLIENT_SOURCES = Path.of("..", "clients", "python", "src").toAbsolutePath().normalize();
    private static final Pattern PYTHON_BLOCK = Pattern.compile("From Python.*?```python\\n(.*?)```", Pattern.DOTALL);
    private static final String PASSWORD = "readme-example";
    /** The modules {@code ./sextant device} gives its devices by default. */
    private static final List<String> DEVICE_MODELS = List.of("ietf-interfaces", "iana-if-type");

    @TempDir
    Path dataDir;

    @Test
    void theReadmesPythonExampleCommitsItsInterfaceToTheDevice() throws Exception {
        final Matcher block = PYTHON_BLOCK.matcher(Files.readString(README, StandardCharsets.UTF_8));
        assertTrue(block.find(), "README.md has no ```python block after \"From Python\"");
        final String example = block.group(1);
        final DeviceSchema schema = DeviceSchema.of(DEVICE_MODELS, true);
        try (DeviceSimulator device = DeviceSimulator.start(schema, BaseConfig.empty(),
                new DeviceSimulator.Settings("127.0.0.1", FreePorts.one(), 1, true, "admin", "admin", 1));
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final String script = replaceOnce(example, Map.of(
                "\"https://127.0.0.1:8181\"", '"' + sextant.restconfUri().toString() + '"',
                "\"secret\"", '"' + PASSWORD + '"',
                "\"data/tls/restconf-cert.pem\"", '"' + dataDir.resolve(TrustedTls.GENERATED_CERT).toString() + '"',
                "17830", Integer.toString(device.port(0))));
            final Path file = dataDir.resolve("readme-example.py");
            Files.writeString(file, script, StandardCharsets.UTF_8);
            final Path output = dataDir.resolve("readme-example.log");
            final ProcessBuilder python = new ProcessBuilder("python3", file.toString()).redirectErrorStream(true)
                .redirectOutput(output.toFile());
            python.environment().put("PYTHONPATH", CLIENT_SOURCES.toString());
            python.environment().put("PYTHONDONTWRITEBYTECODE", "1");
            final Process process = python.start();
            final boolean ended = process.waitFor(3, TimeUnit.MINUTES);
            if (!ended) {
                process.destroyForcibly().waitFor();
            }
            final String log = Files.readString(output, StandardCharsets.UTF_8);
            assertTrue(ended, "The README's example did not end within 3 minutes:\n" + log);
            assertEquals(0, process.exitValue(), "The README's example failed:\n" + script + "\n" + log);
            final List<String> lines = log.lines().toList();
            assertEquals("complete", lines.get(lines.size() - 1), log);
            assertTrue(log.contains("kind='created'") && log.contains("'name': 'eth9'"),
                "The example's diff does not show eth9 created:\n" + log);

            try (NetconfVerifier independent = NetconfVerifier.ssh("127.0.0.1", device.port(0), "admin",
                    "admin")) {
                final String running = independent.getConfig("running");
                assertEquals(List.of("eth9"), NetconfVerifier.values(running, "data", "interfaces", "interface", "name"),
                    running);
                assertEquals(List.of("uplink"),
                    NetconfVerifier.values(running, "data", "interfaces", "interface", "description"), running);
            }
        }
    }

    /** The example with each placeholder, which must occur exactly once, replaced. */
    private static String replaceOnce(final String example, final Map<String, String> replacements) {
        String script = example;
        for (Map.Entry<String, String> entry : replacements.entrySet()) {
            final int first = script.indexOf(entry.getKey());
            assertTrue(first >= 0 && script.indexOf(entry.getKey(), first + 1) < 0,
                "README's Python example should name " + entry.getKey() + " exactly once:\n" + example);
            script = script.replace(entry.getKey(), entry.getValue());
        }
        return script;
    }
}
