package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.spi.MountPoint;
import io.sextant.spi.RpcRegistry;
import io.sextant.datastore.StoreDataService;
import io.sextant.model.BundledModels;
import io.sextant.model.ControllerSchema;
import io.sextant.model.SchemaBuilder;
import io.sextant.testing.JavaIsms;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Error messages speak the user's terms. A representative set of bad requests (unknown and
 * mistyped nodes in JSON and XML bodies, in the controller's data, below a mount point and in
 * RPC input; broken api-paths, keys and query parameters; invalid YANG-Patch) is answered with
 * a 4xx whose every error-message names no Java class, package, hash or yangtools rendering,
 * and the ones about a node name it as {@code module:name}.
 */
class RestconfErrorMessagesTest {
    static final String JSON = RestconfDataTest.JSON;
    static final String XML = RestconfDataTest.XML;
    static final String TOPOLOGY = RestconfDataTest.TOPOLOGY;
    static final String NODE = RestconfDataTest.NODE;
    static final String MOUNT = TOPOLOGY + "/node=dev1/yang-ext:mount";
    static final String IF = MOUNT + "/openconfig-interfaces:interfaces/interface=eth0";
    static final String RPC = "/rests/operations/transaction-manager:create-transaction";
    static final String PATCH_JSON = "application/yang-patch+json";

    private static RestconfFixture f;

