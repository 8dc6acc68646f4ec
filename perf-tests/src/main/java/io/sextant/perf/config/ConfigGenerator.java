package io.sextant.perf.config;

import static io.sextant.perf.config.OpenConfigWriter.ACL;
import static io.sextant.perf.config.OpenConfigWriter.INTERFACES;
import static io.sextant.perf.config.OpenConfigWriter.NETWORK_INSTANCES;

import io.sextant.perf.config.OpenConfigWriter.AclEntry;
import io.sextant.perf.config.OpenConfigWriter.Neighbor;
import io.sextant.perf.config.OpenConfigWriter.Subinterface;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generates realistic OpenConfig device configurations, deterministic per seed.
 *
 * <p>A configuration is a number of repeated units on a fixed base (CPE: access ports with two
 * customer subinterfaces each; PE router: customer VRFs, each with a subinterface, static routes,
 * BGP neighbors and an ingress ACL). The unit count is chosen so that the pretty-printed JSON comes
 * out at the requested number of lines. Every unit draws its own values from a random generator
 * seeded with (seed, unit index), so unit k is the same whatever the total.
 *
 * <p>OpenConfig as shipped in ydk-models-openconfig 0.1.9 has no NAT model, so the NAT44 of the
 * reference PE router is not represented; its share of lines goes to the other features.
 */
public final class ConfigGenerator {
    private ConfigGenerator() {
    }

    /** A configuration of about {@code targetLines} lines (within a few percent for targets of 500 and up). */
    public static GeneratedConfig generate(final DeviceProfile profile, final long seed, final int targetLines) {
        // lines grow linearly with units: measure the slope on a sample, solve, then correct once
        final int sample = profile == DeviceProfile.CPE ? 4 : 8;
        final int base = render(profile, seed, 1).lines();
        final double perUnit = Math.max(1.0, (render(profile, seed, 1 + sample).lines() - base) / (double) sample);
        int units = Math.max(1, 1 + (int) Math.round((targetLines - base) / perUnit));
        GeneratedConfig config = render(profile, seed, units);
        final int correction = (int) Math.round((targetLines - config.lines()) / perUnit);
        if (correction != 0 && units + correction >= 1) {
            units += correction;
            config = render(profile, seed, units);
        }
        return config;
    }

    /** A configuration with exactly {@code units} repeated units. */
    public static GeneratedConfig render(final DeviceProfile profile, final long seed, final int units) {
        return new GeneratedConfig(profile, seed, units, switch (profile) {
            case CPE -> new Cpe(seed, units).render();
            case PE_ROUTER -> new PeRouter(seed, units).render();
        });
    }

    static Random unitRandom(final long seed, final int unit) {
        return new Random(seed * 0x9E3779B97F4A7C15L + unit);
    }

    static String ipv4(final int a, final int b, final int c, final int d) {
        return a + "." + (b & 0xff) + "." + (c & 0xff) + "." + (d & 0xff);
    }

    private static final String[] CUSTOMERS = {
        "acme", "globex", "initech", "umbrella", "hooli", "stark", "wayne", "wonka", "tyrell", "cyberdyne",
        "soylent", "vandelay", "gringotts", "oscorp", "aperture", "monarch", "nakatomi", "dunder", "pied", "sirius",
    };

    static String customer(final Random random) {
        return CUSTOMERS[random.nextInt(CUSTOMERS.length)];
    }

    /** Customer premises router: uplink, access ports with one subinterface per VRF, BGP to the provider. */
    private static final class Cpe {
        private final long seed;
        private final int ports;
        private final int vrfs;
        private final long as;

        Cpe(final long seed, final int ports) {
            this.seed = seed;
            this.ports = ports;
            final Random device = unitRandom(seed, -1);
            this.vrfs = 1 + device.nextInt(2);
            this.as = 65000 + device.nextInt(500);
        }

        Map<String, String> render() {
            final Map<String, String> parts = new LinkedHashMap<>();
            parts.put(INTERFACES, interfaces());
            parts.put(NETWORK_INSTANCES, networkInstances());
            parts.put(ACL, acl());
            return parts;
        }

        private String interfaces() {
            final JsonOut out = new JsonOut().begin().object(INTERFACES).list("interface");
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            oc.loopback("lo0", routerId());
            oc.ethernetInterface("ge-0/0/0", "uplink to provider", 1500,
                List.of(new Subinterface(0, "wan", 0, ipv4(100, 64, (int) seed, 2), 30)));
            for (int port = 1; port <= ports; port++) {
                final Random random = unitRandom(seed, port);
                final List<Subinterface> subs = new ArrayList<>();
                for (int vrf = 1; vrf <= vrfs; vrf++) {
                    subs.add(new Subinterface(vrf * 100 + port, "lan " + customer(random) + " vrf " + vrf,
                        vrf * 100 + port, ipv4(10, vrf, port, 1), 24));
                }
                oc.ethernetInterface("ge-0/0/" + port, "lan port " + port, 1500 + random.nextInt(2) * 7500, subs);
            }
            return out.endList().end().end().finish();
        }

