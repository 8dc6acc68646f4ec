package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Round trips of config subtrees over real HTTP, in JSON and XML. */
class RestconfDataTest {
    static final String JSON = "application/yang-data+json";
    static final String XML = "application/yang-data+xml";
    static final String TOPOLOGY = "/rests/data/network-topology:network-topology/topology=topology-netconf";
    static final String NODE = TOPOLOGY + "/node=r1";
    static final String IFACES = "/rests/data/openconfig-interfaces:interfaces";

    private static RestconfFixture f;

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture();
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @BeforeEach
    void clean() throws Exception {
        f.send(f.request("/rests/data/network-topology:network-topology").DELETE().build());
        f.send(f.request(IFACES).DELETE().build());
    }

    static JsonObject json(final HttpResponse<String> response) {
        return JsonParser.parseString(response.body()).getAsJsonObject();
    }

    @Test
    void jsonPutGetMergeDeleteRoundTrip() throws Exception {
        var put = f.write("PUT", NODE, JSON, """
            {"network-topology:node":[{"node-id":"r1","netconf-node-topology:host":"127.0.0.1",
              "netconf-node-topology:port":17830,"netconf-node-topology:tcp-only":false,
              "netconf-node-topology:login-password-unencrypted":{"username":"admin","password":"admin"},
              "netconf-node-topology:keepalive-delay":120}]}""");
        assertEquals(201, put.statusCode(), put.body());
        assertTrue(put.headers().firstValue("Location").orElseThrow().endsWith(NODE));

        var node = json(f.get(NODE + "?content=config", JSON)).getAsJsonArray("network-topology:node").get(0)
            .getAsJsonObject();
        assertEquals("r1", node.get("node-id").getAsString());
        assertEquals(17830, node.get("netconf-node-topology:port").getAsInt());
        assertEquals("admin", node.getAsJsonObject("netconf-node-topology:login-password-unencrypted")
            .get("username").getAsString());

        // a second PUT replaces: host disappears
        assertEquals(204, f.write("PUT", NODE, JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:port\":2022}]}").statusCode());
        node = json(f.get(NODE, JSON)).getAsJsonArray("network-topology:node").get(0).getAsJsonObject();
        assertFalse(node.has("netconf-node-topology:host"));

        // plain PATCH merges
        assertEquals(204, f.write("PATCH", NODE, JSON,
            "{\"network-topology:node\":[{\"node-id\":\"r1\",\"netconf-node-topology:host\":\"10.0.0.1\"}]}")
            .statusCode());
        node = json(f.get(NODE, JSON)).getAsJsonArray("network-topology:node").get(0).getAsJsonObject();
        assertEquals("10.0.0.1", node.get("netconf-node-topology:host").getAsString());
        assertEquals(2022, node.get("netconf-node-topology:port").getAsInt());

        // YANG-Patch: merge one node, create another, atomically
        var patch = f.write("PATCH", TOPOLOGY, "application/yang-patch+json", """
            {"ietf-yang-patch:yang-patch":{"patch-id":"p1","edit":[
              {"edit-id":"1","operation":"merge","target":"/node=r1",
               "value":{"network-topology:node":[{"node-id":"r1","netconf-node-topology:port":3033}]}},
              {"edit-id":"2","operation":"create","target":"/node=r2",
               "value":{"network-topology:node":[{"node-id":"r2","netconf-node-topology:port":4044}]}}]}}""");
        assertEquals(200, patch.statusCode(), patch.body());
        assertEquals("p1", json(patch).getAsJsonObject("ietf-yang-patch:yang-patch-status").get("patch-id")
            .getAsString());
        assertEquals(3033, json(f.get(NODE + "/netconf-node-topology:port", JSON))
            .get("netconf-node-topology:port").getAsInt());
        assertEquals(200, f.get(TOPOLOGY + "/node=r2", JSON).statusCode());

        assertEquals(204, f.send(f.request(NODE).DELETE().build()).statusCode());
        assertEquals(404, f.get(NODE, JSON).statusCode());
        assertEquals(200, f.get(TOPOLOGY + "/node=r2", JSON).statusCode(), "DELETE removed only its target");
    }

