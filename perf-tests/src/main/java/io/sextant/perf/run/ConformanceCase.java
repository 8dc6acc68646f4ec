package io.sextant.perf.run;

import java.util.List;

/**
 * One request of the {@code conformance} scenario, sent alike to Sextant and to the lighty.io
 * peer: through the mount point of the same NETCONF device ({@code {mount}} in the path stands
 * for {@code network-topology:network-topology/topology=topology-netconf/node=<id>/yang-ext:mount}),
 * or to RESTCONF's own resources.
 *
 * @param name what the request tries, for the report
 * @param method the HTTP method
 * @param path the path and query, {@code {mount}} replaced by the device's mount point
 * @param contentType the body's media type (ignored without a body)
 * @param accept the Accept header
 * @param body the request body; empty for none
 */
public record ConformanceCase(String name, String method, String path, String contentType, String accept,
        String body) {
    static final String JSON = "application/yang-data+json";
    static final String XML = "application/yang-data+xml";
    private static final String IFACES = "/rests/data/{mount}/openconfig-interfaces:interfaces";
    private static final String IFACE = IFACES + "/interface=conf-a";
    private static final String IFACE_BODY = """
        {"openconfig-interfaces:interface":[{"name":"conf-a","config":{"name":"conf-a",\
        "type":"iana-if-type:ethernetCsmacd","mtu":1500,"description":"conformance","enabled":true}}]}""";
    private static final String IFACE_REPLACED = """
        {"openconfig-interfaces:interface":[{"name":"conf-a","config":{"name":"conf-a",\
        "type":"iana-if-type:ethernetCsmacd","mtu":9000,"enabled":false}}]}""";

    /** The path to send to, with the mount point of node {@code nodeId}. */
    public String pathFor(final String nodeId) {
        return path.replace("{mount}",
            "network-topology:network-topology/topology=topology-netconf/node=" + nodeId + "/yang-ext:mount");
    }

    private static ConformanceCase json(final String name, final String method, final String path, final String body) {
        return new ConformanceCase(name, method, path, JSON, JSON, body);
    }

    /**
     * The requests, in the order they are sent. Together they leave the device as they found it
     * (what is created is deleted again), so the second controller meets the same device.
     */
    public static List<ConformanceCase> all() {
        return List.of(
            json("read the interfaces (config)", "GET", IFACES + "?content=config", ""),
            json("read a missing interface", "GET", IFACE + "?content=config", ""),
            json("create an interface (PUT)", "PUT", IFACE, IFACE_BODY),
            json("read it back", "GET", IFACE + "?content=config", ""),
            json("read it back with depth=2", "GET", IFACE + "?content=config&depth=2", ""),
            json("read one leaf with fields", "GET", IFACE + "?content=config&fields=config(mtu)", ""),
            new ConformanceCase("read it back as XML", "GET", IFACE + "?content=config", JSON, XML, ""),
            json("replace it (PUT)", "PUT", IFACE, IFACE_REPLACED),
            json("read the replaced interface", "GET", IFACE + "/config?content=config", ""),
            json("merge a leaf (PATCH)", "PATCH", IFACE + "/config",
                "{\"openconfig-interfaces:config\":{\"description\":\"patched\"}}"),
            json("read the merged leaf", "GET", IFACE + "/config/description?content=config", ""),
            json("create what exists (POST)", "POST", IFACES,
                "{\"openconfig-interfaces:interface\":[{\"name\":\"conf-a\",\"config\":{\"name\":\"conf-a\"}}]}"),
            json("PUT with a key other than the path's", "PUT", IFACE, IFACE_BODY.replace("conf-a", "conf-b")),
            json("PUT with broken JSON", "PUT", IFACE, "{\"openconfig-interfaces:interface\":["),
            json("PUT with an unknown leaf", "PUT", IFACE + "/config",
                "{\"openconfig-interfaces:config\":{\"name\":\"conf-a\",\"no-such-leaf\":1}}"),
            json("PUT with a value of the wrong type", "PUT", IFACE + "/config/mtu",
                "{\"openconfig-interfaces:mtu\":\"big\"}"),
            new ConformanceCase("PUT with an unsupported media type", "PUT", IFACE, "text/plain", JSON, "conf-a"),
            json("read with depth=0", "GET", IFACE + "?depth=0", ""),
            json("read with an unknown query parameter", "GET", IFACE + "?colour=blue", ""),
            json("read an unknown module's data", "GET", "/rests/data/{mount}/no-such-module:thing", ""),
            json("read an unknown child", "GET", IFACE + "/no-such-child", ""),
            json("delete the interface", "DELETE", IFACE, ""),
            json("delete it again", "DELETE", IFACE, ""),
            json("read through a node that is not mounted", "GET",
                "/rests/data/network-topology:network-topology/topology=topology-netconf/node=no-such-node"
                    + "/yang-ext:mount/openconfig-interfaces:interfaces?content=config", ""),
            new ConformanceCase("host-meta", "GET", "/.well-known/host-meta", JSON, "application/xrd+xml", ""),
            json("yang-library-version", "GET", "/rests/yang-library-version", ""));
    }
}
