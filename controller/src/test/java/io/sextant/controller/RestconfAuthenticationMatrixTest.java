package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import io.sextant.testing.TrustedTls;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.NormalizedNode;

/**
 * Every endpoint of the RESTCONF port (RESTCONF, metrics, readiness, OpenAPI, event streams, the
 * web page's files) and verb against every kind of credentials, over real HTTP: without valid
 * credentials nothing but {@code /.well-known/host-meta} answers 2xx (the web page's files get 401
 * and no content); a valid user whom NACM denies gets 403 for writes and RPCs and changes nothing,
 * and gets the web page (whose RESTCONF calls NACM then refuses); the admin is served.
 */
class RestconfAuthenticationMatrixTest {
    private static final String PASSWORD = "matrix-admin-secret";
    private static final String NOBODY_PASSWORD = "nobody-password";
    private static final String INTERFACES = "/rests/data/openconfig-interfaces:interfaces";
    private static final String ETH0 = "{\"openconfig-interfaces:interface\":[{\"name\":\"eth0\",\"config\":{\"name\":"
        + "\"eth0\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":1500}}]}";

    /** One request of the matrix. */
    private record Endpoint(String method, String path, String body, String contentType, boolean write) {
        static Endpoint read(final String method, final String path) {
            return new Endpoint(method, path, null, null, false);
        }

        static Endpoint write(final String method, final String path, final String body) {
            return new Endpoint(method, path, body, "application/yang-data+json", true);
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private static final List<Endpoint> ENDPOINTS = List.of(
        Endpoint.read("GET", "/rests"),
        Endpoint.read("GET", "/rests/yang-library-version"),
        Endpoint.read("GET", "/rests/data"),
        Endpoint.read("HEAD", "/rests/data"),
        Endpoint.read("OPTIONS", "/rests/data"),
        Endpoint.read("GET", INTERFACES + "/interface=eth0"),
        Endpoint.read("GET", "/rests/data/sextant:status?content=nonconfig"),
        Endpoint.read("GET", "/rests/data/sextant-users:users"),
        Endpoint.read("GET", "/rests/data/ietf-netconf-acm:nacm"),
        Endpoint.read("GET", "/rests/data/network-topology:network-topology/topology=topology-netconf/node=R1"
            + "/yang-ext:mount"),
        Endpoint.read("GET", "/rests/operations"),
        Endpoint.read("OPTIONS", "/rests/operations/uniconfig-manager:commit"),
        Endpoint.read("GET", "/rests/no-such-resource"),
        // beside RESTCONF on the same port: metrics, readiness, OpenAPI documents, event streams
        Endpoint.read("GET", "/metrics"),
        Endpoint.read("GET", "/ready"),
        Endpoint.read("GET", "/openapi"),
        Endpoint.read("GET", "/openapi/controller"),
        Endpoint.read("GET", "/rests/data/ietf-restconf-monitoring:restconf-state/streams"),
        // a replay that has ended (its stop-time has passed): the stream's answer ends too
        Endpoint.read("GET", "/rests/streams/json/sextant-commits?start-time="
            + Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS) + "&stop-time="
            + Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.SECONDS)),
        Endpoint.read("GET", "/no-such-resource"),
        // the web page's files: any valid user gets them, nobody else
        Endpoint.read("GET", "/ui"),
        Endpoint.read("GET", "/ui/"),
        Endpoint.read("HEAD", "/ui/index.html"),
        Endpoint.read("GET", "/ui/app.js"),
        Endpoint.read("GET", "/ui/rest.js"),
        Endpoint.read("GET", "/ui/style.css"),
        Endpoint.read("GET", "/ui/user.json"),
        Endpoint.read("GET", "/ui/no-such-file.js"),
        Endpoint.read("POST", "/ui/"),
        Endpoint.write("PUT", INTERFACES + "/interface=eth0", ETH0),
        Endpoint.write("POST", INTERFACES, ETH0.replace("eth0", "eth7")),
        Endpoint.write("PATCH", INTERFACES + "/interface=eth0", ETH0.replace("1500", "1501")),
        new Endpoint("PATCH", INTERFACES, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{\"edit-id\":"
            + "\"1\",\"operation\":\"merge\",\"target\":\"/interface=eth0/config/mtu\",\"value\":{"
            + "\"openconfig-interfaces:mtu\":1502}}]}}", "application/yang-patch+json", true),
        new Endpoint("DELETE", INTERFACES + "/interface=eth7", null, null, true),
        Endpoint.write("PUT", "/rests/data/ietf-netconf-acm:nacm/enable-external-groups",
            "{\"ietf-netconf-acm:enable-external-groups\":false}"),
        Endpoint.write("POST", "/rests/operations/uniconfig-manager:calculate-diff",
            "{\"input\":{\"target-nodes\":{\"node\":[]}}}"),
        Endpoint.write("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"admin\",\"password\":\"" + PASSWORD + "\"}}"),
        Endpoint.write("POST", "/rests/operations/connection-manager:uninstall-multiple-nodes",
            "{\"input\":{\"nodes\":[{\"node-id\":\"nothing\"}]}}"));

    @TempDir
    Path dataDir;
    private Sextant sextant;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        client = TrustedTls.forDataDir(dataDir);
        final RestconfClient admin = new RestconfClient(sextant, PASSWORD);
        assertEquals(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"nobody\",\"password\":\"" + NOBODY_PASSWORD + "\"}}").statusCode());
        // every write of the matrix changes something: NACM lets a write through that changes nothing
        assertEquals(201, admin.send("PUT", INTERFACES + "/interface=eth0", ETH0.replace("1500", "1400"))
            .statusCode());
    }

    @AfterEach
    void stop() {
        sextant.close();
    }

    private HttpResponse<String> send(final Endpoint endpoint, final String authorization) throws Exception {
        final HttpRequest.Builder request = HttpRequest.newBuilder(sextant.restconfUri().resolve(endpoint.path()))
            .timeout(Duration.ofSeconds(60))
            .method(endpoint.method(), endpoint.body() == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(endpoint.body()));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (endpoint.contentType() != null) {
            request.header("Content-Type", endpoint.contentType());
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String basic(final String user, final String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** The whole configuration, read from the store itself (not through the HTTP server under test). */
    private NormalizedNode everything() {
        return sextant.datastores().config().snapshot().read(YangInstanceIdentifier.of()).orElseThrow();
    }

    @Test
    void noEndpointServesARequestWithoutValidCredentials() throws Exception {
        final List<String> failures = new ArrayList<>();
        // a valid user whom NACM gives nothing: every write and RPC refused, reads pruned, nothing changed
        final NormalizedNode before = everything();
        for (Endpoint endpoint : ENDPOINTS) {
            final HttpResponse<String> response = send(endpoint, basic("nobody", NOBODY_PASSWORD));
            final int status = response.statusCode();
            if (status == 401 || status >= 500 || endpoint.write() && status != 403) {
                failures.add("nobody: " + endpoint + " -> " + status + " " + response.body());
            }
            if (isPageFile(endpoint) && status != 200) {
                failures.add("nobody did not get the web page's file: " + endpoint + " -> " + status);
            }
            if (endpoint.method().equals("GET") && endpoint.path().startsWith("/rests/data")
                    && (response.body().contains("mtu") || response.body().contains("password-hash")
                        || response.body().contains("rule-list"))) {
                failures.add("nobody read denied data: " + endpoint + " -> " + response.body());
            }
        }
        assertEquals(before, everything(), "the denied user changed nothing");
        // the denied user gets the web page, which then may do what NACM lets it do: nothing
        final HttpResponse<String> page = send(Endpoint.read("GET", "/ui/"), basic("nobody", NOBODY_PASSWORD));
        assertTrue(page.body().contains("src=\"/ui/app.js\""), page.body());
        assertEquals("{\"user\":\"nobody\"}", send(Endpoint.read("GET", "/ui/user.json"),
            basic("nobody", NOBODY_PASSWORD)).body());
        // what NACM denies whole: the metrics (read of sextant:status) and an event stream (receive)
        for (Endpoint endpoint : ENDPOINTS) {
            if (endpoint.path().equals("/metrics") || endpoint.path().startsWith("/rests/streams/")) {
                final int status = send(endpoint, basic("nobody", NOBODY_PASSWORD)).statusCode();
                if (status != 403) {
                    failures.add("nobody: " + endpoint + " -> " + status + ", not 403");
                }
            }
        }
        // the admin is served everywhere (no 401, no 403)
        for (Endpoint endpoint : ENDPOINTS) {
            final int status = send(endpoint, basic("admin", PASSWORD)).statusCode();
            if (status == 401 || status == 403 || status >= 500) {
                failures.add("admin: " + endpoint + " -> " + status);
            }
        }
        final NormalizedNode served = everything();
        // without valid credentials: never 2xx, always 401 (429 once the source failed too often)
        final List<String> refused = new ArrayList<>();
        refused.add(null);
        refused.add("Basic !!!not-base64");
        refused.add("Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.");
        refused.add("Digest username=\"admin\"");
        refused.add(basic("admin", "wrong-password"));
        refused.add(basic("no-such-user", PASSWORD));
        int unauthenticated = 0;
        for (String authorization : refused) {
            for (Endpoint endpoint : ENDPOINTS) {
                final HttpResponse<String> response = send(endpoint, authorization);
                unauthenticated++;
                if (response.statusCode() != 401 && response.statusCode() != 429) {
                    failures.add(authorization + ": " + endpoint + " -> " + response.statusCode());
                }
                if (response.statusCode() == 401) {
                    assertNotNull(response.headers().firstValue("WWW-Authenticate").orElse(null), endpoint.toString());
                }
                if (endpoint.path().startsWith("/ui") && (response.body().contains("<")
                        || response.body().contains("/rests") || response.body().contains("\"user\""))) {
                    failures.add(authorization + ": " + endpoint + " gave content: " + response.body());
                }
            }
        }
        assertEquals(ENDPOINTS.size() * refused.size(), unauthenticated);
        assertEquals(served, everything(), "unauthenticated requests changed nothing");
        assertEquals(List.of(), failures);
        // the one resource served without credentials: host-meta
        final HttpResponse<String> hostMeta = send(Endpoint.read("GET", "/.well-known/host-meta"), null);
        assertEquals(200, hostMeta.statusCode());
        // the web page asks the browser for credentials with RESTCONF's own challenge (one realm for
        // both, so the browser sends the page's credentials to /rests too), and shows nothing of itself
        for (String path : List.of("/ui/", "/rests/data")) {
            final HttpResponse<String> challenge = send(Endpoint.read("GET", path), null);
            assertEquals(401, challenge.statusCode(), path);
            assertEquals("Basic realm=\"sextant\"", challenge.headers().firstValue("WWW-Authenticate").orElseThrow(),
                path);
        }
        // logging out of the page answers 401 whatever the request carries, the admin's credentials too
        assertEquals(401, send(Endpoint.read("GET", "/ui/logout"), basic("admin", PASSWORD)).statusCode());
    }

    /** A file of the web page that any valid user gets. */
    private static boolean isPageFile(final Endpoint endpoint) {
        return endpoint.path().startsWith("/ui") && !endpoint.method().equals("POST")
            && !endpoint.path().contains("no-such");
    }

    @Test
    void aSourceThatFailsTooOftenIsRefusedForAWhile() throws Exception {
        final Endpoint get = Endpoint.read("GET", INTERFACES);
        final Set<Integer> early = new TreeSet<>();
        for (int i = 0; i < 10; i++) {
            early.add(send(get, basic("admin", "guess-" + i)).statusCode());
        }
        assertEquals(Set.of(401), early, "ten failures are allowed at once");
        final HttpResponse<String> last = send(get, basic("admin", "guess-10"));
        assertEquals(429, last.statusCode(), last.body());
        final long retryAfter = Long.parseLong(last.headers().firstValue("Retry-After").orElseThrow());
        assertTrue(retryAfter >= 1 && retryAfter <= 6, "Retry-After " + retryAfter);
        assertTrue(last.body().contains("resource-denied"), last.body());
        // while blocked, no password is checked at all: the right one is refused too
        assertEquals(429, send(get, basic("admin", PASSWORD)).statusCode());
    }
}
