package io.sextant.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerSettings;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NACM applied to RESTCONF over real HTTP, with users and rules stored as configuration data:
 * reads are pruned, writes are all or nothing (403 access-denied, nothing changed), RPCs need
 * exec access (and OPTIONS of an operation offers POST only to who may invoke it), and a change
 * of the rules applies to the very next request.
 */
class RestconfNacmTest {
    private static final String PASSWORD = "nacm-admin-secret";
    private static final String USER_PASSWORD = "user-password-1";
    private static final String INTERFACES = "/rests/data/openconfig-interfaces:interfaces";
    private static final String NACM = "/rests/data/ietf-netconf-acm:nacm";

    @TempDir
    Path dataDir;
    private Sextant sextant;
    private RestconfClient admin;

    @BeforeEach
    void start() throws Exception {
        sextant = Sextant.start(ControllerSettings.forTests(dataDir, PASSWORD));
        admin = new RestconfClient(sextant, PASSWORD);
        for (String user : new String[] {"olga", "ed", "nobody"}) {
            assertStatus(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
                "{\"input\":{\"name\":\"" + user + "\",\"password\":\"" + USER_PASSWORD + "\"}}"));
        }
        // olga is an operator (shipped read-only group); ed may change interface eth0 only
        assertStatus(204, admin.send("PATCH", NACM, """
            {"ietf-netconf-acm:nacm":{"groups":{"group":[{"name":"operator","user-name":["olga"]},
              {"name":"editors","user-name":["ed"]}]},
             "rule-list":[{"name":"editors","group":["editors"],"rule":[{"name":"eth0",
              "path":"/openconfig-interfaces:interfaces/openconfig-interfaces:interface[openconfig-interfaces:name='eth0']",
              "access-operations":"*","action":"permit"},
              {"name":"read-interfaces","path":"/openconfig-interfaces:interfaces","access-operations":"read",
               "action":"permit"}]}]}}"""));
        assertStatus(201, admin.send("PUT", INTERFACES, interfaces(1500, 9000)));
    }

    @AfterEach
    void stop() {
        sextant.close();
    }

    private RestconfClient as(final String user) {
        return new RestconfClient(sextant, user, USER_PASSWORD);
    }

    private static String interfaces(final int mtu0, final int mtu1) {
        return "{\"openconfig-interfaces:interfaces\":{\"interface\":[" + iface("eth0", mtu0) + "," + iface("eth1", mtu1)
            + "]}}";
    }

    private static String iface(final String name, final int mtu) {
        return "{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":" + mtu + "}}";
    }

    private static void assertStatus(final int expected, final HttpResponse<String> response) {
        assertEquals(expected, response.statusCode(), response.body());
    }

    @Test
    void onlyTheHashOfTheBootstrapAdminPasswordIsStored() throws Exception {
        final HttpResponse<String> users = admin.send("GET", "/rests/data/sextant-users:users");
        assertStatus(200, users);
        assertTrue(users.body().contains("\"password-hash\":\"$argon2id$"), users.body());
        assertFalse(users.body().contains(PASSWORD), users.body());
        assertFalse(users.body().contains(USER_PASSWORD), users.body());
        assertFalse(Files.exists(dataDir.resolve("admin-password")), "the password came from the settings");
    }

    @Test
    void readsArePrunedToWhatTheUserMayRead() throws Exception {
        // the operator reads everything but the users: the users answer as absent, not as forbidden
        assertStatus(200, as("olga").send("GET", INTERFACES));
        assertStatus(404, as("olga").send("GET", "/rests/data/sextant-users:users"));
        final HttpResponse<String> root = as("olga").send("GET", "/rests/data?content=config");
        assertStatus(200, root);
        assertTrue(root.body().contains("openconfig-interfaces:interfaces"), root.body());
        assertFalse(root.body().contains("\"sextant-users:users\":"), root.body());
        assertFalse(root.body().contains("password-hash"), root.body());
        // the NACM rules themselves are default-deny-all: readable here only through the operator's read-all
        assertTrue(root.body().contains("rule-list"), root.body());
        // a user in no group reads nothing (read-default deny)
        assertStatus(404, as("nobody").send("GET", INTERFACES));
        final HttpResponse<String> empty = as("nobody").send("GET", "/rests/data?content=config");
        assertStatus(200, empty);
        assertFalse(empty.body().contains("openconfig-interfaces"), empty.body());
        assertFalse(empty.body().contains("ietf-netconf-acm"), empty.body());
    }

    @Test
    void aDeniedLeafIsPrunedAlsoWithFieldsAndDepth() throws Exception {
        assertStatus(201, admin.send("PUT", NACM + "/rule-list=hide-mtu", """
            {"ietf-netconf-acm:rule-list":[{"name":"hide-mtu","group":["operator"],"rule":[{"name":"mtu",
              "path":"/openconfig-interfaces:interfaces/openconfig-interfaces:interface\
            /openconfig-interfaces:config/openconfig-interfaces:mtu",
              "access-operations":"read","action":"deny"}]}]}"""));
        // the new rule list comes after 'operator' (whose read-all would win): move it first
        final HttpResponse<String> lists = admin.send("GET", NACM + "/rule-list=hide-mtu");
        assertStatus(200, lists);
        assertStatus(204, admin.send("DELETE", NACM + "/rule-list=operator"));
        assertStatus(201, admin.send("PUT", NACM + "/rule-list=operator", """
            {"ietf-netconf-acm:rule-list":[{"name":"operator","group":["operator"],"rule":[
              {"name":"read-all","module-name":"*","access-operations":"read","action":"permit"}]}]}"""));
        final RestconfClient olga = as("olga");
        final HttpResponse<String> all = olga.send("GET", INTERFACES);
        assertStatus(200, all);
        assertTrue(all.body().contains("\"name\":\"eth0\""), all.body());
        assertFalse(all.body().contains("mtu"), all.body());
        assertStatus(404, olga.send("GET", INTERFACES + "/interface=eth0/config/mtu"));
        final HttpResponse<String> fields = olga.send("GET", INTERFACES + "?fields=interface(name;config/mtu)");
        assertStatus(200, fields);
        assertFalse(fields.body().contains("mtu"), fields.body());
        final HttpResponse<String> deep = olga.send("GET", INTERFACES + "/interface=eth0?depth=3");
        assertStatus(200, deep);
        assertFalse(deep.body().contains("mtu"), deep.body());
        // the admin still reads it
        assertTrue(admin.send("GET", INTERFACES + "/interface=eth0/config/mtu").body().contains("1500"));
    }

    @Test
    void aWriteWithOneDeniedNodeChangesNothing() throws Exception {
        final RestconfClient ed = as("ed");
        assertStatus(204, ed.send("PATCH", INTERFACES + "/interface=eth0",
            "{\"openconfig-interfaces:interface\":[" + iface("eth0", 1600) + "]}"));
        final HttpResponse<String> denied = ed.send("PATCH", INTERFACES + "/interface=eth1",
            "{\"openconfig-interfaces:interface\":[" + iface("eth1", 1700) + "]}");
        assertStatus(403, denied);
        assertTrue(denied.body().contains("access-denied"), denied.body());
        // one request touching both: refused whole, eth0 keeps 1600
        assertStatus(403, ed.send("PUT", INTERFACES, interfaces(1800, 1900)));
        final HttpResponse<String> patch = ed.send("PATCH", INTERFACES, """
            {"ietf-yang-patch:yang-patch":{"patch-id":"p1","edit":[
              {"edit-id":"1","operation":"merge","target":"/interface=eth0/config/mtu",
               "value":{"openconfig-interfaces:mtu":2000}},
              {"edit-id":"2","operation":"merge","target":"/interface=eth1/config/mtu",
               "value":{"openconfig-interfaces:mtu":2001}}]}}""",
            "Content-Type", "application/yang-patch+json");
        assertStatus(403, patch);
        assertStatus(403, ed.send("DELETE", INTERFACES + "/interface=eth1"));
        final String after = admin.send("GET", INTERFACES).body();
        assertTrue(after.contains("\"mtu\":1600"), after);
        assertTrue(after.contains("\"mtu\":9000"), after);
        assertFalse(after.contains("2000") || after.contains("1700") || after.contains("1800"), after);
        // the operator may write nothing, not even what it reads
        assertStatus(403, as("olga").send("PATCH", INTERFACES + "/interface=eth0",
            "{\"openconfig-interfaces:interface\":[" + iface("eth0", 1234) + "]}"));
        // nor its own rights
        assertStatus(403, as("olga").send("PATCH", NACM, "{\"ietf-netconf-acm:nacm\":{\"read-default\":\"permit\"}}"));
        assertStatus(403, as("olga").send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"admin\",\"password\":\"taken-over\"}}"));
        assertStatus(200, admin.send("GET", INTERFACES));
    }

    @Test
    void writingOneCaseOfAChoiceNeedsDeleteAccessToTheOtherCases() throws Exception {
        // RFC 7950 7.9.2: the write deletes the other case's nodes, so NACM checks that delete too
        final String key = "/rests/data/ietf-key-chain:key-chains=kc/key=1";
        assertStatus(201, admin.send("PUT", NACM + "/rule-list=key-chains", """
            {"ietf-netconf-acm:rule-list":[{"name":"key-chains","group":["editors"],"rule":[
              {"name":"keep-accept-lifetime","path":"/ietf-key-chain:key-chains/ietf-key-chain:key\
            /ietf-key-chain:lifetime/ietf-key-chain:accept-lifetime","access-operations":"delete","action":"deny"},
              {"name":"key-chains","path":"/ietf-key-chain:key-chains","access-operations":"*","action":"permit"}]}]}"""));
        assertStatus(201, admin.send("PUT", key, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"accept-lifetime":{"always":[null]}}}]}"""));
        final RestconfClient ed = as("ed");
        final HttpResponse<String> put = ed.send("PUT", key + "/lifetime/send-accept-lifetime",
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}");
        assertStatus(403, put);
        assertTrue(put.body().contains("\"error-path\":\"/ietf-key-chain:key-chains[name='kc']/key[key-id='1']/lifetime"
            + "/accept-lifetime\""), put.body());
        assertStatus(403, ed.send("PATCH", key, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"send-accept-lifetime":{"always":[null]}}}]}"""));
        // send-lifetime is of accept-lifetime's case: nothing is displaced
        assertStatus(204, ed.send("PATCH", key, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"send-lifetime":{"always":[null]}}}]}"""));
        final HttpResponse<String> kept = admin.send("GET", key + "/lifetime/accept-lifetime");
        assertEquals("{\"ietf-key-chain:accept-lifetime\":{\"always\":[null]}}", kept.body(),
            "a refused write changes nothing");
        // ed may delete send-lifetime, which the write displaces
        assertStatus(204, admin.send("PUT", key, """
            {"ietf-key-chain:key":[{"key-id":1,"lifetime":{"send-lifetime":{"always":[null]}}}]}"""));
        assertStatus(201, ed.send("PUT", key + "/lifetime/send-accept-lifetime",
            "{\"ietf-key-chain:send-accept-lifetime\":{\"always\":[null]}}"));
        assertEquals("{\"ietf-key-chain:lifetime\":{\"send-accept-lifetime\":{\"always\":[null]}}}",
            admin.send("GET", key + "/lifetime").body());
    }

    @Test
    void rpcsNeedExecAccess() throws Exception {
        final String input = "{\"input\":{\"target-nodes\":{\"node\":[]}}}";
        assertStatus(200, as("olga").send("POST", "/rests/operations/uniconfig-manager:calculate-diff", input));
        final HttpResponse<String> commit = as("olga").send("POST", "/rests/operations/uniconfig-manager:commit",
            input);
        assertStatus(403, commit);
        assertTrue(commit.body().contains("access-denied"), commit.body());
        assertStatus(403, as("nobody").send("POST", "/rests/operations/uniconfig-manager:calculate-diff", input));
        assertStatus(200, admin.send("POST", "/rests/operations/uniconfig-manager:commit", input));
    }

    @Test
    void optionsOfAnOperationOffersPostOnlyToUsersWhoMayInvokeIt() throws Exception {
        final String commit = "/rests/operations/uniconfig-manager:commit";
        assertEquals("OPTIONS, POST", allow(admin.send("OPTIONS", commit)));
        assertEquals("OPTIONS", allow(as("olga").send("OPTIONS", commit)));
        assertEquals("OPTIONS, POST", allow(as("olga").send("OPTIONS",
            "/rests/operations/uniconfig-manager:calculate-diff")));
        assertEquals("OPTIONS", allow(as("nobody").send("OPTIONS",
            "/rests/operations/uniconfig-manager:calculate-diff")));
    }

    private static String allow(final HttpResponse<String> options) {
        assertStatus(200, options);
        return options.headers().firstValue("Allow").orElseThrow();
    }

    @Test
    void changedRulesApplyToTheNextRequest() throws Exception {
        assertStatus(404, as("nobody").send("GET", INTERFACES));
        assertStatus(204, admin.send("PATCH", NACM, "{\"ietf-netconf-acm:nacm\":{\"read-default\":\"permit\"}}"));
        assertStatus(200, as("nobody").send("GET", INTERFACES));
        // rules NACM cannot use are refused, and the rules in force stay
        final HttpResponse<String> bad = admin.send("PUT", NACM + "/rule-list=broken", """
            {"ietf-netconf-acm:rule-list":[{"name":"broken","group":["x"],"rule":[{"name":"r",
              "path":"interfaces-without-slash","access-operations":"read","action":"deny"}]}]}""");
        assertStatus(400, bad);
        assertStatus(200, as("nobody").send("GET", INTERFACES));
    }

    @Test
    void aChangedPasswordReplacesTheOldOneAtOnce() throws Exception {
        assertStatus(200, as("olga").send("GET", INTERFACES));
        assertStatus(204, admin.send("POST", "/rests/operations/sextant-users:set-password",
            "{\"input\":{\"name\":\"olga\",\"password\":\"another-password\"}}"));
        assertStatus(401, as("olga").send("GET", INTERFACES));
        assertStatus(200, new RestconfClient(sextant, "olga", "another-password").send("GET",
            INTERFACES));
        // a disabled user cannot log in
        assertStatus(204, admin.send("PATCH", "/rests/data/sextant-users:users/user=ed",
            "{\"sextant-users:user\":[{\"name\":\"ed\",\"enabled\":false}]}"));
        assertStatus(401, as("ed").send("GET", INTERFACES));
    }
}
