package io.sextant.persistence;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.stream.JsonReader;
import io.sextant.model.BundledModels;
import io.sextant.model.SchemaBuildException;
import io.sextant.model.SchemaBuilder;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.List;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier.NodeIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.api.schema.stream.NormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.codec.gson.JSONCodecFactorySupplier;
import org.opendaylight.yangtools.yang.data.codec.gson.JsonParserStream;
import org.opendaylight.yangtools.yang.data.impl.schema.ImmutableNormalizedNodeStreamWriter;
import org.opendaylight.yangtools.yang.data.impl.schema.NormalizationResultHolder;
import org.opendaylight.yangtools.yang.model.api.EffectiveModelContext;
import org.opendaylight.yangtools.yang.model.api.SchemaContext;

/**
 * Real OpenConfig data for tests, parsed from RFC 7951 JSON with yangtools' codec against the
 * bundled models: interfaces with Ethernet, VLAN and IPv4 subinterfaces, and a network instance
 * with static routes and BGP.
 */
public final class OpenConfigFixtures {
    public static final List<String> MODULES = List.of("openconfig-interfaces", "openconfig-if-ip",
        "openconfig-if-ethernet", "openconfig-vlan", "iana-if-type", "openconfig-network-instance",
        "openconfig-bgp", "openconfig-local-routing");

    private static EffectiveModelContext schema;

    private OpenConfigFixtures() {
    }

    public static synchronized EffectiveModelContext schema() {
        if (schema == null) {
            try {
                schema = SchemaBuilder.build(BundledModels.get().withDependencies(MODULES));
            } catch (SchemaBuildException e) {
                throw new IllegalStateException(e);
            }
        }
        return schema;
    }

    /** A device configuration: {@code interfaces} Ethernet interfaces (two subinterfaces each) and one VRF with BGP. */
    public static String json(final int interfaces, final String description) {
        final JsonObject root = new JsonObject();
        final JsonArray list = new JsonArray();
        for (int i = 0; i < interfaces; i++) {
            list.add(ethernet(i, i == 0 ? description : "port " + i));
        }
        root.add("openconfig-interfaces:interfaces", object("interface", list));
        root.add("openconfig-network-instance:network-instances", object("network-instance", array(vrf())));
        return new GsonBuilder().setPrettyPrinting().create().toJson(root);
    }

    public static ContainerNode config(final int interfaces, final String description) {
        return parse(json(interfaces, description));
    }

    public static int lines(final String json) {
        return (int) json.chars().filter(c -> c == '\n').count() + 1;
    }

