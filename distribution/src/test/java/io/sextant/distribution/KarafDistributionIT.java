package io.sextant.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.testing.ModelSets;
import io.sextant.testing.NetconfTestTool;
import io.sextant.testing.SshHostKeyType;
import io.sextant.testing.TrustedTls;
import io.sextant.testing.cli.CliDeviceSimulator;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Starts the real Karaf distribution built by this module (target/assembly) with
 * {@code bin/karaf server} on free ports, talks to its console over SSH and to RESTCONF over
 * HTTP like an operator, and stops it with SIGTERM. One server for the whole class; the stop test runs last.
 */
@TestInstance(Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class KarafDistributionIT {
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    private static final Pattern UPTIME =
        Pattern.compile("^Uptime:\\s+(\\d+d )?\\d{2}:\\d{2}:\\d{2} \\(since \\S+\\)$", Pattern.MULTILINE);
    private static final Pattern CONFIG_NODES = Pattern.compile("^Config datastore:\\s+(\\d+) data nodes$",
        Pattern.MULTILINE);
    private static final Pattern OPERATIONAL_NODES = Pattern.compile(
        "^Operational datastore:\\s+(\\d+) data nodes$", Pattern.MULTILINE);
    private static final Pattern MOUNTED = Pattern.compile(
        "^Mounted nodes:\\s+(\\d+) \\((\\d+) connected, \\d+ waiting to set up a session\\)$",
        Pattern.MULTILINE);

    private KarafServer karaf;
    private Path assembly;
    private Path dataDir;
    private int restconfPort;
    private final String password = UUID.randomUUID().toString();
    private HttpClient http;

    @BeforeAll
    void startKaraf() throws Exception {
        assembly = Path.of(System.getProperty("sextant.assembly", "target/assembly"));
        assertTrue(Files.isExecutable(assembly.resolve("bin/karaf")), "no Karaf assembly at " + assembly);
        dataDir = Files.createTempDirectory("sextant-data-");
        restconfPort = KarafServer.freePort();
        final long started = System.nanoTime();
        karaf = KarafServer.start(assembly, dataDir, List.of("-Dsextant.port=" + restconfPort),
            Map.of("SEXTANT_ADMIN_PASSWORD", password));
        karaf.awaitConsole("sextant:status", result -> result.succeeded() && result.output().contains("Uptime:"),
            STARTUP_TIMEOUT);
        // the console answers from the start ("The controller is starting" until the services are
        // there), and Karaf may still be starting the feature's last bundles: wait for both
        karaf.awaitConsole("sextant:diff", result -> result.succeeded()
            && !result.output().contains("The controller is starting"), STARTUP_TIMEOUT);
        karaf.awaitConsole("feature:list -i", result -> result.output().lines()
            .anyMatch(line -> line.startsWith("sextant ") && line.contains("Started")), STARTUP_TIMEOUT);
        System.out.printf("Karaf answered sextant:status %d ms after bin/karaf server was started%n",
            Duration.ofNanos(System.nanoTime() - started).toMillis());
        // RESTCONF is HTTPS with the certificate generated into the data directory: trust exactly that one
        final Path cert = dataDir.resolve(TrustedTls.GENERATED_CERT);
        final long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        while (!Files.exists(cert) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        http = TrustedTls.httpClient(cert);
    }

    @AfterAll
    void stopKaraf() throws Exception {
        if (karaf != null) {
            karaf.close();
        }
        if (dataDir != null) {
            try (var files = Files.walk(dataDir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    @Test
    @Order(1)
    void statusCommandReportsUptimeDatastoreSizesAndNoMountedNodes() throws Exception {
        final var result = karaf.console("sextant:status");
        assertTrue(result.succeeded(), result.output());
        final String status = result.output();
        assertTrue(status.startsWith("Sextant 0.1.0"), status);
        assertTrue(UPTIME.matcher(status).find(), status);
        assertTrue(number(CONFIG_NODES, status, 1) >= 1, "the configuration store has at least its root: " + status);
        assertTrue(number(OPERATIONAL_NODES, status, 1) >= 1, "the operational store has at least its root: " + status);
        assertEquals(0, number(MOUNTED, status, 1), status);
        assertEquals(0, number(MOUNTED, status, 2), status);
    }

    @Test
    @Order(1)
    void karafLeavesItsEtcDirectoryAsShipped() throws Exception {
        // A Karaf that writes etc/ back can be killed mid-write and leave an empty .cfg behind, after
        // which the distribution no longer starts (seen: an empty org.ops4j.pax.url.mvn.cfg).
        final List<Path> shipped;
        try (var files = Files.list(assembly.resolve("etc"))) {
            shipped = files.filter(Files::isRegularFile).sorted().toList();
        }
        assertTrue(shipped.size() > 10, "etc/ of the assembly: " + shipped);
        for (Path file : shipped) {
            final Path running = karaf.home().resolve("etc").resolve(file.getFileName().toString());
            // settings only: comment lines may move when Karaf rewrites a file it is allowed to touch
            final List<String> before = Files.readAllLines(file).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
            // the one write Karaf cannot be talked out of: on the first start of an assembly it inserts a
            // generated shutdown command into config.properties
            final List<String> after = Files.readAllLines(running).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("karaf.shutdown.command"))
                .toList();
            int line = 0;
            while (line < Math.min(before.size(), after.size()) && before.get(line).equals(after.get(line))) {
                line++;
            }
            final int at = line;
            assertEquals(before.size(), at, () -> "etc/" + file.getFileName() + " was rewritten by the running Karaf,"
                + " first at line " + (at + 1) + ": " + (at < before.size() ? before.get(at) : "<end>") + " -> "
                + (at < after.size() ? after.get(at) : "<end>"));
            assertEquals(before.size(), after.size(), "etc/" + file.getFileName() + " grew or shrank");
        }
    }

    @Test
    @Order(1)
    void theLogGoesToTheDataDirectoryAndNotIntoTheAssembly() throws Exception {
        final List<String> log = karaf.log();
        assertTrue(log.stream().anyMatch(line -> line.contains("io.sextant.sextant-southbound-netconf")),
            "no Sextant bundle in " + karaf.logFile() + ": " + log.size() + " lines");
        try (var files = Files.walk(karaf.home())) {
            final List<Path> logs = files.filter(file -> file.getFileName().toString().startsWith("karaf.log"))
                .toList();
            assertEquals(List.of(), logs, "log files inside the Karaf installation");
        }
    }

    @Test
    @Order(1)
    void uniconfigCommandsReachTheUniconfigLayer() throws Exception {
        final var diff = karaf.console("sextant:diff");
        assertTrue(diff.succeeded(), diff.output());
        assertTrue(diff.output().contains("No node to act on") && diff.output().contains("Overall: complete"),
            diff.output());
        final var unknown = karaf.console("sextant:commit nobody");
        assertTrue(unknown.output().contains("nobody: FAILED (unknown-node)"), unknown.output());
        final var snapshot = karaf.console("sextant:snapshot-delete never-taken");
        assertTrue(snapshot.output().contains("Snapshot never-taken does not exist"), snapshot.output());
        final var history = karaf.console("sextant:history nobody");
        assertTrue(history.output().contains("No kept history of nobody"), history.output());
        final var revert = karaf.console("sextant:revert never-committed");
        assertTrue(revert.output().contains("Transaction never-committed is not in uniconfig-manager:transaction-log"),
            revert.output());
        final var templates = karaf.console("sextant:template-list");
        assertTrue(templates.succeeded() && templates.output().contains("No templates"), templates.output());
        final var apply = karaf.console("sextant:template-apply -s vlan=10 no-such-template nobody");
        assertTrue(apply.output().contains("Template no-such-template does not exist"), apply.output());

        final var policy = restconf("PUT", "/rests/data/sextant-drift:drift-policies/policy=descriptions",
            "{\"sextant-drift:policy\":[{\"name\":\"descriptions\",\"path\":"
                + "\"openconfig-interfaces:interfaces/interface/config/description\",\"action\":\"ignore\"}]}");
        assertEquals(201, policy.statusCode(), policy.body());
        final var policies = karaf.console("sextant:drift-policy-list");
        assertTrue(policies.succeeded() && policies.output().contains("descriptions  ignore  "
            + "openconfig-interfaces:interfaces/interface/config/description  (every node)"), policies.output());
        // an entry is checked against its template when written: the template first
        final var missingTemplate = restconf("PUT", "/rests/data/sextant-pre-provisioning:pre-provisioned/node=not-yet",
            "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"not-yet\",\"template-name\":\"port\","
                + "\"commit\":true,\"variable\":[{\"name\":\"ifname\",\"value\":\"eth1\"}]}]}");
        assertEquals(400, missingTemplate.statusCode(), missingTemplate.body());
        assertTrue(missingTemplate.body().contains("no template named 'port' is stored"), missingTemplate.body());
        final var template = restconf("PUT", "/rests/data/sextant-templates:templates/template=port",
            "{\"sextant-templates:template\":[{\"name\":\"port\",\"configuration\":\"{\\\"openconfig-interfaces:"
                + "interfaces\\\":{\\\"interface\\\":[{\\\"name\\\":\\\"{$ifname}\\\"}]}}\"}]}");
        assertEquals(201, template.statusCode(), template.body());
        final var entry = restconf("PUT", "/rests/data/sextant-pre-provisioning:pre-provisioned/node=not-yet",
            "{\"sextant-pre-provisioning:node\":[{\"node-id\":\"not-yet\",\"template-name\":\"port\","
                + "\"commit\":true,\"variable\":[{\"name\":\"ifname\",\"value\":\"eth1\"}]}]}");
        assertEquals(201, entry.statusCode(), entry.body());
        final var waiting = karaf.console("sextant:pre-provisioned-list");
        assertTrue(waiting.succeeded() && waiting.output().contains("not-yet  template port  then commit  ifname=eth1"),
            waiting.output());

        // written on the console too, as RESTCONF writes them: validated, kept, readable over RESTCONF
        // options first: Karaf takes whatever follows the first argument as arguments
        final var stored = karaf.console("sextant:drift-policy-set -n R1 mtu restore "
            + "openconfig-interfaces:interfaces/interface/config/mtu");
        assertTrue(stored.succeeded() && stored.output().contains("Stored drift policy mtu"), stored.output());
        final var read = restconf("GET", "/rests/data/sextant-drift:drift-policies/policy=mtu", null);
        assertTrue(read.statusCode() == 200 && read.body().contains("\"restore\"") && read.body().contains("R1"),
            read.body());
        final var refused = karaf.console("sextant:drift-policy-set bad report interfaces/interface/config/mtu");
        assertTrue(!refused.succeeded() && refused.output().contains("Not stored:")
            && refused.output().contains("must begin with module:name"), refused.output());
        assertEquals(404, restconf("GET", "/rests/data/sextant-drift:drift-policies/policy=bad", null).statusCode());
        final var deleted = karaf.console("sextant:drift-policy-delete mtu");
        assertTrue(deleted.succeeded() && deleted.output().contains("Deleted drift policy mtu"), deleted.output());
        assertEquals(404, restconf("GET", "/rests/data/sextant-drift:drift-policies/policy=mtu", null).statusCode());
        final var provisioned = karaf.console("sextant:pre-provision -s ifname=eth2 later port");
        assertTrue(provisioned.succeeded(), provisioned.output());
        final var listed = karaf.console("sextant:pre-provisioned-list");
        assertTrue(listed.output().contains("later  template port  (not committed)  ifname=eth2"), listed.output());
        assertTrue(karaf.console("sextant:pre-provisioned-delete later").succeeded());
        assertEquals(404, restconf("GET", "/rests/data/sextant-pre-provisioning:pre-provisioned/node=later", null)
            .statusCode());
    }

    @Test
    @Order(1)
    void consoleUsersAreTheControllerUsersAndNacmDecidesWhatTheirCommandsMayDo() throws Exception {
        // a user made over RESTCONF, in the shipped read-only operator group
        final String operatorPassword = "op-" + UUID.randomUUID();
        assertEquals(204, restconf("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"olivia\",\"password\":\"" + operatorPassword + "\"}}").statusCode());
        final var group = restconf("PUT", "/rests/data/ietf-netconf-acm:nacm/groups/group=operator",
            "{\"ietf-netconf-acm:group\":[{\"name\":\"operator\",\"user-name\":[\"olivia\"]}]}");
        assertTrue(group.statusCode() == 201 || group.statusCode() == 204, group.body());

        // the console takes her controller password; she may read and calculate diffs ...
        final var diff = karaf.console("olivia", operatorPassword, "sextant:diff");
        assertTrue(diff.succeeded() && diff.output().contains("Overall: complete"), diff.output());
        final var list = karaf.console("olivia", operatorPassword, "sextant:node-list");
        assertTrue(list.succeeded(), list.output());
        // ... but not commit, sync or restore: NACM's exec default is deny, as over RESTCONF
        for (String command : List.of("sextant:commit", "sextant:sync", "sextant:snapshot-delete s1",
                "sextant:template-apply t1 n1")) {
            final var denied = karaf.console("olivia", operatorPassword, command);
            assertFalse(denied.succeeded(), command + ": " + denied.output());
            assertTrue(denied.output().contains("Access denied: user 'olivia' may not invoke "), denied.output());
        }
        // nor Karaf's administrative commands (she has Karaf's viewer role only)
        final var stop = karaf.console("olivia", operatorPassword, "bundle:stop 99999");
        assertFalse(stop.succeeded(), stop.output());
        assertFalse(stop.output().contains("99999"), "the command ran: " + stop.output());

        // the admin may commit
        final var commit = karaf.console("sextant:commit");
        assertTrue(commit.succeeded() && commit.output().contains("Overall: complete"), commit.output());
        // a wrong password, and the user Karaf ships (karaf/karaf), do not log in
        assertThrows(IOException.class, () -> karaf.console("olivia", "wrong-password", "sextant:status"));
        assertThrows(IOException.class, () -> karaf.console("karaf", "karaf", "sextant:status"));

        // the audit log has her console login, her refused commit, the admin's commit and the failed logins
        // (written by a thread of its own: read until they are there)
        final Predicate<List<String>> complete = lines -> lines.stream()
                .anyMatch(line -> line.contains("\"event\":\"login\"")
                && line.contains("\"user\":\"olivia\"") && line.contains("\"method\":\"console\""))
            && lines.stream().anyMatch(line -> line.contains("\"event\":\"access-denied\"")
                && line.contains("\"user\":\"olivia\"") && line.contains("uniconfig-manager:commit")
                && line.contains("\"decided-by\":") && !line.contains("may not invoke"))
            && lines.stream().anyMatch(line -> line.contains("\"event\":\"rpc\"")
                && line.contains("\"user\":\"admin\"") && line.contains("uniconfig-manager:commit")
                && line.contains("\"outcome\":\"success\""))
            && lines.stream().anyMatch(line -> line.contains("\"event\":\"login-failed\"")
                && line.contains("\"user\":\"karaf\""))
            && lines.stream().anyMatch(line -> line.contains("\"event\":\"login-failed\"")
                && line.contains("\"user\":\"olivia\"") && line.contains("\"method\":\"console\""));
        final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<String> audit = Files.readAllLines(dataDir.resolve("audit").resolve("audit.log"));
        while (!complete.test(audit) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            audit = Files.readAllLines(dataDir.resolve("audit").resolve("audit.log"));
        }
        assertTrue(complete.test(audit), audit.toString());
        assertFalse(audit.stream().anyMatch(line -> line.contains(operatorPassword) || line.contains("wrong-password")),
            "no password in the audit log");
    }

    @Test
    @Order(2)
    void everyBundleIsActiveAndTheSextantFeatureIsStarted() throws Exception {
        // Declarative Services components settle for a moment after the feature is started
        final var bundles = karaf.awaitConsole("bundle:list -t 0 --no-ellipsis", result -> result.succeeded()
            && result.output().lines().filter(line -> line.matches("^\\s*\\d+ \\|.*"))
                .allMatch(KarafDistributionIT::activeOrFragment), Duration.ofSeconds(60));
        assertTrue(bundles.succeeded(), bundles.output());
        final List<String> rows = bundles.output().lines().filter(line -> line.matches("^\\s*\\d+ \\|.*")).toList();
        for (String row : rows) {
            // the only non-active bundles allowed are fragments, which stay Resolved; a bundle with a
            // Declarative Services component that lacks a reference shows as Waiting (Karaf's scr.state;
            // Karaf 4.4 has no scr:list), one whose component failed to activate has logged an ERROR
            assertTrue(activeOrFragment(row), "bundle not active: " + row);
        }
        for (String name : List.of("Sextant :: Model", "Sextant :: Datastore", "Sextant :: Unified layer",
                "Sextant :: UniConfig layer", "Sextant :: RESTCONF", "Sextant :: Controller", "Sextant :: Console",
                "Sextant :: Security", "Sextant :: Persistence")) {
            assertTrue(rows.stream().anyMatch(row -> row.endsWith(name)), name + " is not installed");
        }
        System.out.printf("Karaf runs %d bundles%n", rows.size());

        final var features = karaf.console("feature:list -i");
        assertTrue(features.succeeded(), features.output());
        assertTrue(features.output().lines().anyMatch(line -> line.matches("^sextant\\s+\\|.*\\|\\s+Started\\s+\\|.*")),
            features.output());
    }

    @Test
    @Order(3)
    void theOperatorsWebPageIsServedFromTheRestconfBundleToAUserOnly() throws Exception {
        final URI index = URI.create("https://127.0.0.1:" + restconfPort + "/ui/");
        final String basic = "Basic " + Base64.getEncoder().encodeToString(
            ("admin:" + password).getBytes(StandardCharsets.UTF_8));
        // without credentials: 401 with the challenge that makes a browser ask, and none of the page
        final var anonymous = http.send(HttpRequest.newBuilder(index).build(), BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        assertEquals("Basic realm=\"sextant\"", anonymous.headers().firstValue("WWW-Authenticate").orElseThrow());
        assertFalse(anonymous.body().contains("app.js"), anonymous.body());
        final var page = http.send(HttpRequest.newBuilder(index).header("Authorization", basic).build(),
            BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("src=\"/ui/app.js\""), page.body());
        final URI module = URI.create("https://127.0.0.1:" + restconfPort + "/ui/rest.js");
        assertEquals(401, http.send(HttpRequest.newBuilder(module).build(), BodyHandlers.ofString()).statusCode());
        final var script = http.send(HttpRequest.newBuilder(module).header("Authorization", basic).build(),
            BodyHandlers.ofString());
        assertEquals(200, script.statusCode(), script.body());
        assertTrue(script.body().contains("/rests/operations/"), "the page's RESTCONF module");
    }

    @Test
    @Order(3)
    void restconfAnswersTheAdminOnly() throws Exception {
        final URI data = URI.create("https://127.0.0.1:" + restconfPort + "/rests/data?content=config");
        final String basic = "Basic " + Base64.getEncoder().encodeToString(
            ("admin:" + password).getBytes(StandardCharsets.UTF_8));
        final var authorized = http.send(HttpRequest.newBuilder(data).header("Authorization", basic)
            .header("Accept", "application/yang-data+json").build(), BodyHandlers.ofString());
        assertEquals(200, authorized.statusCode(), authorized.body());
        final var anonymous = http.send(HttpRequest.newBuilder(data).build(), BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        // the generated certificate's fingerprint was announced in the log
        final String fingerprint;
        try (var in = Files.newInputStream(dataDir.resolve(TrustedTls.GENERATED_CERT))) {
            final byte[] der = CertificateFactory.getInstance("X.509").generateCertificate(in).getEncoded();
            fingerprint = HexFormat.ofDelimiter(":").formatHex(MessageDigest.getInstance("SHA-256").digest(der))
                .toUpperCase(Locale.ROOT);
        }
        assertTrue(Files.readString(dataDir.resolve("log/karaf.log")).contains(fingerprint), "fingerprint logged");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(
            dataDir.resolve("tls/restconf-key.pem"))));
    }

    @Test
    @Order(3)
    void aNetconfDeviceMountsAndServesItsDataUnderKaraf() throws Exception {
        try (NetconfTestTool device = NetconfTestTool.builder().ssh(true).models(ModelSets.OPENCONFIG_INTERFACES)
                .start()) {
            final String node = "/rests/data/network-topology:network-topology/topology=topology-netconf/node=k1";
            final var mount = restconf("PUT", node, "{\"node\":[{\"node-id\":\"k1\","
                + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":" + device.port(0)
                + ",\"netconf-node-topology:tcp-only\":false,\"netconf-node-topology:login-password-unencrypted\":"
                + "{\"username\":\"admin\",\"password\":\"admin\"}}]}");
            assertEquals(201, mount.statusCode(), mount.body());
            final long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            String status = "";
            while (!status.contains("connection-status\":\"connected\"") && System.nanoTime() < deadline) {
                Thread.sleep(200);
                status = restconf("GET", node + "?content=nonconfig", null).body();
            }
            assertTrue(status.contains("connection-status\":\"connected\""), status);
            final var data = restconf("GET", node + "/yang-ext:mount/ietf-netconf-monitoring:netconf-state/schemas",
                null);
            assertEquals(200, data.statusCode(), data.body());
            assertTrue(data.body().contains("openconfig-interfaces"), data.body());

            final var list = karaf.console("sextant:node-list");
            assertTrue(list.succeeded() && list.output().contains("k1") && list.output().contains("connected"),
                list.output());
            final var nodeStatus = karaf.console("sextant:node-status k1");
            assertTrue(nodeStatus.succeeded() && nodeStatus.output().contains("Schema context:"), nodeStatus.output());
            assertEquals(204, restconf("DELETE", node, null).statusCode());
        }
    }

    @Test
    @Order(3)
    void aCliDeviceOfferingOnlyAnEd25519HostKeyConnectsAndNodeListShowsEveryProtocol() throws Exception {
        try (NetconfTestTool netconfDevice = NetconfTestTool.builder().ssh(false)
                .models(ModelSets.OPENCONFIG_INTERFACES).start();
             CliDeviceSimulator cliDevice = CliDeviceSimulator.builder().hostKey(SshHostKeyType.ED25519).start()) {
            final String netconfNode = "/rests/data/network-topology:network-topology/topology=topology-netconf/node=n1";
            final var netconf = restconf("PUT", netconfNode, "{\"node\":[{\"node-id\":\"n1\","
                + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":"
                + netconfDevice.port(0) + ",\"netconf-node-topology:tcp-only\":true}]}");
            assertEquals(201, netconf.statusCode(), netconf.body());
            final int cliPort = cliDevice.device(0).port();
            final String cliNode = "/rests/data/network-topology:network-topology/topology=topology-cli/node=c1";
            final var cli = restconf("PUT", cliNode, "{\"node\":[{\"node-id\":\"c1\","
                + "\"cli-topology:host\":\"127.0.0.1\",\"cli-topology:port\":" + cliPort + ","
                + "\"cli-topology:transport\":\"ssh\",\"cli-topology:device-type\":\"ios\","
                + "\"cli-topology:device-version\":\"15.6\",\"cli-topology:username\":\"admin\","
                + "\"cli-topology:password\":\"admin\"}]}");
            assertEquals(201, cli.statusCode(), cli.body());

            final var list = karaf.awaitConsole("sextant:node-list",
                result -> result.output().contains("2 nodes, 2 connected"), Duration.ofSeconds(60));
            final List<String> rows = list.output().lines().toList();
            assertTrue(rows.get(0).matches("Node id +Protocol +Address +Status +Message"), list.output());
            assertTrue(rows.get(1).matches("c1 +cli/ssh +127\\.0\\.0\\.1:" + cliPort
                + " +connected +Connected, prompt R1#"), list.output());
            assertTrue(rows.get(2).matches("n1 +netconf/tcp +127\\.0\\.0\\.1:" + netconfDevice.port(0)
                + " +connected"), list.output());

            final var status = karaf.console("sextant:node-status c1");
            assertTrue(status.succeeded() && status.output().contains("Protocol:          cli/ssh"), status.output());
            // connected with the password, which is stored and read back sealed only; the key is private
            final var stored = restconf("GET", cliNode + "?content=config", null);
            assertTrue(stored.body().contains("\"cli-topology:password\":\"$sx1$"), stored.body());
            final Path keyFile = dataDir.resolve("secrets/key");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keyFile)));
            assertEquals(204, restconf("DELETE", cliNode, null).statusCode());
            assertEquals(204, restconf("DELETE", netconfNode, null).statusCode());
            karaf.awaitConsole("sextant:node-list", result -> result.output().equals("No nodes are mounted.\n"),
                Duration.ofSeconds(30));
        }
    }

    @Test
    @Order(3)
    void metricsAreScrapedWithTheControllerAndJvmFamilies() throws Exception {
        final var scrape = restconf("GET", "/metrics", null);
        assertEquals(200, scrape.statusCode(), scrape.body());
        assertTrue(scrape.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"),
            scrape.headers().toString());
        final String text = scrape.body();
        // requests answered before this one, the devices of both southbounds, the JVM (com.sun.management)
        assertTrue(text.contains("# TYPE sextant_restconf_request_duration_seconds histogram"), text);
        assertTrue(text.contains("sextant_devices_mounted{protocol=\"netconf\"}"), text);
        assertTrue(text.contains("sextant_devices_connected{protocol=\"cli\"}"), text);
        assertTrue(text.contains("jvm_memory_used_bytes{"), text);
        assertTrue(text.contains("process_cpu_seconds_total"), text);
        final var anonymous = http.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + restconfPort
            + "/metrics")).build(), BodyHandlers.ofString());
        assertEquals(401, anonymous.statusCode(), anonymous.body());
    }

    @Test
    @Order(3)
    void aCommitReachesAServerSentEventsReaderOfTheCommitStreamAndIsReplayedLater() throws Exception {
        try (NetconfTestTool device = NetconfTestTool.builder().ssh(false).models(ModelSets.OPENCONFIG_INTERFACES)
                .start()) {
            final String node = "/rests/data/network-topology:network-topology/topology=topology-netconf/node=e1";
            assertEquals(201, restconf("PUT", node, "{\"node\":[{\"node-id\":\"e1\","
                + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":" + device.port(0)
                + ",\"netconf-node-topology:tcp-only\":true}]}").statusCode());
            final String intent = "/rests/data/network-topology:network-topology/topology=uniconfig/node=e1"
                + "/uniconfig-topology:configuration";
            final long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (restconf("GET", intent + "?content=config", null).statusCode() != 200
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            final Instant before = Instant.now();
            // the filter runs the JDK's XPath and DOM inside the OSGi framework
            final String filter = URLEncoder.encode("/sextant-events:commit-finished[sextant-events:outcome="
                + "'complete']", StandardCharsets.UTF_8);
            try (SseLines live = sse("/rests/streams/json/sextant-commits?node=e1&filter=" + filter)) {
                final var put = restconf("PUT", intent + "/openconfig-interfaces:interfaces/interface=eth9",
                    "{\"openconfig-interfaces:interface\":[{\"name\":\"eth9\",\"config\":{\"name\":\"eth9\","
                    + "\"type\":\"iana-if-type:ethernetCsmacd\",\"description\":\"told by a stream\"}}]}");
                assertTrue(put.statusCode() == 201 || put.statusCode() == 204, put.body());
                final var commit = restconf("POST", "/rests/operations/uniconfig-manager:commit",
                    "{\"input\":{\"target-nodes\":{\"node\":[\"e1\"]}}}");
                assertEquals(200, commit.statusCode(), commit.body());
                assertCommitOfE1(live.nextEvent());
            }
            // subscribed after the commit: the replay brings it, and the stream ends at its stop-time
            try (SseLines replay = sse("/rests/streams/json/sextant-commits?node=e1&start-time=" + before
                    + "&stop-time=" + Instant.now())) {
                assertCommitOfE1(replay.nextEvent());
                assertTrue(replay.endsWithoutEvent(), "the stream did not end at its stop-time");
            }
            assertEquals(204, restconf("DELETE", node, null).statusCode());
            karaf.awaitConsole("sextant:node-list", result -> result.output().equals("No nodes are mounted.\n"),
                Duration.ofSeconds(30));
        }
    }

    private static void assertCommitOfE1(final String data) {
        assertTrue(data.contains("\"sextant-events:commit-finished\""), data);
        assertTrue(data.contains("\"outcome\":\"complete\""), data);
        assertTrue(data.contains("\"node-id\":\"e1\""), data);
    }

    private SseLines sse(final String path) throws Exception {
        final HttpResponse<Stream<String>> stream = http.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                + restconfPort + path))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + password)
                .getBytes(StandardCharsets.UTF_8)))
            .header("Accept", "text/event-stream").GET().build(), BodyHandlers.ofLines());
        assertEquals(200, stream.statusCode(), path);
        return new SseLines(stream.body());
    }

    /** The lines of a server-sent events body, read by a thread of their own; an empty marker at the end. */
    private static final class SseLines implements AutoCloseable {
        private static final String END = "\u0000end";
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final Stream<String> body;

        SseLines(final Stream<String> body) {
            this.body = body;
            final Thread reader = new Thread(() -> {
                try {
                    body.forEach(lines::add);
                } catch (RuntimeException e) {
                    // the stream was closed
                } finally {
                    lines.add(END);
                }
            }, "sse-reader");
            reader.setDaemon(true);
            reader.start();
        }

        /** The data of the next event, its data lines joined. */
        String nextEvent() throws InterruptedException {
            String line = lines.poll(60, TimeUnit.SECONDS);
            while (line != null && !line.equals(END) && !line.startsWith("data:")) {
                line = lines.poll(60, TimeUnit.SECONDS);
            }
            if (line == null || line.equals(END)) {
                throw new AssertionError("no event arrived");
            }
            final StringBuilder event = new StringBuilder(line.substring(5).strip());
            for (String more = lines.poll(10, TimeUnit.SECONDS); more != null && more.startsWith("data:");
                    more = lines.poll(10, TimeUnit.SECONDS)) {
                event.append('\n').append(more.substring(5).strip());
            }
            return event.toString();
        }

        /** Whether the body ends with no further event. */
        boolean endsWithoutEvent() throws InterruptedException {
            for (String line = lines.poll(60, TimeUnit.SECONDS); line != null; line = lines.poll(60, TimeUnit.SECONDS)) {
                if (line.equals(END)) {
                    return true;
                }
                if (line.startsWith("data:")) {
                    return false;
                }
            }
            return false;
        }

        @Override
        public void close() {
            body.close();
        }
    }

    private static boolean activeOrFragment(final String row) {
        final String state = row.split("\\|")[1].trim();
        return "Active".equals(state) || "Resolved".equals(state) && row.contains("Hosts:");
    }

    private HttpResponse<String> restconf(final String method, final String path, final String json)
            throws Exception {
        final var request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + restconfPort + path))
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + password)
                .getBytes(StandardCharsets.UTF_8)))
            .header("Accept", "application/yang-data+json")
            .header("Content-Type", "application/yang-data+json")
            .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json));
        return http.send(request.build(), BodyHandlers.ofString());
    }

    @Test
    @Order(4)
    void consoleListensOnLoopbackOnlyAndSettingsReachTheJvm() throws Exception {
        // bound to 127.0.0.1 itself, not to every address: another loopback address is refused
        try (Socket socket = new Socket()) {
            assertThrows(ConnectException.class, () -> socket.connect(
                new InetSocketAddress(InetAddress.getByName("127.0.0.2"), karaf.sshPort()), 5000));
        }
        // passed on the command line (EXTRA_JAVA_OPTS) ...
        assertEquals(dataDir.toString(), value("system:property sextant.data-dir"));
        assertEquals(Integer.toString(restconfPort), value("system:property sextant.port"));
        // ... or defaulted by etc/system.properties
        assertEquals("127.0.0.1", value("system:property sextant.bind"));
    }

    @Test
    @Order(5)
    void nothingIsLoggedAsAnError() throws Exception {
        assertEquals(List.of(), karaf.problems(), karaf.logTail());
    }

    @Test
    @Order(6)
    void sigtermStopsKarafAndReleasesItsPorts() throws Exception {
        assertTrue(karaf.terminate(Duration.ofSeconds(60)), "Karaf did not exit within a minute of SIGTERM");
        assertEquals(List.of(), karaf.problems(), "logged while stopping: " + karaf.logTail());
        // the RESTCONF component was deactivated: its port is free again
        try (ServerSocket socket = new ServerSocket(restconfPort, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(restconfPort, socket.getLocalPort());
        }
    }

    private String value(final String command) throws Exception {
        final var result = karaf.console(command);
        assertTrue(result.succeeded(), command + ": " + result.output());
        return result.output().strip();
    }

    private static long number(final Pattern pattern, final String text, final int group) {
        final Matcher matcher = pattern.matcher(text);
        assertTrue(matcher.find(), pattern + " not in: " + text);
        return Long.parseLong(matcher.group(group));
    }
}
