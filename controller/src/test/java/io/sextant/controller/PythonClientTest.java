package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.security.tls.TlsMaterial;
import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.TrustedTls;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python client ({@code clients/python}) end to end: its own tests run with pytest (or
 * unittest when pytest is missing) against this controller and a netconf-testtool device, given
 * to them in environment variables; their output is this test's failure message.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class PythonClientTest {
    private static final String PASSWORD = "python-client-test";
    private static final Path CLIENT = Path.of("..", "clients", "python").toAbsolutePath().normalize();

    @TempDir
    Path dataDir;

    @Test
    void thePythonClientsTestsPassAgainstARealController() throws Exception {
        assertTrue(Files.isDirectory(CLIENT.resolve("tests")), "no Python client at " + CLIENT);
        try (NetconfTestTool device = NetconfTestTool.builder().deviceCount(1).ssh(true)
                .models(ModelSets.OPENCONFIG_INTERFACES).start();
             Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD))) {
            final Path cert = dataDir.resolve(TrustedTls.GENERATED_CERT);
            final Path output = dataDir.resolve("python-tests.log");
            final ProcessBuilder python = new ProcessBuilder(command()).directory(CLIENT.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
            final Map<String, String> env = python.environment();
            env.put("SEXTANT_URL", sextant.restconfUri().toString());
            env.put("SEXTANT_USER", "admin");
            env.put("SEXTANT_PASSWORD", PASSWORD);
            env.put("SEXTANT_CA_FILE", cert.toString());
            env.put("SEXTANT_FINGERPRINT", fingerprintOf(cert));
            env.put("SEXTANT_DEVICE_HOST", device.host());
            env.put("SEXTANT_DEVICE_PORT", Integer.toString(device.port(0)));
            env.put("SEXTANT_DEVICE_USER", NetconfTestTool.USERNAME);
            env.put("SEXTANT_DEVICE_PASSWORD", NetconfTestTool.PASSWORD);
            env.put("PYTHONDONTWRITEBYTECODE", "1");
            final Process process = python.start();
            final boolean ended = process.waitFor(8, TimeUnit.MINUTES);
            if (!ended) {
                process.destroyForcibly().waitFor();
            }
            final String log = Files.readString(output, StandardCharsets.UTF_8);
            System.out.println(log);
            assertTrue(ended, "The Python tests did not end within 8 minutes:\n" + log);
            assertEquals(0, process.exitValue(), "The Python client's tests failed:\n" + log);
            assertTrue(!log.toLowerCase(Locale.ROOT).contains("skipped"), "Python tests were skipped:\n" + log);
        }
    }

    /** pytest when it is installed, unittest otherwise; both run the same unittest cases. */
    private static List<String> command() throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("python3", "-m"));
        final Process probe = new ProcessBuilder("python3", "-m", "pytest", "--version").redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (probe.waitFor() == 0) {
            command.addAll(List.of("pytest", "-v", "-p", "no:cacheprovider", "tests"));
        } else {
            command.addAll(List.of("unittest", "discover", "-v", "-s", "tests"));
        }
        return command;
    }

    private static String fingerprintOf(final Path pem) throws Exception {
        try (InputStream in = Files.newInputStream(pem)) {
            return TlsMaterial.fingerprint((X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(in));
        }
    }
}