    /** One bad request and what its message must name. */
    record Case(String method, String path, String type, String body, String mustName) {
    }

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture();
        final EffectiveModelContext deviceSchema = SchemaBuilder.build(BundledModels.get()
            .withDependencies(List.of("openconfig-interfaces", "iana-if-type")));
        final MountPoint mount = MountPoint.of(deviceSchema, new StoreDataService(
            new InMemoryDataStore(StoreType.CONFIGURATION, deviceSchema, Runnable::run),
            new InMemoryDataStore(StoreType.OPERATIONAL, deviceSchema, Runnable::run)), new RpcRegistry());
        final QName node = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node");
        f.mounts.register(path -> path.getLastPathArgument() instanceof NodeIdentifierWithPredicates keyed
            && keyed.getNodeType().equals(node) ? Optional.of(mount) : Optional.empty());
        f.rpcs.register(QName.create(ControllerSchema.TRANSACTION_MANAGER, "create-transaction"),
            (input, context) -> CompletableFuture.completedFuture(Optional.empty()));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static List<Case> cases() {
        final List<Case> cases = new ArrayList<>();
        // unknown nodes in bodies: the controller's data, a mount body, a device body, RPC input
        cases.add(new Case("PUT", NODE, JSON, """
            {"network-topology:node":[{"node-id":"r1","netconf-node-topology:transport-type":"ssh"}]}""",
            "transport-type"));
        cases.add(new Case("PUT", NODE, JSON, """
            {"network-topology:node":[{"node-id":"r1","transport-type":"ssh"}]}""", "transport-type"));
        cases.add(new Case("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\">"
            + "<node-id>r1</node-id><transport-type>ssh</transport-type></node>", "transport-type"));
        cases.add(new Case("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\">"
            + "<node-id>r1</node-id><port xmlns=\"urn:nowhere\">1</port></node>", "port"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","colour":"red"}}]}""",
            "colour"));
        cases.add(new Case("PUT", IF, XML, "<interface xmlns=\"http://openconfig.net/yang/interfaces\">"
            + "<name>eth0</name><config><name>eth0</name><colour>red</colour></config></interface>", "colour"));
        cases.add(new Case("POST", RPC, JSON, "{\"transaction-manager:input\":{\"colour\":\"red\"}}", "colour"));
        cases.add(new Case("POST", RPC, XML, "<input xmlns=\"urn:sextant:transaction-manager\"><colour>red</colour>"
            + "</input>", "colour"));
        // wrong types and values
        cases.add(new Case("PUT", NODE, JSON, """
            {"network-topology:node":[{"node-id":"r1","netconf-node-topology:port":"eighty"}]}""", "port"));
        cases.add(new Case("PUT", NODE, JSON, """
            {"network-topology:node":[{"node-id":"r1","netconf-node-topology:port":99999999}]}""", "port"));
        cases.add(new Case("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\">"
            + "<node-id>r1</node-id><port xmlns=\"urn:opendaylight:netconf-node-topology\">x</port></node>", "port"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","mtu":-1}}]}""", "mtu"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","type":"nowhere:thing"}}]}""",
            "type"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","enabled":"yes"}}]}""",
            "enabled"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":[1,2]}]}""", "config"));
        cases.add(new Case("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":{"name":"eth0"}}""", "interface"));
        cases.add(new Case("POST", RPC, JSON, "{\"transaction-manager:input\":{\"idle-timeout\":\"soon\"}}",
            "idle-timeout"));
        cases.add(new Case("PUT", NODE, JSON, "{\"network-topology:topology\":[{\"topology-id\":\"t\"}]}", "topology"));
        cases.add(new Case("PUT", NODE, JSON, "[1,2,3]", ""));
        cases.add(new Case("PUT", NODE, JSON, "[]", ""));
        cases.add(new Case("PUT", NODE, JSON, "{\"nowhere:node\":[{\"node-id\":\"r1\"}]}", "nowhere"));
        cases.add(new Case("PUT", NODE, JSON, "{\"network-topology:node\":[{\"node-id\":\"r1\","
            + "\"netconf-node-topology:host\":{}}]}", "value"));
        cases.add(new Case("POST", RPC, JSON, "{\"input\":[]}", "input"));
        cases.add(new Case("POST", RPC, JSON, "{\"nowhere:input\":{}}", "nowhere:input"));
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\","
            + "\"edit\":[{\"edit-id\":\"e\",\"operation\":\"merge\",\"target\":\"/node=r1\",\"value\":"
            + "[".repeat(5000) + "]".repeat(5000) + "}]}}", "nests deeper"));
        cases.add(new Case("PUT", NODE, JSON, "{\"network-topology:node\":[{\"node-id\":\"r1\"", ""));
        cases.add(new Case("PUT", NODE, XML, "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\"><node-id>",
            ""));
        cases.add(new Case("PUT", NODE, XML, "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>"
            + "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\"><node-id>&e;</node-id></node>", ""));
        cases.add(new Case("POST", TOPOLOGY, JSON, "{\"network-topology:colour\":\"red\"}", "colour"));
        cases.add(new Case("POST", TOPOLOGY, XML, "<colour xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\"/>",
            "colour"));
        // below a list entry that does not exist and cannot be created implicitly (its config/type is
        // mandatory): found by schemathesis, a 500 until the store read its pending edits in the user's terms
        final String absent = "/rests/data/openconfig-interfaces:interfaces/interface=absent";
        cases.add(new Case("POST", absent + "/config", JSON, "{\"openconfig-interfaces:mtu\":1500}", "type"));
        cases.add(new Case("PUT", absent + "/subinterfaces/subinterface=0", JSON,
            "{\"openconfig-interfaces:subinterface\":[{\"index\":0}]}", "type"));
        // an anyxml value whose JSON member name is no XML name (found by schemathesis: a 500)
        cases.add(new Case("PUT", "/rests/data/ietf-event-notifications:filters/filter=1", JSON,
            "{\"ietf-event-notifications:filter\":[{\"filter-id\":1,\"filter\":{\"1 no name\":true}}]}", "anyxml"));
        // a key leaf created below its own list entry with another value (found by schemathesis: a 500)
        cases.add(new Case("POST", absent, JSON, "{\"openconfig-interfaces:name\":\"other\"}", "name"));
        // api-paths, keys, query parameters
        cases.add(new Case("GET", "/rests/data/nowhere:thing", JSON, "", "nowhere"));
        cases.add(new Case("GET", "/rests/data/network-topology:network-topology/colour", JSON, "", "colour"));
        cases.add(new Case("GET", TOPOLOGY + "/node=a,b", JSON, "", "node"));
        cases.add(new Case("GET", IF + "/config/mtu=5", JSON, "", "mtu"));
        cases.add(new Case("GET", MOUNT + "/openconfig-interfaces:interfaces/interface=eth0/config/colour", JSON, "",
            "colour"));
        cases.add(new Case("GET", TOPOLOGY + "/node=r1/netconf-node-topology:port=5", JSON, "", "port"));
        cases.add(new Case("GET", "/rests/data/network-topology:network-topology?depth=0", JSON, "", "depth"));
        cases.add(new Case("GET", "/rests/data/network-topology:network-topology?fields=topology(", JSON, "",
            "fields"));
        cases.add(new Case("GET", "/rests/data/network-topology:network-topology?fields=colour", JSON, "",
            "colour"));
        cases.add(new Case("GET", "/rests/data/network-topology:network-topology?content=some", JSON, "", "content"));
        cases.add(new Case("POST", "/rests/operations/transaction-manager:nothing", JSON, "", "nothing"));
        // YANG-Patch
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\","
            + "\"edit\":[{\"edit-id\":\"e1\",\"operation\":\"merge\",\"target\":\"/node=r1/colour\","
            + "\"value\":{\"colour\":1}}]}}", "colour"));
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\","
            + "\"edit\":[{\"edit-id\":\"e1\",\"operation\":\"merge\",\"target\":\"/node=r1\","
            + "\"value\":{\"network-topology:node\":[{\"node-id\":\"r1\",\"colour\":1}]}}]}}", "colour"));
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\","
            + "\"edit\":[{\"edit-id\":\"e1\",\"operation\":\"frobnicate\",\"target\":\"/node=r1\"}]}}", "frobnicate"));
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":[]}", ""));
        cases.add(new Case("PATCH", TOPOLOGY, PATCH_JSON, "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\","
            + "\"edit\":[{\"edit-id\":\"e1\",\"operation\":\"merge\",\"target\":\"/node=r1\",\"where\":{}}]}}", ""));
        return cases;
    }

    @Test
    void everyMessageIsInTheUsersTerms() throws Exception {
        final List<String> problems = new ArrayList<>();
        for (Case c : cases()) {
            final HttpResponse<String> response = f.send(f.request(c.path()).header("Content-Type", c.type())
                .header("Accept", JSON).method(c.method(), HttpRequest.BodyPublishers.ofString(c.body()))
                .build());
            final String where = c.method() + " " + c.path() + " " + c.body();
            if (response.statusCode() < 400 || response.statusCode() >= 500) {
                problems.add(where + " -> " + response.statusCode() + " " + response.body());
                continue;
            }
            for (JsonElement error : errors(response.body())) {
                final String message = error.getAsJsonObject().get("error-message").getAsString();
                final List<String> isms = JavaIsms.in(error.toString());
                if (!isms.isEmpty()) {
                    problems.add(where + " -> " + isms + " in " + error);
                }
                if (!message.contains(c.mustName())) {
                    problems.add(where + " -> does not name '" + c.mustName() + "': " + message);
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void unknownLeafInAMountBodyIsAnUnknownElementNamedByModuleAndResource() throws Exception {
        final String json = """
            {"network-topology:node":[{"node-id":"r1","netconf-node-topology:transport-type":"ssh"}]}""";
        final String xml = "<node xmlns=\"urn:TBD:params:xml:ns:yang:network-topology\"><node-id>r1</node-id>"
            + "<transport-type xmlns=\"urn:opendaylight:netconf-node-topology\">ssh</transport-type></node>";
        for (String[] body : new String[][] {{JSON, json}, {XML, xml}}) {
            final HttpResponse<String> response = f.write("PUT", NODE, body[0], body[1]);
            assertEquals(400, response.statusCode(), response.body());
            final JsonObject error = errors(f.send(f.request(NODE).header("Content-Type", body[0])
                .header("Accept", JSON).PUT(HttpRequest.BodyPublishers.ofString(body[1])).build())
                .body()).iterator().next().getAsJsonObject();
            assertEquals("unknown-element", error.get("error-tag").getAsString(), error.toString());
            assertEquals("Unknown element 'netconf-node-topology:transport-type' in 'network-topology:node' (body of "
                + NODE + ")", error.get("error-message").getAsString());
            assertEquals("/network-topology:network-topology/topology[topology-id='topology-netconf']"
                + "/node[node-id='r1']", error.get("error-path").getAsString());
        }
    }

    @Test
    void aBadValueNamesItsLeaf() throws Exception {
        final JsonObject error = errors(f.write("PUT", IF, JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0","mtu":"big"}}]}""").body())
            .iterator().next().getAsJsonObject();
        assertEquals("invalid-value", error.get("error-tag").getAsString());
        assertEquals("Invalid value for 'openconfig-interfaces:mtu': 'big' is not a valid integer (body of " + IF + ")",
            error.get("error-message").getAsString());
        assertEquals("/openconfig-interfaces:interfaces/interface[name='eth0']", error.get("error-path").getAsString(),
            "the error-path is in the device's schema, below the mount point");
    }

    static Iterable<JsonElement> errors(final String body) {
        final JsonObject root = JsonParser.parseString(body).getAsJsonObject();
        final JsonObject errors = root.has("ietf-restconf:errors") ? root.getAsJsonObject("ietf-restconf:errors")
            : root.getAsJsonObject("ietf-yang-patch:yang-patch-status").getAsJsonObject("errors");
        assertEquals(true, errors.getAsJsonArray("error").size() > 0, body);
        return errors.getAsJsonArray("error");
    }
}
