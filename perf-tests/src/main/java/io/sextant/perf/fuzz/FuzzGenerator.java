package io.sextant.perf.fuzz;

import static io.sextant.perf.fuzz.HttpRequests.bytes;

import io.sextant.perf.fuzz.FuzzCase.Expect;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Hostile RESTCONF requests from a seed: case {@code i} of seed {@code s} is always the same
 * request, so any finding can be replayed alone. Every case is wrong by construction (or, where
 * marked {@link Expect#NO_SERVER_ERROR}, harmless), so none of them may change the datastore.
 *
 * <p>Requests target the controller's own data (OpenConfig interfaces {@code eth0..eth4}, which
 * the scenario seeds), the topology-netconf mount bodies, YANG-Patch, the UniConfig and other
 * RPCs, and the HTTP layer itself.
 */
public final class FuzzGenerator {
    public static final List<String> CATEGORIES = List.of("json-malformed", "xml-malformed", "deep-nesting",
        "xml-entities", "oversized", "invalid-utf8", "media-type", "api-path", "keys", "query", "yang-patch",
        "rpc-input", "mount-body", "http-protocol", "method");
    /** Categories whose requests leave the connection in a state not worth reusing. */
    public static final List<String> ONE_SHOT = List.of("oversized", "http-protocol");

    static final String JSON = "application/yang-data+json";
    static final String XML = "application/yang-data+xml";
    static final String PATCH_JSON = "application/yang-patch+json";
    static final String PATCH_XML = "application/yang-patch+xml";
    static final String IFS = "/rests/data/openconfig-interfaces:interfaces";
    static final String TOPO = "/rests/data/network-topology:network-topology/topology=topology-netconf";
    static final String OC_IF = "http://openconfig.net/yang/interfaces";
    static final String TOPO_NS = "urn:TBD:params:xml:ns:yang:network-topology";
    static final String NC_NS = "urn:opendaylight:netconf-node-topology";
    static final List<String> RPCS = List.of("uniconfig-manager:calculate-diff", "uniconfig-manager:commit",
        "uniconfig-manager:dry-run-commit", "uniconfig-manager:is-in-sync", "uniconfig-manager:compare-config",
        "uniconfig-manager:sync-from-network", "uniconfig-manager:checked-commit");
    static final List<String> OTHER_RPCS = List.of("snapshot-manager:create-snapshot",
        "connection-manager:install-multiple-nodes", "transaction-manager:close-transaction");
    private static final byte[][] BAD_UTF8 = {
        {(byte) 0xC3, 0x28}, {(byte) 0xA0, (byte) 0xA1}, {(byte) 0xE2, 0x28, (byte) 0xA1},
        {(byte) 0xF0, 0x28, (byte) 0x8C, (byte) 0xBC}, {(byte) 0xFF}, {(byte) 0xC0, (byte) 0xAF},
        {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};

    private final long seed;
    private final String canaryUri;
    private final int maxBodyBytes;
    private final HttpRequests http;

    /**
     * @param canaryUri a file: URI that no answer may ever show the content of (external entities name it)
     * @param maxBodyBytes the controller's body limit, to build bodies just over it
     */
    public FuzzGenerator(final long seed, final String canaryUri, final int maxBodyBytes, final String password) {
        this.seed = seed;
        this.canaryUri = canaryUri;
        this.maxBodyBytes = maxBodyBytes;
        this.http = new HttpRequests(password);
    }

    /** Case {@code index}: the same bytes for the same seed and index. */
    public FuzzCase next(final int index) {
        final Random r = new Random(seed * 1_000_003L + index);
        final String category = CATEGORIES.get(r.nextInt(CATEGORIES.size()));
        final Case c = switch (category) {
            case "json-malformed" -> jsonMalformed(r);
            case "xml-malformed" -> xmlMalformed(r);
            case "deep-nesting" -> deepNesting(r);
            case "xml-entities" -> xmlEntities(r);
            case "oversized" -> oversized(r);
            case "invalid-utf8" -> invalidUtf8(r);
            case "media-type" -> mediaType(r);
            case "api-path" -> apiPath(r);
            case "keys" -> keys(r);
            case "query" -> query(r);
            case "yang-patch" -> yangPatch(r);
            case "rpc-input" -> rpcInput(r);
            case "mount-body" -> mountBody(r);
            case "http-protocol" -> httpProtocol(r);
            case "method" -> method(r);
            default -> throw new IllegalStateException(category);
        };
        return new FuzzCase(index, category, c.description, c.request, c.expect);
    }

    private record Case(String description, byte[] request, Expect expect) {
    }

    private static Case bad(final String description, final byte[] request) {
        return new Case(description, request, Expect.CLIENT_ERROR);
    }

    private static <T> T pick(final Random r, final List<T> from) {
        return from.get(r.nextInt(from.size()));
    }

    // ---- valid templates (every case breaks one) ----

    static String ifPath(final int n) {
        return IFS + "/interface=eth" + n;
    }

    static String ifJson(final String name, final int mtu, final String description) {
        return "{\"openconfig-interfaces:interface\":[{\"name\":\"" + name + "\",\"config\":{\"name\":\"" + name
            + "\",\"type\":\"iana-if-type:ethernetCsmacd\",\"mtu\":" + mtu + ",\"description\":\"" + description
            + "\"}}]}";
    }

    static String ifXml(final String name, final int mtu, final String description) {
        return "<interface xmlns=\"" + OC_IF + "\"><name>" + name + "</name><config><name>" + name + "</name>"
            + "<type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">ianaift:ethernetCsmacd</type><mtu>"
            + mtu + "</mtu><description>" + description + "</description></config></interface>";
    }

    static String mountJson(final String id) {
        return "{\"network-topology:node\":[{\"node-id\":\"" + id + "\",\"netconf-node-topology:host\":\"127.0.0.1\","
            + "\"netconf-node-topology:port\":17830,\"netconf-node-topology:tcp-only\":true}]}";
    }

    private static String rpcJson(final String... nodes) {
        return "{\"input\":{\"target-nodes\":{\"node\":[" + String.join(",", List.of(nodes).stream()
            .map(n -> "\"" + n + "\"").toList()) + "]}}}";
    }

    // ---- categories ----

    private Case jsonMalformed(final Random r) {
        final int n = r.nextInt(5);
        final String[][] bases = {
            {"PUT", ifPath(n), ifJson("eth" + n, 1400 + r.nextInt(100), "fuzz")},
            {"PATCH", ifPath(n), ifJson("eth" + n, 1400 + r.nextInt(100), "fuzz")},
            {"PUT", TOPO + "/node=fuzz" + n, mountJson("fuzz" + n)},
            {"POST", "/rests/operations/" + pick(r, RPCS), rpcJson("R" + n)},
            {"POST", IFS, ifJson("eth9" + n, 1500, "new")}};
        final String[] base = bases[r.nextInt(bases.length)];
        final String body = base[2];
        final String broken;
        final String how;
        switch (r.nextInt(3)) {
            case 0 -> {
                final int cut = 1 + r.nextInt(body.length() - 2);
                broken = body.substring(0, cut);
                how = "truncated at " + cut;
            }
            case 1 -> {
                // one more opening bracket after a ':' or ',' outside strings: never balanced again
                final List<Integer> spots = structuralSpots(body);
                final int at = spots.get(r.nextInt(spots.size())) + 1;
                final char open = "{[:".charAt(r.nextInt(3));
                broken = body.substring(0, at) + open + body.substring(at);
                how = "'" + open + "' inserted at " + at;
            }
            default -> {
                // (an empty body is a valid, empty RPC input, so not for RPCs)
                broken = pick(r, base[1].startsWith("/rests/operations") ? List.of("{", "[]", "null", "{,}", "\u0000",
                    "{\"input\":{\"target-nodes\":{\"node\":[\"R1\",]}}", "{\"input\":") : List.of("", " ", "{", "}", "[]", "null", "1", "\"s\"", "{\"a\":}", "{,}",
                    "{\"openconfig-interfaces:interface\":}", "{\"openconfig-interfaces:interface\":[{]}",
                    "{\"openconfig-interfaces:interface\":[{\"name\" \"eth0\"}]}", "{{}}", "[{]", "\u0000",
                    "{\"input\":{\"target-nodes\":{\"node\":[\"R1\",]}}", "{\"input\":"));
                how = "fixed '" + broken.replace("\u0000", "\\0") + "'";
            }
        }
        return bad("JSON " + how + ": " + base[0] + " " + base[1], http.request(base[0], base[1], JSON, broken));
    }

    /** Positions of ':' and ',' outside JSON strings. */
    private static List<Integer> structuralSpots(final String json) {
        final List<Integer> spots = new ArrayList<>();
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            final char ch = json.charAt(i);
            if (ch == '"' && (i == 0 || json.charAt(i - 1) != '\\')) {
                inString = !inString;
            } else if (!inString && (ch == ':' || ch == ',')) {
                spots.add(i);
            }
        }
        return spots;
    }

    private Case xmlMalformed(final Random r) {
        final int n = r.nextInt(5);
        final String body = ifXml("eth" + n, 1500, "fuzz");
        final String broken;
        final String how;
        switch (r.nextInt(7)) {
            case 0 -> {
                final int cut = 1 + r.nextInt(body.length() - 2);
                broken = body.substring(0, cut);
                how = "truncated at " + cut;
            }
            case 1 -> {
                broken = body.substring(0, body.lastIndexOf("</interface>")) + "</wrong>";
                how = "mismatched end tag";
            }
            case 2 -> {
                broken = body + "<interface xmlns=\"" + OC_IF + "\"/>";
                how = "two roots";
            }
            case 3 -> {
                broken = "junk" + body;
                how = "text before the root";
            }
            case 4 -> {
                broken = body.replace("<config>", "<p:config>").replace("</config>", "</p:config>");
                how = "undeclared prefix";
            }
            case 5 -> {
                broken = body.replace("fuzz", "&undefined;");
                how = "undeclared entity";
            }
            default -> {
                broken = body.replace("<mtu>", "<mtu a=\"1\" a=\"2\">");
                how = "duplicate attribute";
            }
        }
        return bad("XML " + how, http.request(r.nextBoolean() ? "PUT" : "PATCH", ifPath(n), XML, broken));
    }

    private Case deepNesting(final Random r) {
        final int depth = pick(r, List.of(64, 1_000, 10_000, 100_000));
        final String json;
        final String type;
        final String path;
        final String method;
        switch (r.nextInt(6)) {
            case 0 -> {
                json = "{\"openconfig-interfaces:interface\":[" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)
                    + "]}";
                type = JSON;
                path = ifPath(0);
                method = "PUT";
            }
            case 1 -> {
                json = "[".repeat(depth) + "]".repeat(depth);
                type = JSON;
                path = ifPath(1);
                method = "PUT";
            }
            case 2 -> {
                json = "{\"a\":".repeat(depth);
                type = JSON;
                path = ifPath(2);
                method = "PATCH";
            }
            case 3 -> {
                json = "<interface xmlns=\"" + OC_IF + "\">" + "<a>".repeat(depth) + "</a>".repeat(depth)
                    + "</interface>";
                type = XML;
                path = ifPath(3);
                method = "PUT";
            }
            case 4 -> {
                json = "{\"input\":" + "{\"target-nodes\":".repeat(depth) + "{}" + "}".repeat(depth) + "}";
                type = JSON;
                path = "/rests/operations/uniconfig-manager:calculate-diff";
                method = "POST";
            }
            default -> {
                json = "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{\"edit-id\":\"e\","
                    + "\"operation\":\"merge\",\"target\":\"/interface=eth0\",\"value\":" + "[".repeat(depth)
                    + "]".repeat(depth) + "}]}}";
                type = PATCH_JSON;
                path = IFS;
                method = "PATCH";
            }
        }
        return bad("nesting " + depth + " deep, " + method + " " + path, http.request(method, path, type, json));
    }

    private Case xmlEntities(final Random r) {
        final String inner;
        final String how;
        switch (r.nextInt(7)) {
            case 0 -> {
                inner = "<!DOCTYPE interface [<!ENTITY x SYSTEM \"" + canaryUri + "\">]>"
                    + ifXml("eth0", 1500, "&x;");
                how = "external general entity naming a local file";
            }
            case 1 -> {
                inner = "<!DOCTYPE interface [<!ENTITY % p SYSTEM \"" + canaryUri + "\"> %p;]>"
                    + ifXml("eth0", 1500, "x");
                how = "external parameter entity";
            }
            case 2 -> {
                inner = "<!DOCTYPE interface SYSTEM \"" + canaryUri + "\">" + ifXml("eth0", 1500, "x");
                how = "external DTD";
            }
            case 3 -> {
                final StringBuilder dtd = new StringBuilder("<!DOCTYPE interface [<!ENTITY l0 \"lol\">");
                for (int i = 1; i < 10; i++) {
                    dtd.append("<!ENTITY l").append(i).append(" \"").append(("&l" + (i - 1) + ";").repeat(10))
                        .append("\">");
                }
                inner = dtd.append("]>").toString() + ifXml("eth0", 1500, "&l9;");
                how = "billion laughs";
            }
            case 4 -> {
                inner = "<!DOCTYPE interface [<!ENTITY a \"" + "x".repeat(50_000) + "\">]>"
                    + ifXml("eth0", 1500, "&a;".repeat(5_000));
                how = "quadratic blowup";
            }
            case 5 -> {
                inner = ifXml("eth0", 1500, "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\""
                    + canaryUri + "\" parse=\"text\"/>");
                how = "XInclude of a local file";
            }
            default -> {
                inner = "<?xml version=\"1.0\"?><!DOCTYPE input [<!ENTITY x SYSTEM \"" + canaryUri + "\">]>"
                    + "<input xmlns=\"urn:sextant:uniconfig-manager\"><target-nodes><node>&x;</node></target-nodes>"
                    + "</input>";
                return bad("RPC input with an external entity", http.request("POST",
                    "/rests/operations/uniconfig-manager:calculate-diff", XML, inner));
            }
        }
        final int target = r.nextInt(3);
        if (target == 0) {
            return bad(how + " in a PUT", http.request("PUT", ifPath(0), XML, inner));
        }
        if (target == 1) {
            final String patch = inner.substring(0, inner.indexOf('>', inner.indexOf("<!DOCTYPE")) + 1)
                .replace("DOCTYPE interface", "DOCTYPE yang-patch")
                + "<yang-patch xmlns=\"urn:ietf:params:xml:ns:yang:ietf-yang-patch\"><patch-id>p</patch-id><edit>"
                + "<edit-id>e</edit-id><operation>merge</operation><target>/interface=eth0</target><value>"
                + inner.substring(inner.indexOf("<interface")) + "</value></edit></yang-patch>";
            return bad(how + " in a YANG-Patch", http.request("PATCH", IFS, PATCH_XML, patch));
        }
        return bad(how + " in a POST", http.request("POST", IFS, XML, inner));
    }

    private Case oversized(final Random r) {
        switch (r.nextInt(6)) {
            case 0 -> {
                // a body over the limit, really sent (rarely: it costs megabytes)
                final int size = maxBodyBytes + 1 + r.nextInt(65_536);
                final byte[] body = new byte[size];
                Arrays.fill(body, (byte) ' ');
                final byte[] head = bytes("{\"openconfig-interfaces:interface\":[{\"name\":\"eth0\"");
                System.arraycopy(head, 0, body, 0, head.length);
                return bad("body of " + size + " bytes", http.request("PUT", ifPath(0), JSON, body));
            }
            case 1 -> {
                return bad("Content-Length of 10 GiB, no body sent", HttpRequests.raw("PUT " + ifPath(0) + " HTTP/1.1",
                    http.headers(JSON, 10L << 30), new byte[0]));
            }
            case 2 -> {
                final int chunks = maxBodyBytes / 65_536 + 2;
                final ByteArrayOutputStream body = new ByteArrayOutputStream(chunks * 65_600);
                final byte[] chunk = new byte[65_536];
                Arrays.fill(chunk, (byte) ' ');
                for (int i = 0; i < chunks; i++) {
                    body.writeBytes(bytes("10000\r\n"));
                    body.writeBytes(chunk);
                    body.writeBytes(bytes("\r\n"));
                }
                body.writeBytes(bytes("0\r\n\r\n"));
                final String headers = "Host: 127.0.0.1\r\nAuthorization: " + http.authorization()
                    + "\r\nContent-Type: " + JSON + "\r\nTransfer-Encoding: chunked\r\n";
                return bad("chunked body of " + chunks + " x 64 KiB", HttpRequests.raw("PUT " + ifPath(0)
                    + " HTTP/1.1", headers, body.toByteArray()));
            }
            case 3 -> {
                final int length = 20_000 + r.nextInt(40_000);
                return bad("request line of " + length + " bytes", http.request("GET", IFS + "/interface="
                    + "x".repeat(length), null, new byte[0]));
            }
            case 4 -> {
                final int length = 20_000 + r.nextInt(40_000);
                return bad("header of " + length + " bytes", HttpRequests.raw("GET " + IFS + " HTTP/1.1",
                    http.headers(null, 0) + "X-Fuzz: " + "y".repeat(length) + "\r\n", new byte[0]));
            }
            default -> {
                final StringBuilder many = new StringBuilder(http.headers(null, 0));
                for (int i = 0; i < 3_000; i++) {
                    many.append("X-Fuzz-").append(i).append(": v\r\n");
                }
                return bad("3,000 header fields", HttpRequests.raw("GET " + IFS + " HTTP/1.1", many.toString(),
                    new byte[0]));
            }
        }
    }

    private Case invalidUtf8(final Random r) {
        final byte[] bad = BAD_UTF8[r.nextInt(BAD_UTF8.length)];
        final String hex = HexFormat.of().formatHex(bad);
        switch (r.nextInt(6)) {
            case 0 -> {
                return bad("JSON body with bytes " + hex, http.request("PUT", ifPath(1), JSON, splice(
                    ifJson("eth1", 1500, "@"), bad)));
            }
            case 1 -> {
                return bad("XML body with bytes " + hex, http.request("PUT", ifPath(1), XML, splice(
                    ifXml("eth1", 1500, "@"), bad)));
            }
            case 2 -> {
                return bad("RPC input with bytes " + hex, http.request("POST",
                    "/rests/operations/uniconfig-manager:calculate-diff", JSON, splice(rpcJson("@"), bad)));
            }
            case 3 -> {
                return bad("path key percent-encoding bytes " + hex, http.request(pick(r, List.of("GET", "DELETE")),
                    IFS + "/interface=eth" + percent(bad), null, new byte[0]));
            }
            case 4 -> {
                return bad("query value percent-encoding bytes " + hex, http.request("GET", IFS + "?content="
                    + percent(bad), null, new byte[0]));
            }
            default -> {
                final byte[] line = bytes("PUT " + ifPath(1) + " HTTP/1.1");
                final ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(line);
                out.writeBytes(bytes("\r\nHost: 127.0.0.1\r\nAuthorization: " + http.authorization()
                    + "\r\nContent-Type: application/yang-data+json"));
                out.writeBytes(bad);
                final byte[] body = bytes(ifJson("eth1", 1500, "utf8-header"));
                out.writeBytes(bytes("\r\nContent-Length: " + body.length + "\r\n\r\n"));
                out.writeBytes(body);
                return bad("Content-Type with bytes " + hex, out.toByteArray());
            }
        }
    }

    private static byte[] splice(final String text, final byte[] bad) {
        final byte[] plain = bytes(text);
        final int at = text.indexOf('@');
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(plain, 0, at);
        out.writeBytes(bad);
        out.write(plain, at + 1, plain.length - at - 1);
        return out.toByteArray();
    }

    private static String percent(final byte[] raw) {
        final StringBuilder sb = new StringBuilder();
        for (byte b : raw) {
            sb.append('%').append(String.format("%02X", b & 0xFF));
        }
        return sb.toString();
    }

    private Case mediaType(final Random r) {
        final int n = r.nextInt(5);
        final String json = ifJson("eth" + n, 1500, "media");
        switch (r.nextInt(5)) {
            case 0 -> {
                final String type = pick(r, List.of("text/plain", "application/x-www-form-urlencoded",
                    "multipart/form-data; boundary=x", "application/octet-stream", PATCH_JSON, "garbage",
                    "application/", "*/*", "application/yang-data+jsonx", "json"));
                return bad("PUT with Content-Type " + type, http.request("PUT", ifPath(n), type, json));
            }
            case 1 -> {
                return bad("JSON sent as XML", http.request("PUT", ifPath(n), XML, json));
            }
            case 2 -> {
                return bad("XML sent as JSON", http.request("PUT", ifPath(n), JSON, ifXml("eth" + n, 1500, "m")));
            }
            case 3 -> {
                return bad("JSON YANG-Patch sent as XML YANG-Patch", http.request("PATCH", IFS, PATCH_XML,
                    "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{\"edit-id\":\"e\","
                        + "\"operation\":\"merge\",\"target\":\"/interface=eth" + n + "\",\"value\":" + json + "}]}}"));
            }
            default -> {
                return bad("RPC with Content-Type text/plain", http.request("POST",
                    "/rests/operations/" + pick(r, RPCS), "text/plain", rpcJson("R1")));
            }
        }
    }

    private Case apiPath(final Random r) {
        final String path = pick(r, List.of("/rests/data/nowhere:interfaces", "/rests/data/interfaces",
            IFS + "//interface=eth0", IFS + "/interface=eth0,eth1", "/rests/data/openconfig-interfaces:interfaces=x",
            ifPath(0) + "/config/mtu/x", ifPath(0) + "/nowhere:config", IFS + "/1interface", ifPath(0) + "/%zz",
            IFS + "/interface=%", IFS + "/interface=%4", ifPath(0) + "/yang-ext:mount/openconfig-interfaces:x",
            "/rests/data/../data/openconfig-interfaces:interfaces", "/rests/data/openconfig-interfaces:"
                + "a".repeat(5_000), "/rests/data/:interfaces", IFS + "/interface/config",
            ifPath(0) + "/config=1", "/rests/dataX", "/rests/data;x", "/rests/%64ata/openconfig-interfaces:interfaces",
            "/rests/data/openconfig-interfaces:interfaces/interface=eth0/config/nowhere",
            "/rests/data/openconfig-interfaces:interfaces/openconfig-interfaces:", "/rests/data/a:b:c",
            "/rests/data/openconfig-interfaces:interfaces/interface=eth0/config/mtu=1",
            "/rests/operations/nowhere:rpc", "/rests/operations/uniconfig-manager",
            "/rests/operations/uniconfig-manager:calculate-diff/extra", "/rests/operations/:x",
            "/rests/operations/uniconfig-manager:nothing", "/rests/data/ietf-restconf:errors"));
        final String method = pick(r, List.of("GET", "PUT", "POST", "PATCH", "DELETE"));
        final boolean body = !method.equals("GET") && !method.equals("DELETE");
        return bad(method + " " + (path.length() > 100 ? path.substring(0, 100) + "..." : path),
            http.request(method, path, body ? JSON : null, body ? ifJson("eth0", 1500, "path") : ""));
    }

    private Case keys(final Random r) {
        final int n = r.nextInt(5);
        switch (r.nextInt(4)) {
            case 0 -> {
                final String key = pick(r, List.of("-1", "4294967296", "abc", "1.5", "", "%20", "1%00", "99999999999"));
                final String method = pick(r, List.of("GET", "PUT", "DELETE"));
                final String body = method.equals("PUT") ? "{\"openconfig-interfaces:subinterface\":[{\"index\":0}]}"
                    : "";
                return bad(method + " subinterface index '" + key + "'", http.request(method, ifPath(n)
                    + "/subinterfaces/subinterface=" + key, method.equals("PUT") ? JSON : null, body));
            }
            case 1 -> {
                return bad("PUT with a body key unlike the path's", http.request("PUT", ifPath(n), JSON,
                    ifJson("eth" + (n + 1), 1500, "key")));
            }
            case 2 -> {
                return bad("PUT of a list entry without its key", http.request("PUT", ifPath(n), JSON,
                    "{\"openconfig-interfaces:interface\":[{\"config\":{\"mtu\":1500}}]}"));
            }
            default -> {
                return bad("PUT of two list entries at one key", http.request("PUT", ifPath(n), JSON,
                    "{\"openconfig-interfaces:interface\":[{\"name\":\"eth" + n + "\"},{\"name\":\"eth" + n
                        + "\"}]}"));
            }
        }
    }

    private Case query(final Random r) {
        final String q = pick(r, List.of("depth=0", "depth=-1", "depth=abc", "depth=65536", "depth=1e3",
            "content=x", "content=", "fields=", "fields=config(", "fields=a(b", "fields=)", "fields=nowhere",
            "with-defaults=bad", "with-defaults=report-all-tagged", "content=config&content=config", "insert=first",
            "point=x", "%zz=1", "a=%", "unknown=1", "depth=1&depth=2", "odl-pretty-print=true&fields=;;",
            "fields=config/nowhere", "depth=" + "9".repeat(30), "content=%FF"));
        final String method = pick(r, List.of("GET", "GET", "PUT", "DELETE", "POST"));
        final boolean body = method.equals("PUT") || method.equals("POST");
        final String path = method.equals("POST") ? "/rests/operations/" + pick(r, RPCS) : ifPath(r.nextInt(5));
        return bad(method + " ?" + q, http.request(method, path + "?" + q, body ? JSON : null,
            body ? (method.equals("POST") ? rpcJson("R1") : ifJson("eth0", 1500, "q")) : ""));
    }

    private Case yangPatch(final Random r) {
        final String value = ifJson("eth0", 1500, "patch");
        final String edit = "\"edit-id\":\"e1\",";
        final String body = pick(r, List.of(
            "{\"ietf-yang-patch:yang-patch\":{\"edit\":[{" + edit + "\"operation\":\"merge\",\"target\":\"/interface=eth0\","
                + "\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":{" + edit + "\"operation\":\"merge\"}}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[\"e1\"]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"target\":\"/interface=eth0\","
                + "\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"frobnicate\","
                + "\"target\":\"/interface=eth0\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"move\","
                + "\"target\":\"/interface=eth0\",\"point\":\"/interface=eth1\",\"where\":\"before\"}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"interface=eth0\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/nowhere:x\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth1\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"delete\","
                + "\"target\":\"/interface=eth0\",\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\"}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"insert\","
                + "\"target\":\"/interface=eth7\",\"where\":\"before\",\"point\":\"/interface=eth0\",\"value\":"
                + ifJson("eth7", 1500, "p") + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\",\"where\":{},\"value\":" + value + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\",\"value\":{\"openconfig-interfaces:interface\":[{\"name\":\"eth0\","
                + "\"colour\":1}]}}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\",\"value\":" + ifJson("eth0", 99_999_999, "p") + "}]}}",
            "{\"ietf-yang-patch:yang-patch\":{\"patch-id\":\"p\",\"edit\":[{" + edit + "\"operation\":\"merge\","
                + "\"target\":\"/interface=eth0\",\"value\":[]}]}}",
            "{\"ietf-yang-patch:yang-patch\":[]}", "{\"yang-patch\":{}}", "[]", "{\"ietf-yang-patch:yang-patch\":"));
        if (r.nextInt(4) == 0) {
            final String xml = pick(r, List.of(
                "<yang-patch xmlns=\"urn:ietf:params:xml:ns:yang:ietf-yang-patch\"><edit><edit-id>e</edit-id>"
                    + "<operation>merge</operation><target>/interface=eth0</target><value>"
                    + ifXml("eth0", 1500, "x") + "</value></edit></yang-patch>",
                "<yang-patch xmlns=\"urn:ietf:params:xml:ns:yang:ietf-yang-patch\"><patch-id>p</patch-id><colour/>"
                    + "</yang-patch>",
                "<yang-patch xmlns=\"urn:ietf:params:xml:ns:yang:ietf-yang-patch\"><patch-id>p</patch-id><edit>"
                    + "<edit-id>e</edit-id><operation>merge</operation><target>/interface=eth0</target><value>"
                    + ifXml("eth0", 1500, "x") + ifXml("eth1", 1500, "x") + "</value></edit></yang-patch>",
                "<yang-patch xmlns=\"urn:ietf:params:xml:ns:yang:ietf-yang-patch\"><patch-id>p</patch-id><edit>"
                    + "<edit-id>e</edit-id><operation>merge</operation><value>" + ifXml("eth0", 1500, "x")
                    + "</value></edit></yang-patch>",
                "<yang-patch xmlns=\"urn:wrong\"><patch-id>p</patch-id></yang-patch>"));
            return bad("YANG-Patch XML", http.request("PATCH", IFS, PATCH_XML, xml));
        }
        return bad("YANG-Patch " + (body.length() > 90 ? body.substring(0, 90) + "..." : body),
            http.request("PATCH", IFS, PATCH_JSON, body));
    }

    private Case rpcInput(final Random r) {
        if (r.nextInt(3) == 0) {
            // well-formed, naming nodes that do not exist: any answer but a 5xx, and nothing changes
            final String rpc = pick(r, List.of("uniconfig-manager:calculate-diff", "uniconfig-manager:is-in-sync",
                "uniconfig-manager:compare-config", "uniconfig-manager:dry-run-commit"));
            final String body = pick(r, List.of(rpcJson("no-such-node-" + r.nextInt(1000)), rpcJson(),
                rpcJson("", "a/b", "\u00e9t\u00e9"), rpcJson("R1", "R1"),
                rpcJson(IntStream.range(0, 1000).mapToObj(i -> "n" + i).toArray(String[]::new))));
            return new Case("RPC " + rpc + " on unknown nodes", http.request("POST", "/rests/operations/" + rpc, JSON,
                body), Expect.NO_SERVER_ERROR);
        }
        final String rpc = pick(r, r.nextInt(4) == 0 ? OTHER_RPCS : RPCS);
        if (r.nextInt(4) == 0) {
            final String xml = pick(r, List.of(
                "<input xmlns=\"urn:sextant:uniconfig-manager\"><target-nodes><node><x/></node></target-nodes></input>",
                "<input xmlns=\"urn:wrong\"><target-nodes><node>R1</node></target-nodes></input>",
                "<output xmlns=\"urn:sextant:uniconfig-manager\"/>",
                "<input xmlns=\"urn:sextant:uniconfig-manager\"><colour>1</colour></input>",
                "<input xmlns=\"urn:sextant:uniconfig-manager\"><target-nodes><target-nodes/></target-nodes></input>"));
            return bad("RPC " + rpc + " XML input " + xml.substring(0, Math.min(60, xml.length())), http.request("POST",
                "/rests/operations/" + rpc, XML, xml));
        }
        final String body = pick(r, List.of("{\"input\":{\"target-nodes\":{\"node\":{\"a\":1}}}}",
            "{\"input\":{\"target-nodes\":{\"node\":[[\"R1\"]]}}}", "{\"input\":{\"target-nodes\":{\"node\":[{}]}}}",
            "{\"input\":{\"target-nodes\":[{\"node\":[\"R1\"]}]}}", "{\"input\":{\"target-nodes\":{\"nodes\":[\"R1\"]}}}",
            "{\"input\":{\"colour\":1}}", "{\"output\":{}}", "{\"input\":{\"target-nodes\":\"R1\"}}",
            "{\"input\":[]}", "{\"input\":{\"target-nodes\":{\"node\":[\"R1\"]},\"target-nodes\":{}}}",
            "{\"nowhere:input\":{}}", "{\"input\":{\"snapshot-name\":{\"a\":1}}}", "{\"input\":{\"node\":7}}",
            "{\"input\":{\"target-nodes\":{\"node\":[\"R1\"],\"node\":{}}}}"));
        return bad("RPC " + rpc + " input " + body, http.request("POST", "/rests/operations/" + rpc, JSON, body));
    }

    private Case mountBody(final Random r) {
        final int n = r.nextInt(5);
        final String id = "fuzz" + n;
        final String base = "{\"network-topology:node\":[{\"node-id\":\"" + id + "\",";
        final String body = pick(r, List.of(
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:transport-type\":\"ssh\"}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":\"abc\"}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":70000}]}",
            base + "\"netconf-node-topology:host\":{},\"netconf-node-topology:port\":830}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:tcp-only\":\"yes\"}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:login-password-unencrypted\":"
                + "\"admin\"}]}",
            "{\"network-topology:node\":[{\"node-id\":\"other\",\"netconf-node-topology:host\":\"127.0.0.1\","
                + "\"netconf-node-topology:port\":830}]}",
            "{\"network-topology:node\":[{\"netconf-node-topology:host\":\"127.0.0.1\"}]}",
            base + "\"netconf-node-topology:port\":830}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:port\":830},{\"node-id\":\""
                + id + "\"}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"netconf-node-topology:max-connection-attempts\":"
                + "-1}]}",
            base + "\"netconf-node-topology:host\":\"127.0.0.1\",\"nowhere:leaf\":1}]}"));
        if (r.nextInt(4) == 0) {
            return bad("mount body in XML with an unknown element", http.request("PUT", TOPO + "/node=" + id, XML,
                "<node xmlns=\"" + TOPO_NS + "\"><node-id>" + id + "</node-id><host xmlns=\"" + NC_NS
                    + "\">127.0.0.1</host><transport-type xmlns=\"" + NC_NS + "\">ssh</transport-type></node>"));
        }
        return bad("mount body " + body.substring(Math.min(body.length(), 40)), http.request("PUT",
            TOPO + "/node=" + id, JSON, body));
    }

    private Case httpProtocol(final Random r) {
        final String auth = "Authorization: " + http.authorization() + "\r\n";
        final String host = "Host: 127.0.0.1\r\nConnection: close\r\n";
        switch (r.nextInt(16)) {
            case 0 -> {
                return bad("bare method", bytes("GET\r\n\r\n"));
            }
            case 1 -> {
                return bad("HTTP/9.9", bytes("GET /rests/data HTTP/9.9\r\n" + host + auth + "\r\n"));
            }
            case 2 -> {
                return bad("garbage request line", bytes("GARBAGE\r\n\r\n"));
            }
            case 3 -> {
                final byte[] junk = new byte[20 + r.nextInt(200)];
                for (int i = 0; i < junk.length; i++) {
                    junk[i] = (byte) (1 + r.nextInt(255));
                    if (junk[i] == '\r' || junk[i] == '\n') {
                        junk[i] = 'x';
                    }
                }
                final ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.writeBytes(junk);
                out.writeBytes(bytes("\r\n\r\n"));
                return bad("binary junk", out.toByteArray());
            }
            case 4 -> {
                return bad("header without colon", bytes("GET " + IFS + " HTTP/1.1\r\n" + host + auth
                    + "NoColonHere\r\n\r\n"));
            }
            case 5 -> {
                return bad("Content-Length abc", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host + auth
                    + "Content-Type: " + JSON + "\r\nContent-Length: abc\r\n\r\n{}"));
            }
            case 6 -> {
                return bad("Content-Length -1", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host + auth
                    + "Content-Type: " + JSON + "\r\nContent-Length: -1\r\n\r\n{}"));
            }
            case 7 -> {
                return bad("two different Content-Lengths", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host + auth
                    + "Content-Type: " + JSON + "\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}x"));
            }
            case 8 -> {
                return bad("invalid chunk size", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host + auth
                    + "Content-Type: " + JSON + "\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"));
            }
            case 9 -> {
                return bad("Content-Length and chunked, chunk broken", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host
                    + auth + "Content-Type: " + JSON + "\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "q\r\n{}\r\n0\r\n\r\n"));
            }
            case 10 -> {
                return bad("no credentials", bytes("GET " + IFS + " HTTP/1.1\r\n" + host + "\r\n"));
            }
            case 11 -> {
                return bad("wrong credentials", bytes("GET " + IFS + " HTTP/1.1\r\n" + host
                    + pick(r, List.of("Authorization: Basic YWRtaW46d3Jvbmc=\r\n", "Authorization: Basic !!!\r\n",
                    "Authorization: Bearer x\r\n", "Authorization: Basic\r\n", "Authorization: Basic "
                        + "A".repeat(4000) + "\r\n")) + "\r\n"));
            }
            case 12 -> {
                return bad("unsupported expectation", bytes("PUT " + ifPath(0) + " HTTP/1.1\r\n" + host + auth
                    + "Content-Type: " + JSON + "\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}"));
            }
            case 13 -> {
                return bad("NUL in the path", bytes("GET /rests/data\u0000/x HTTP/1.1\r\n" + host + auth + "\r\n"));
            }
            case 14 -> {
                return new Case("absolute-form target", bytes("GET http://127.0.0.1/rests/data/"
                    + "openconfig-interfaces:interfaces HTTP/1.1\r\n" + host + auth + "\r\n"), Expect.NO_SERVER_ERROR);
            }
            default -> {
                return new Case("HTTP/1.0 without Host", bytes("GET " + IFS + " HTTP/1.0\r\n" + auth + "\r\n"),
                    Expect.NO_SERVER_ERROR);
            }
        }
    }

    private Case method(final Random r) {
        final String[] pair = pick(r, List.of(new String[] {"TRACE", "/rests/data"},
            new String[] {"FOO", "/rests/data"}, new String[] {"get", IFS},
            new String[] {"PUT", "/rests/operations/uniconfig-manager:commit"}, new String[] {"DELETE", "/rests"},
            new String[] {"POST", "/rests/yang-library-version"},
            new String[] {"GET", "/rests/operations/uniconfig-manager:commit"}, new String[] {"PATCH", "/rests/operations"},
            new String[] {"PUT", "/rests"}, new String[] {"DELETE", "/rests/data"}, new String[] {"GET", "/nope"},
            new String[] {"GET", "/"}, new String[] {"GET", "/.well-known/nothing"}, new String[] {"GET", "*"},
            new String[] {"CONNECT", "127.0.0.1:80"}, new String[] {"DELETE", "/rests/operations/uniconfig-manager:commit"}));
        final boolean body = pair[0].equals("PUT") || pair[0].equals("POST") || pair[0].equals("PATCH");
        return bad(pair[0] + " " + pair[1], http.request(pair[0], pair[1], body ? JSON : null,
            body ? ifJson("eth0", 1500, "m") : ""));
    }
}