    /** A data-root container from an RFC 7951 document of top-level containers. */
    public static ContainerNode parse(final String json) {
        final NormalizationResultHolder holder = new NormalizationResultHolder();
        try (NormalizedNodeStreamWriter writer = ImmutableNormalizedNodeStreamWriter.from(holder)) {
            writer.startContainerNode(NodeIdentifier.create(SchemaContext.NAME), 2);
            try (JsonParserStream parser = JsonParserStream.create(writer,
                    JSONCodecFactorySupplier.RFC7951.getShared(schema()))) {
                parser.parse(new JsonReader(new StringReader(json)));
            }
            writer.endNode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return (ContainerNode) holder.getResult().data();
    }

    private static JsonObject ethernet(final int index, final String description) {
        final String name = "ge-0/0/" + index;
        final JsonObject config = new JsonObject();
        config.addProperty("name", name);
        config.addProperty("type", "iana-if-type:ethernetCsmacd");
        config.addProperty("mtu", 1500 + index % 2 * 7500);
        config.addProperty("description", description);
        config.addProperty("enabled", true);
        final JsonObject ethernetConfig = new JsonObject();
        ethernetConfig.addProperty("auto-negotiate", false);
        ethernetConfig.addProperty("duplex-mode", "FULL");
        ethernetConfig.addProperty("port-speed", "openconfig-if-ethernet:SPEED_10GB");
        final JsonArray subs = new JsonArray();
        for (int vrf = 1; vrf <= 2; vrf++) {
            subs.add(subinterface(vrf * 100, "customer " + index + " vrf " + vrf, 100 + index % 3900,
                "10." + vrf + "." + index / 250 + "." + (index % 250 + 1)));
        }
        final JsonObject entry = new JsonObject();
        entry.addProperty("name", name);
        entry.add("config", config);
        entry.add("openconfig-if-ethernet:ethernet", object("config", ethernetConfig));
        entry.add("subinterfaces", object("subinterface", subs));
        return entry;
    }

    private static JsonObject subinterface(final int index, final String description, final int vlan,
            final String ip) {
        final JsonObject config = new JsonObject();
        config.addProperty("index", index);
        config.addProperty("description", description);
        config.addProperty("enabled", true);
        final JsonObject vlanConfig = new JsonObject();
        vlanConfig.addProperty("vlan-id", vlan);
        final JsonObject addressConfig = new JsonObject();
        addressConfig.addProperty("ip", ip);
        addressConfig.addProperty("prefix-length", 24);
        final JsonObject address = new JsonObject();
        address.addProperty("ip", ip);
        address.add("config", addressConfig);
        final JsonObject ipv4Config = new JsonObject();
        ipv4Config.addProperty("enabled", true);
        ipv4Config.addProperty("mtu", 1500);
        final JsonObject ipv4 = object("addresses", object("address", array(address)));
        ipv4.add("config", ipv4Config);
        final JsonObject entry = new JsonObject();
        entry.addProperty("index", index);
        entry.add("config", config);
        entry.add("openconfig-vlan:vlan", object("config", vlanConfig));
        entry.add("openconfig-if-ip:ipv4", ipv4);
        return entry;
    }

    private static JsonObject vrf() {
        final JsonObject config = new JsonObject();
        config.addProperty("name", "customer-a");
        config.addProperty("type", "openconfig-network-instance-types:L3VRF");
        config.addProperty("enabled", true);
        config.addProperty("route-distinguisher", "65000:100");
        config.addProperty("router-id", "10.255.0.1");
        final JsonArray families = new JsonArray();
        families.add("openconfig-types:IPV4");
        config.add("enabled-address-families", families);

        final JsonObject staticConfig = new JsonObject();
        staticConfig.addProperty("prefix", "192.0.2.0/24");
        staticConfig.addProperty("set-tag", 100);
        final JsonObject hopConfig = new JsonObject();
        hopConfig.addProperty("index", "1");
        hopConfig.addProperty("next-hop", "10.1.0.254");
        hopConfig.addProperty("metric", 10);
        final JsonObject hop = new JsonObject();
        hop.addProperty("index", "1");
        hop.add("config", hopConfig);
        final JsonObject route = new JsonObject();
        route.addProperty("prefix", "192.0.2.0/24");
        route.add("config", staticConfig);
        route.add("next-hops", object("next-hop", array(hop)));
        final JsonObject staticProtocol = protocol("STATIC", "static");
        staticProtocol.add("static-routes", object("static", array(route)));

        final JsonObject globalConfig = new JsonObject();
        globalConfig.addProperty("as", 65000);
        globalConfig.addProperty("router-id", "10.255.0.1");
        final JsonObject neighborConfig = new JsonObject();
        neighborConfig.addProperty("neighbor-address", "192.0.2.1");
        neighborConfig.addProperty("peer-as", 4200000000L);
        neighborConfig.addProperty("description", "provider edge ünïcode");
        neighborConfig.addProperty("enabled", true);
        neighborConfig.addProperty("send-community", "BOTH");
        final JsonObject timers = new JsonObject();
        timers.addProperty("hold-time", 90);
        timers.addProperty("keepalive-interval", 30);
        final JsonObject neighbor = new JsonObject();
        neighbor.addProperty("neighbor-address", "192.0.2.1");
        neighbor.add("config", neighborConfig);
        neighbor.add("timers", object("config", timers));
        final JsonObject global = object("config", globalConfig);
        final JsonObject bgp = new JsonObject();
        bgp.add("global", global);
        bgp.add("neighbors", object("neighbor", array(neighbor)));
        final JsonObject bgpProtocol = protocol("BGP", "bgp");
        bgpProtocol.add("bgp", bgp);

        final JsonArray protocols = new JsonArray();
        protocols.add(staticProtocol);
        protocols.add(bgpProtocol);
        final JsonObject instance = new JsonObject();
        instance.addProperty("name", "customer-a");
        instance.add("config", config);
        instance.add("protocols", object("protocol", protocols));
        return instance;
    }

    private static JsonObject protocol(final String identifier, final String name) {
        final String qualified = "openconfig-policy-types:" + identifier;
        final JsonObject config = new JsonObject();
        config.addProperty("identifier", qualified);
        config.addProperty("name", name);
        config.addProperty("enabled", true);
        final JsonObject protocol = new JsonObject();
        protocol.addProperty("identifier", qualified);
        protocol.addProperty("name", name);
        protocol.add("config", config);
        return protocol;
    }

    private static JsonObject object(final String name, final JsonElement value) {
        final JsonObject object = new JsonObject();
        object.add(name, value);
        return object;
    }

    private static JsonArray array(final JsonObject element) {
        final JsonArray array = new JsonArray();
        array.add(element);
        return array;
    }
}
