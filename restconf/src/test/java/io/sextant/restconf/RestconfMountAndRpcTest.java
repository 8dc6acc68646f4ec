package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonParser;
import io.sextant.datastore.InMemoryDataStore;
import io.sextant.datastore.StoreType;
import io.sextant.spi.DataService;
import io.sextant.spi.MountPoint;
import io.sextant.spi.ReadScope;
import io.sextant.spi.RequestContext;
import io.sextant.spi.RpcRegistry;
import io.sextant.spi.RpcService;
import io.sextant.datastore.StoreDataService;
import io.sextant.model.BundledModels;
import io.sextant.model.ControllerSchema;
import io.sextant.model.SchemaBuilder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifierWithPredicates;
import org.opendaylight.yangtools.yang.data.spi.node.ImmutableNodes;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;

/**
 * Paths cross into mount points (at {@code yang-ext:mount} and at registered mount
 * containers), where bodies are parsed in the mounted schema; RPCs are listed and invoked.
 */
class RestconfMountAndRpcTest {
    private static final String JSON = RestconfDataTest.JSON;
    private static final String XML = RestconfDataTest.XML;
    private static final String MOUNT = RestconfDataTest.TOPOLOGY + "/node=dev1/yang-ext:mount";
    private static final String CONFIGURATION =
        "/rests/data/network-topology:network-topology/topology=uniconfig/node=dev1/uniconfig-topology:configuration";

    private static RestconfFixture f;
    private static DataService deviceData;