        private String routerId() {
            return ipv4(10, 255, (int) (seed >> 8), (int) seed);
        }

        private String networkInstances() {
            final JsonOut out = new JsonOut().begin().object(NETWORK_INSTANCES).list("network-instance");
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            oc.beginNetworkInstance("default", "DEFAULT_INSTANCE", "global routing", null, routerId());
            oc.beginProtocols();
            oc.bgp(as, routerId(), List.of(
                new Neighbor("100.64.0.1", 64500, "provider edge a", false),
                new Neighbor("100.64.0.5", 64500, "provider edge b", false)));
            oc.staticRoutes(List.<String[]>of(new String[] {"0.0.0.0/0", "100.64.0.1", "100.64.0.5"}));
            oc.endProtocols();
            oc.end();
            for (int vrf = 1; vrf <= vrfs; vrf++) {
                oc.beginNetworkInstance("lan-" + vrf, "L3VRF", "customer lan " + vrf, "65000:" + vrf, routerId());
                final List<String[]> members = new ArrayList<>();
                final List<String[]> routes = new ArrayList<>();
                for (int port = 1; port <= ports; port++) {
                    members.add(new String[] {"ge-0/0/" + port, Integer.toString(vrf * 100 + port)});
                    routes.add(new String[] {ipv4(172, 16 + vrf, port, 0) + "/24", ipv4(10, vrf, port, 254)});
                }
                oc.instanceInterfaces(members);
                oc.beginProtocols();
                oc.staticRoutes(routes);
                oc.endProtocols();
                oc.end();
            }
            return out.endList().end().end().finish();
        }

        private String acl() {
            final JsonOut out = new JsonOut().begin().object(ACL);
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            out.object("acl-sets").list("acl-set");
            final List<AclEntry> entries = new ArrayList<>();
            int sequence = 10;
            for (int port = 1; port <= ports; port++) {
                final Random random = unitRandom(seed, 1000 + port);
                for (int vrf = 1; vrf <= vrfs; vrf++) {
                    entries.add(new AclEntry(sequence, "lan " + port + " vrf " + vrf + " " + customer(random),
                        ipv4(10, vrf, port, 0) + "/24", "0.0.0.0/0", random.nextBoolean() ? 6 : 17,
                        random.nextBoolean() ? 443 : 53, true));
                    sequence += 10;
                }
            }
            entries.add(new AclEntry(sequence, "deny the rest", "0.0.0.0/0", "0.0.0.0/0", 6, 23, false));
            oc.aclSet("wan-in", "traffic accepted from the lan ports", entries);
            out.endList().end();
            out.object("interfaces").list("interface");
            oc.aclBinding("ge-0/0/0", 0, "wan-in", false);
            out.endList().end();
            return out.end().end().finish();
        }
    }

    /**
     * Multi-tenant provider edge router: core uplinks, one customer VRF per unit with its access
     * subinterface, static routes, BGP sessions to the customer edge and an ingress ACL, and a
     * backbone ACL on the uplinks.
     */
    private static final class PeRouter {
        private static final int CORE_PORTS = 8;
        private static final int VRFS_PER_PORT = 100;
        private static final long AS = 64500;

        private final long seed;
        private final int vrfs;

        PeRouter(final long seed, final int vrfs) {
            this.seed = seed;
            this.vrfs = vrfs;
        }

        Map<String, String> render() {
            final Map<String, String> parts = new LinkedHashMap<>();
            parts.put(INTERFACES, interfaces());
            parts.put(NETWORK_INSTANCES, networkInstances());
            parts.put(ACL, acl());
            return parts;
        }

        private static String accessPort(final int vrf) {
            return "xe-1/0/" + (vrf / VRFS_PER_PORT);
        }

        private static int vlan(final int vrf) {
            return 1000 + vrf % VRFS_PER_PORT;
        }

        private String routerId() {
            return ipv4(10, 254, (int) (seed >> 8), (int) seed);
        }

        private String interfaces() {
            final JsonOut out = new JsonOut().begin().object(INTERFACES).list("interface");
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            oc.loopback("lo0", routerId());
            for (int core = 0; core < CORE_PORTS; core++) {
                oc.ethernetInterface("et-0/0/" + core, "core uplink " + core, 9192,
                    List.of(new Subinterface(0, "core", 0, ipv4(10, 0, core, 2 * (int) (seed & 0x7f)), 31)));
            }
            for (int port = 0; port * VRFS_PER_PORT < vrfs; port++) {
                final List<Subinterface> subs = new ArrayList<>();
                for (int vrf = port * VRFS_PER_PORT; vrf < Math.min(vrfs, (port + 1) * VRFS_PER_PORT); vrf++) {
                    final Random random = unitRandom(seed, vrf);
                    subs.add(new Subinterface(vlan(vrf), "customer " + customer(random) + " " + vrf, vlan(vrf),
                        ipv4(100, 64 + vrf / 16384, vrf / 64, (vrf % 64) * 4 + 1), 30));
                }
                oc.ethernetInterface(accessPort(port * VRFS_PER_PORT), "customer access " + port, 9192, subs);
            }
            return out.endList().end().end().finish();
        }