    @Test
    void xmlPutGetMergeDeleteRoundTrip() throws Exception {
        final String ns = "xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\"";
        final String nc = "xmlns=\"urn:opendaylight:netconf-node-topology\"";
        var put = f.write("PUT", NODE, XML, "<node " + ns + "><node-id>r1</node-id><host " + nc
            + ">127.0.0.1</host><port " + nc + ">17830</port></node>");
        assertEquals(201, put.statusCode(), put.body());
        var get = f.get(NODE, XML);
        assertEquals(XML, get.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(get.body().contains("<port xmlns=\"urn:opendaylight:netconf-node-topology\">17830</port>"),
            get.body());

        assertEquals(204, f.write("PATCH", NODE, XML, "<node " + ns + "><node-id>r1</node-id><tcp-only " + nc
            + ">true</tcp-only></node>").statusCode());
        get = f.get(NODE, XML);
        assertTrue(get.body().contains(">true</tcp-only>") && get.body().contains(">17830</port>"), get.body());

        var patch = f.write("PATCH", TOPOLOGY, "application/yang-patch+xml", """
            <yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch">
              <patch-id>p2</patch-id>
              <edit><edit-id>1</edit-id><operation>replace</operation><target>/node=r1</target>
                <value><node xmlns="urn:TBD:params:xml:ns:yang:network-topology"><node-id>r1</node-id>
                  <port xmlns="urn:opendaylight:netconf-node-topology">5055</port></node></value></edit>
            </yang-patch>""");
        assertEquals(200, patch.statusCode(), patch.body());
        assertTrue(patch.body().contains("<ok/>"), patch.body());
        get = f.get(NODE, XML);
        assertTrue(get.body().contains(">5055</port>") && !get.body().contains("tcp-only"), get.body());

        var post = f.write("POST", TOPOLOGY, XML, "<node " + ns + "><node-id>r7</node-id></node>");
        assertEquals(201, post.statusCode(), post.body());
        assertEquals(TOPOLOGY + "/node=r7", post.headers().firstValue("Location").orElseThrow());

        assertEquals(204, f.send(f.request(NODE).DELETE().build()).statusCode());
        assertEquals(404, f.get(NODE, XML).statusCode());
    }

    /**
     * A key with characters a URI cannot carry as they are (found by schemathesis: a CR in the
     * key made the Location header invalid and the answer a 500): Location percent-encodes the
     * key values, and GET on it reads what was created.
     */
    @Test
    void locationPercentEncodesKeyValues() throws Exception {
        final String key = "e/1,\u00fc \r";
        final String encoded = "e%2F1%2C%C3%BC%20%0D";
        final String body = "{\"openconfig-interfaces:interface\":[{\"name\":\"" + key.replace("\r", "\\r")
            + "\",\"config\":{\"name\":\"" + key.replace("\r", "\\r")
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\"}}]}";
        var put = f.write("PUT", IFACES + "/interface=" + encoded, JSON, body);
        assertEquals(201, put.statusCode(), put.body());
        final String location = put.headers().firstValue("Location").orElseThrow();
        assertEquals(IFACES + "/interface=" + encoded, location);
        assertEquals(200, f.get(location, JSON).statusCode());

        assertEquals(204, f.send(f.request(location).DELETE().build()).statusCode());
        var post = f.write("POST", IFACES, JSON, body);
        assertEquals(201, post.statusCode(), post.body());
        assertEquals(IFACES + "/interface=" + encoded, post.headers().firstValue("Location").orElseThrow());
    }

    @Test
    void postCreatesAndRefusesDuplicates() throws Exception {
        var post = f.write("POST", IFACES, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","mtu":1500,
              "type":"iana-if-type:ethernetCsmacd"}}]}""");
        assertEquals(201, post.statusCode(), post.body());
        assertEquals(IFACES + "/interface=eth0", post.headers().firstValue("Location").orElseThrow());
        var again = f.write("POST", IFACES, JSON,
            "{\"openconfig-interfaces:interface\":[{\"name\":\"eth0\",\"config\":{\"name\":\"eth0\"}}]}");
        assertEquals(409, again.statusCode());
        assertEquals("data-exists", json(again).getAsJsonObject("ietf-restconf:errors").getAsJsonArray("error")
            .get(0).getAsJsonObject().get("error-tag").getAsString());
        assertEquals(1500, json(f.get(IFACES + "/interface=eth0/config/mtu", JSON))
            .get("openconfig-interfaces:mtu").getAsInt(), "the refused POST changed nothing");
    }

    @Test
    void queryParametersShapeTheResponse() throws Exception {
        var put = f.write("PUT", IFACES, JSON, """
            {"openconfig-interfaces:interfaces":{"interface":[
              {"name":"eth0","config":{"name":"eth0","type":"iana-if-type:ethernetCsmacd","mtu":1500,
                "description":"uplink"}},
              {"name":"eth1","config":{"name":"eth1","type":"iana-if-type:ethernetCsmacd","mtu":9000}}]}}""");
        assertEquals(201, put.statusCode(), put.body());
        // depth=2: interfaces and interface entries with their keys, no config
        var shallow = json(f.get(IFACES + "?depth=2", JSON)).getAsJsonObject("openconfig-interfaces:interfaces")
            .getAsJsonArray("interface");
        assertEquals(2, shallow.size());
        assertFalse(shallow.get(0).getAsJsonObject().has("config"));
        assertTrue(shallow.get(0).getAsJsonObject().has("name"));

        // fields: only the descriptions
        var fields = json(f.get(IFACES + "?fields=interface(config/description)", JSON))
            .getAsJsonObject("openconfig-interfaces:interfaces").getAsJsonArray("interface");
        var eth0 = fields.get(0).getAsJsonObject().getAsJsonObject("config");
        assertEquals("uplink", eth0.get("description").getAsString());
        assertFalse(eth0.has("mtu"));

        // fields with several nodes, ';' written as is (as RFC 8040's examples do) and percent-encoded
        for (String separator : List.of(";", "%3B")) {
            var two = json(f.get(IFACES + "?fields=interface(name" + separator + "config/mtu)", JSON))
                .getAsJsonObject("openconfig-interfaces:interfaces").getAsJsonArray("interface");
            assertEquals(2, two.size(), separator);
            assertEquals("eth1", two.get(1).getAsJsonObject().get("name").getAsString(), separator);
            assertEquals(9000, two.get(1).getAsJsonObject().getAsJsonObject("config").get("mtu").getAsInt());
            assertFalse(two.get(0).getAsJsonObject().getAsJsonObject("config").has("description"), separator);
        }

        // with-defaults: 'enabled' defaults to true in openconfig-interfaces
        var explicit = json(f.get(IFACES + "/interface=eth1/config", JSON)).getAsJsonObject(
            "openconfig-interfaces:config");
        assertFalse(explicit.has("enabled"));
        var all = json(f.get(IFACES + "/interface=eth1/config?with-defaults=report-all", JSON))
            .getAsJsonObject("openconfig-interfaces:config");
        assertTrue(all.get("enabled").getAsBoolean());

        // content=nonconfig on config-only data finds nothing
        assertEquals(404, f.get(IFACES + "?content=nonconfig", JSON).statusCode());
        assertEquals(200, f.get(IFACES + "?content=config", JSON).statusCode());
    }

    @Test
    void discoveryResources() throws Exception {
        var hostMeta = f.send(HttpRequest.newBuilder(f.uri("/.well-known/host-meta")).GET().build());
        assertEquals(200, hostMeta.statusCode(), "host-meta needs no authentication");
        assertTrue(hostMeta.body().contains("rel='restconf' href='/rests'"));
        assertEquals("2019-01-04", json(f.get("/rests/yang-library-version", JSON))
            .get("ietf-restconf:yang-library-version").getAsString());
        assertTrue(json(f.get("/rests", JSON)).has("ietf-restconf:restconf"));
        assertTrue(f.get("/rests/yang-library-version", XML).body()
            .contains("<yang-library-version xmlns=\"urn:ietf:params:xml:ns:yang:ietf-restconf\">2019-01-04<"));
    }

    @Test
    void wholeDatastoreReadsInBothEncodings() throws Exception {
        f.write("PUT", NODE, JSON, "{\"network-topology:node\":[{\"node-id\":\"r1\"}]}");
        var data = json(f.get("/rests/data?content=config", JSON)).getAsJsonObject("ietf-restconf:data");
        assertTrue(data.has("network-topology:network-topology"));
        assertTrue(f.get("/rests/data?content=config", XML).body()
            .startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?><data xmlns=\"urn:ietf:params:xml:ns:yang:ietf-restconf\">"));
    }
}