    @BeforeAll
    static void start() throws Exception {
        f = new RestconfFixture();
        final EffectiveModelContext deviceSchema = SchemaBuilder.build(BundledModels.get()
            .withDependencies(List.of("openconfig-interfaces", "iana-if-type")));
        final var config = new InMemoryDataStore(StoreType.CONFIGURATION, deviceSchema, Runnable::run);
        final var state = new InMemoryDataStore(StoreType.OPERATIONAL, deviceSchema, Runnable::run);
        deviceData = new StoreDataService(config, state);
        final RpcService deviceRpcs = new RpcRegistry();
        final MountPoint mount = MountPoint.of(deviceSchema, deviceData, deviceRpcs);
        final QName nodeQName = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node");
        final QName nodeId = QName.create(ControllerSchema.NETWORK_TOPOLOGY, "node-id");
        final QName configuration = QName.create(ControllerSchema.UNICONFIG_TOPOLOGY, "configuration");
        f.mounts.registerMountContainer(configuration);
        f.mounts.register(path -> {
            final var last = path.getLastPathArgument();
            final boolean device = last instanceof NodeIdentifierWithPredicates keyed
                && keyed.getNodeType().equals(nodeQName) && "dev1".equals(keyed.getValue(nodeId));
            final boolean uniconfig = last instanceof NodeIdentifier id && id.getNodeType().equals(configuration);
            return device || uniconfig ? Optional.of(mount) : Optional.empty();
        });
        final QName createTx = QName.create(ControllerSchema.TRANSACTION_MANAGER, "create-transaction");
        f.rpcs.register(createTx, (input, context) -> CompletableFuture.completedFuture(Optional.of(
            ImmutableNodes.newContainerBuilder().withNodeIdentifier(NodeIdentifier.create(QName.create(createTx,
                "output"))).withChild(ImmutableNodes.leafNode(QName.create(createTx, "transaction-id"),
                    "tx-for-" + context.user())).build())));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    @Test
    void dataBelowYangExtMountFollowsTheMountedSchema() throws Exception {
        var put = f.write("PUT", MOUNT + "/openconfig-interfaces:interfaces/interface=eth0", JSON, """
            {"openconfig-interfaces:interface":[{"name":"eth0","config":{"name":"eth0",
              "type":"iana-if-type:ethernetCsmacd","mtu":1500}}]}""");
        assertEquals(201, put.statusCode(), put.body());
        var read = deviceData.read(ReadScope.CONFIG, YangInstanceIdentifier.of(
            QName.create("http://openconfig.net/yang/interfaces", "2016-05-26", "interfaces")),
            RequestContext.system()).toCompletableFuture().get();
        assertTrue(read.isPresent(), "the write reached the mounted data service");
        var xml = f.get(MOUNT + "/openconfig-interfaces:interfaces/interface=eth0/config/mtu", XML);
        assertEquals(200, xml.statusCode(), xml.body());
        assertTrue(xml.body().contains(">1500</mtu>"), xml.body());

        // the whole mount root, wrapped as ietf-restconf:data
        var root = JsonParser.parseString(f.get(MOUNT + "?content=config", JSON).body()).getAsJsonObject();
        assertTrue(root.getAsJsonObject("ietf-restconf:data").has("openconfig-interfaces:interfaces"));

        // a module of the controller schema that the device does not have is unknown below the mount
        var unknown = f.get(MOUNT + "/network-topology:network-topology", JSON);
        assertEquals(400, unknown.statusCode(), unknown.body());
    }

    @Test
    void mountContainerWrapsItsChildren() throws Exception {
        var put = f.write("PUT", CONFIGURATION, JSON, """
            {"uniconfig-topology:configuration":{"openconfig-interfaces:interfaces":{"interface":[
              {"name":"eth1","config":{"name":"eth1","type":"iana-if-type:ethernetCsmacd"}}]}}}""");
        assertEquals(204, put.statusCode(), put.body());
        var get = JsonParser.parseString(f.get(CONFIGURATION + "?content=config", JSON).body()).getAsJsonObject();
        var interfaces = get.getAsJsonObject("uniconfig-topology:configuration")
            .getAsJsonObject("openconfig-interfaces:interfaces").getAsJsonArray("interface");
        assertEquals("eth1", interfaces.get(0).getAsJsonObject().get("name").getAsString());
        var xml = f.get(CONFIGURATION + "?content=config", XML).body();
        assertTrue(xml.contains("<configuration xmlns=\"urn:sextant:uniconfig-topology\"><interfaces"), xml);

        var putXml = f.write("PUT", CONFIGURATION, XML, "<configuration xmlns=\"urn:sextant:uniconfig-topology\">"
            + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>eth2</name>"
            + "<config><name>eth2</name><type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
            + "ianaift:ethernetCsmacd</type></config></interface></interfaces></configuration>");
        assertEquals(204, putXml.statusCode(), putXml.body());
        var after = f.get(CONFIGURATION + "/openconfig-interfaces:interfaces?content=config", JSON).body();
        assertTrue(after.contains("eth2") && !after.contains("eth1"), "PUT of the root replaced it: " + after);
    }

    @Test
    void unknownMountPointIsAClearError() throws Exception {
        var response = f.get(RestconfDataTest.TOPOLOGY + "/node=nobody/yang-ext:mount", JSON);
        assertEquals(404, response.statusCode());
        assertTrue(response.body().contains("No mount point"), response.body());
    }

    @Test
    void rpcsAreListedAndInvoked() throws Exception {
        var operations = f.get("/rests/operations", JSON).body();
        assertTrue(operations.contains("\"transaction-manager:create-transaction\":[null]"), operations);
        var out = f.write("POST", "/rests/operations/transaction-manager:create-transaction", JSON, "");
        assertEquals(200, out.statusCode(), out.body());
        assertEquals("tx-for-admin", JsonParser.parseString(out.body()).getAsJsonObject()
            .getAsJsonObject("transaction-manager:output").get("transaction-id").getAsString());
        var xml = f.write("POST", "/rests/operations/transaction-manager:create-transaction", XML,
            "<input xmlns=\"urn:sextant:transaction-manager\"><idle-timeout>30</idle-timeout></input>");
        assertEquals(200, xml.statusCode(), xml.body());
        assertTrue(xml.body().contains("<transaction-id>tx-for-admin</transaction-id>"), xml.body());

        var bad = f.write("POST", "/rests/operations/transaction-manager:create-transaction", JSON,
            "{\"transaction-manager:input\":{\"idle-timeout\":\"soon\"}}");
        assertEquals(400, bad.statusCode(), bad.body());
        var unimplemented = f.write("POST", "/rests/operations/uniconfig-manager:commit", JSON, "");
        assertEquals(405, unimplemented.statusCode(), unimplemented.body());
        assertFalse(unimplemented.body().isEmpty());
        var unknown = f.write("POST", "/rests/operations/uniconfig-manager:no-such-rpc", JSON, "");
        assertEquals(400, unknown.statusCode(), unknown.body());
    }
}
