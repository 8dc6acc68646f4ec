package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.testing.TrustedTls;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plain-Java assembly starts every component, serves RESTCONF, and stops cleanly. */
class SextantAssemblyTest {
    @TempDir
    Path dataDir;


    @Test
    void generatesAPrivatePasswordAndServesRestconf() throws Exception {
        final var settings = new ControllerSettings("127.0.0.1", 0, dataDir, null, Duration.ofMinutes(1));
        final int port;
        try (Sextant sextant = Sextant.start(settings)) {
            port = sextant.restconfPort();
            final Path passwordFile = dataDir.resolve("admin-password");
            assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
                Files.getPosixFilePermissions(passwordFile), "the generated password is private");
            final String password = Files.readString(passwordFile).strip();

            final HttpResponse<String> ok = get(port, "/rests/data?content=config", password);
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().startsWith("{\"ietf-restconf:data\":"), ok.body());
            assertEquals(401, get(port, "/rests/data?content=config", "not-it").statusCode());

            final HttpResponse<String> put = client().send(request(port,
                "/rests/data/network-topology:network-topology/topology=example/node=r1", password)
                .header("Content-Type", "application/yang-data+json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"network-topology:node\":[{\"node-id\":\"r1\"}]}"))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(201, put.statusCode(), put.body());
            assertTrue(sextant.status().configDatastoreNodes() >= 5, "status counts the stored nodes");
            assertEquals(0, sextant.status().mountedNodes());
        }
        try (Sextant again = Sextant.start(new ControllerSettings("127.0.0.1", port, dataDir, null,
                Duration.ofMinutes(1)))) {
            assertEquals(port, again.restconfPort(), "the port was released on close and the same password reused");
            assertEquals(200, get(port, "/rests/data?content=config",
                Files.readString(dataDir.resolve("admin-password")).strip()).statusCode());
        }
    }

    @Test
    void passwordFromSettingsWins() throws Exception {
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, "from-env"))) {
            assertEquals(200, get(sextant.restconfPort(), "/rests/data", "from-env").statusCode());
            assertTrue(Files.notExists(dataDir.resolve("admin-password")));
        }
    }

    @Test
    void deviceSecretKeysThatCannotBeReadStopTheStartNamingTheFile() throws Exception {
        final Path keyFile = dataDir.resolve("secrets").resolve("key");
        Files.createDirectories(keyFile.getParent());
        Files.writeString(keyFile, "k1:too-short\n");
        final IllegalStateException stopped = assertThrows(IllegalStateException.class,
            () -> Sextant.start(ControllerSettings.forTests(dataDir, "from-env")).close());
        assertTrue(stopped.getMessage().startsWith("Device secrets: The key file " + keyFile + " cannot be used"),
            stopped.getMessage());
        // nothing was left running: a start with a good key file works on the same directory
        Files.delete(keyFile);
        try (Sextant sextant = Sextant.start(ControllerSettings.forTests(dataDir, "from-env"))) {
            assertEquals(200, get(sextant.restconfPort(), "/rests/data", "from-env").statusCode());
            assertTrue(Files.isRegularFile(keyFile));
        }
    }

    /** HTTPS, trusting the certificate the controller generated into the data directory. */
    private HttpClient client() {
        return TrustedTls.forDataDir(dataDir);
    }

    private HttpRequest.Builder request(final int port, final String path, final String password) {
        return HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + path)).header("Authorization",
            "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8)));
    }

    private HttpResponse<String> get(final int port, final String path, final String password) throws Exception {
        return client().send(request(port, path, password).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