        private String networkInstances() {
            final JsonOut out = new JsonOut().begin().object(NETWORK_INSTANCES).list("network-instance");
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            oc.beginNetworkInstance("default", "DEFAULT_INSTANCE", "backbone", null, routerId());
            oc.beginProtocols();
            final List<Neighbor> core = new ArrayList<>();
            for (int rr = 0; rr < CORE_PORTS; rr++) {
                core.add(new Neighbor(ipv4(10, 255, 0, rr + 1), AS, "route reflector " + rr, true));
            }
            oc.bgp(AS, routerId(), core);
            oc.endProtocols();
            oc.end();
            for (int vrf = 0; vrf < vrfs; vrf++) {
                final Random random = unitRandom(seed, vrf);
                final String customer = customer(random);
                oc.beginNetworkInstance(String.format("cust-%05d", vrf), "L3VRF", "tenant " + customer,
                    "65000:" + (10_000 + vrf), routerId());
                oc.instanceInterfaces(List.<String[]>of(new String[] {accessPort(vrf), Integer.toString(vlan(vrf))}));
                oc.beginProtocols();
                final String ce = ipv4(100, 64 + vrf / 16384, vrf / 64, (vrf % 64) * 4 + 2);
                final List<String[]> routes = new ArrayList<>();
                final int routeCount = 8 + random.nextInt(7);
                for (int r = 0; r < routeCount; r++) {
                    final String prefix = ipv4(172, 16 + r, vrf >> 8, vrf) + "/" + (24 + random.nextInt(5));
                    routes.add(random.nextInt(4) == 0 ? new String[] {prefix, ce, "openconfig-local-routing:DROP"}
                        : new String[] {prefix, ce});
                }
                oc.staticRoutes(routes);
                final List<Neighbor> neighbors = new ArrayList<>();
                final int neighborCount = 2 + random.nextInt(3);
                for (int n = 0; n < neighborCount; n++) {
                    neighbors.add(new Neighbor(ipv4(100, 64 + vrf / 16384, vrf / 64, (vrf % 64) * 4 + 2 + (n & 1)),
                        65000 + random.nextInt(1000) + n, customer + " ce " + n, false));
                }
                oc.bgp(AS, routerId(), neighbors);
                oc.endProtocols();
                oc.end();
            }
            return out.endList().end().end().finish();
        }

        private String acl() {
            final JsonOut out = new JsonOut().begin().object(ACL);
            final OpenConfigWriter oc = new OpenConfigWriter(out);
            out.object("acl-sets").list("acl-set");
            final List<AclEntry> backbone = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                backbone.add(new AclEntry(10 * (i + 1), "protect backbone block " + i, "100.64.0.0/10",
                    ipv4(10, 200 + i / 8, i, 0) + "/24", 6, 22 + i, false));
            }
            backbone.add(new AclEntry(1000, "permit transit", "0.0.0.0/0", "0.0.0.0/0", 6, 443, true));
            oc.aclSet("backbone-protect", "customer traffic must not reach the backbone", backbone);
            for (int vrf = 0; vrf < vrfs; vrf++) {
                final Random random = unitRandom(seed, vrf + 1_000_000);
                final List<AclEntry> entries = new ArrayList<>();
                final int count = 6 + random.nextInt(5);
                for (int e = 0; e < count; e++) {
                    entries.add(new AclEntry(10 * (e + 1), "rule " + e,
                        ipv4(172, 16 + e, vrf >> 8, vrf) + "/24", ipv4(198, 18 + (e & 1), random.nextInt(256), 0) + "/24",
                        random.nextBoolean() ? 6 : 17, 1 + random.nextInt(65_000), random.nextInt(5) != 0));
                }
                oc.aclSet(String.format("cust-%05d-in", vrf), "ingress filter", entries);
            }
            out.endList().end();
            out.object("interfaces").list("interface");
            for (int core = 0; core < CORE_PORTS; core++) {
                oc.aclBinding("et-0/0/" + core, 0, "backbone-protect", false);
            }
            for (int vrf = 0; vrf < vrfs; vrf++) {
                oc.aclBinding(accessPort(vrf), vlan(vrf), String.format("cust-%05d-in", vrf), true);
            }
            out.endList().end();
            return out.end().end().finish();
        }
    }
}
