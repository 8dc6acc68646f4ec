package io.sextant.testing.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The command interpreter of one simulated IOS 15 device: exec and configuration modes with
 * IOS's prompts, a running configuration that changes line by line as commands arrive, and
 * IOS's error messages. One engine serves every session of its device; callers synchronize.
 *
 * <p>It speaks the dialect of the {@code ios} translation unit: interfaces (description, mtu,
 * shutdown, ip address [secondary], vrf forwarding), {@code vrf definition} with rd and
 * address-family, {@code ip route [vrf]}, {@code router bgp} with neighbors and address
 * families. Other configuration lines are stored as they come (a permissive device).
 */
final class IosEngine {
    private static final String INVALID = "% Invalid input detected at '^' marker.";
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern INTERFACE = Pattern.compile("interface (\\S+)");
    private static final Pattern LOGICAL = Pattern.compile("(?i)(Loopback|Tunnel|Vlan|Port-channel|BVI)\\d+");
    private static final Pattern ROUTER_BGP = Pattern.compile("router bgp (\\d+)");
    private static final Pattern VRF_DEFINITION = Pattern.compile("vrf definition (\\S+)");
    private static final Pattern ADDRESS_FAMILY = Pattern.compile("address-family ipv4(?: unicast)?(?: vrf (\\S+))?");
    private static final Pattern IP_ADDRESS = Pattern.compile("ip address (\\S+) (\\S+)( secondary)?");
    private static final Pattern IP_ROUTE = Pattern.compile("ip route (?:vrf \\S+ )?(\\S+) (\\S+) .+");
    private static final Pattern NEIGHBOR = Pattern.compile("neighbor (\\S+) (remote-as \\d+|description .+|activate|"
        + "shutdown)");
    private static final Pattern VRF_FORWARDING = Pattern.compile("vrf forwarding (\\S+)");

    private final String hostname;
    private final ConfigTree config;
    private int countersCleared;

    /** One session's position: exec or configuration, and the blocks entered. */
    static final class Mode {
        private boolean config;
        private final List<ConfigTree> blocks = new ArrayList<>();
        /** A question waiting for its answer (shown instead of the prompt), or null. */
        private @Nullable String question;
    }

    IosEngine(final String hostname, final String initialConfig) {
        this.hostname = hostname;
        this.config = ConfigTree.parse(initialConfig);
    }

    String hostname() {
        return hostname;
    }

    /** How often {@code clear counters} was confirmed. */
    int countersCleared() {
        return countersCleared;
    }

    String prompt(final Mode mode) {
        final String question = mode.question;
        if (question != null) {
            return question;
        }
        if (!mode.config) {
            return hostname + "#";
        }
        if (mode.blocks.isEmpty()) {
            return hostname + "(config)#";
        }
        final String block = mode.blocks.get(mode.blocks.size() - 1).line();
        final String parent = mode.blocks.size() > 1 ? mode.blocks.get(mode.blocks.size() - 2).line() : "";
        final String suffix;
        if (block.startsWith("interface")) {
            suffix = "config-if";
        } else if (block.startsWith("router")) {
            suffix = "config-router";
        } else if (block.startsWith("address-family")) {
            suffix = parent.startsWith("vrf") ? "config-vrf-af" : "config-router-af";
        } else if (block.startsWith("vrf")) {
            suffix = "config-vrf";
        } else if (block.startsWith("line")) {
            suffix = "config-line";
        } else {
            suffix = "config-" + block.split(" ")[0];
        }
        return hostname + "(" + suffix + ")#";
    }

    /**
     * Execute one line typed at the prompt.
     *
     * @return the output (without echo and prompt); empty when none; {@code null} when the
     *     session ends (exit from exec mode)
     */
    @Nullable String execute(final Mode mode, final String typed) {
        final String line = typed.strip();
        if (mode.question != null) {
            // IOS takes Enter or y as yes, anything else as no
            mode.question = null;
            if (line.isEmpty() || line.startsWith("y")) {
                countersCleared++;
            }
            return "";
        }
        if (line.isEmpty()) {
            return "";
        }
        return mode.config ? configure(mode, line) : exec(mode, line);
    }

    private @Nullable String exec(final Mode mode, final String line) {
        if (line.startsWith("terminal ") || line.equals("enable")) {
            return "";
        }
        if (line.equals("exit") || line.equals("logout") || line.equals("quit")) {
            return null;
        }
        if (line.equals("configure terminal") || line.equals("conf t")) {
            mode.config = true;
            mode.blocks.clear();
            return "Enter configuration commands, one per line.  End with CNTL/Z.";
        }
        if (line.equals("show running-config") || line.equals("show run")) {
            return runningConfig();
        }
        if (line.equals("clear counters")) {
            mode.question = "Clear \"show interface\" counters on all interfaces [confirm]";
            return "";
        }
        if (line.equals("show version")) {
            return "Cisco IOS Software, IOSv Software (VIOS-ADVENTERPRISEK9-M), Version 15.6(2)T, RELEASE SOFTWARE (fc2)\n"
                + hostname + " uptime is 1 hour, 2 minutes";
        }
        return invalid(line, 0);
    }

    private @Nullable String configure(final Mode mode, final String line) {
        if (line.equals("end")) {
            mode.config = false;
            mode.blocks.clear();
            return "";
        }
        if (line.equals("exit")) {
            if (mode.blocks.isEmpty()) {
                mode.config = false;
            } else {
                mode.blocks.remove(mode.blocks.size() - 1);
            }
            return "";
        }
        if (line.equals("exit-address-family")) {
            if (!mode.blocks.isEmpty() && current(mode).line().startsWith("address-family")) {
                mode.blocks.remove(mode.blocks.size() - 1);
                return "";
            }
            return invalid(line, 0);
        }
        if (line.startsWith("do ")) {
            return exec(new Mode(), line.substring(3));
        }
        // a top-level command typed in a sub-mode leaves the sub-mode first, as IOS does
        if (!mode.blocks.isEmpty() && isTopLevel(line)) {
            mode.blocks.clear();
        }
        return mode.blocks.isEmpty() ? topLevel(mode, line) : inBlock(mode, line);
    }

    private static boolean isTopLevel(final String line) {
        return line.startsWith("interface ") || line.startsWith("router ") || line.startsWith("vrf definition ")
            || line.startsWith("ip route ") || line.startsWith("no ip route ") || line.startsWith("no interface ")
            || line.startsWith("no router ") || line.startsWith("no vrf definition ")
            || line.startsWith("default interface ") || line.startsWith("hostname ");
    }

    private ConfigTree current(final Mode mode) {
        return mode.blocks.get(mode.blocks.size() - 1);
    }

    private String topLevel(final Mode mode, final String line) {
        Matcher m = INTERFACE.matcher(line);
        if (m.matches()) {
            final Optional<ConfigTree> existing = config.child(line);
            if (existing.isEmpty() && !LOGICAL.matcher(m.group(1)).matches()) {
                return invalid(line, "interface ".length());
            }
            mode.blocks.add(existing.orElseGet(() -> config.add(line)));
            return "";
        }
        m = ROUTER_BGP.matcher(line);
        if (m.matches()) {
            final Optional<ConfigTree> other = config.find(l -> l.startsWith("router bgp ") && !l.equals(line));
            if (other.isPresent()) {
                return "% BGP is already running; AS is " + other.orElseThrow().line().substring(11);
            }
            mode.blocks.add(config.block(line));
            return "";
        }
        if (VRF_DEFINITION.matcher(line).matches()) {
            mode.blocks.add(config.block(line));
            return "";
        }
        m = IP_ROUTE.matcher(line);
        if (m.matches()) {
            if (!isAddress(m.group(1)) || !isAddress(m.group(2))) {
                return invalid(line, line.indexOf(m.group(1)));
            }
            if (config.child(line).isEmpty()) {
                config.add(line);
            }
            return "";
        }
        if (line.startsWith("no ip route ")) {
            config.remove(line.substring(3)::equals);
            return "";
        }
        if (line.startsWith("no interface ")) {
            final String name = line.substring("no interface ".length());
            if (!LOGICAL.matcher(name).matches()) {
                return "% Invalid input detected at '^' marker.";
            }
            config.remove(("interface " + name)::equals);
            return "";
        }
        if (line.startsWith("default interface ")) {
            final Optional<ConfigTree> iface = config.child(line.substring("default ".length()));
            if (iface.isEmpty()) {
                return invalid(line, "default interface ".length());
            }
            iface.orElseThrow().children().clear();
            return "Interface " + line.substring("default interface ".length()) + " set to default configuration";
        }
        if (line.startsWith("no router bgp ")) {
            if (config.remove(line.substring(3)::equals) == 0) {
                return "% BGP not active";
            }
            return "";
        }
        m = Pattern.compile("no vrf definition (\\S+)").matcher(line);
        if (m.matches()) {
            return deleteVrf(m.group(1));
        }
        if (line.startsWith("no ")) {
            config.remove(line.substring(3)::equals);
            return "";
        }
        // anything else is kept as a top-level line, replacing one with the same first word pair
        config.set(l -> l.equals(line), line);
        return "";
    }

    private String deleteVrf(final String vrf) {
        if (config.remove(("vrf definition " + vrf)::equals) == 0) {
            return "% VRF " + vrf + " not configured";
        }
        final StringBuilder out = new StringBuilder();
        for (ConfigTree iface : config.children()) {
            if (iface.line().startsWith("interface ")
                    && iface.remove(l -> l.equals("vrf forwarding " + vrf)) > 0) {
                iface.children().stream().filter(c -> c.line().startsWith("ip address ")).findFirst().ifPresent(a ->
                    out.append("% Interface ").append(iface.line().substring(10)).append(" IP address ")
                        .append(a.line().split(" ")[2]).append(" removed due to disabling VRF ").append(vrf));
                iface.remove(l -> l.startsWith("ip address "));
            }
        }
        config.find(l -> l.startsWith("router bgp ")).ifPresent(bgp ->
            bgp.remove(l -> l.equals("address-family ipv4 vrf " + vrf)));
        config.remove(l -> l.startsWith("ip route vrf " + vrf + " "));
        return out.toString();
    }

    private String inBlock(final Mode mode, final String line) {
        final ConfigTree block = current(mode);
        final String kind = block.line();
        if (kind.startsWith("interface ")) {
            return interfaceCommand(block, line);
        }
        if (kind.startsWith("router bgp ") || kind.startsWith("address-family") && mode.blocks.size() > 1
                && mode.blocks.get(0).line().startsWith("router bgp ")) {
            return bgpCommand(mode, block, line);
        }
        if (kind.startsWith("vrf definition ") || kind.startsWith("address-family")) {
            if (ADDRESS_FAMILY.matcher(line).matches() && kind.startsWith("vrf definition ")) {
                mode.blocks.add(block.block("address-family ipv4"));
                return "";
            }
            return keyed(block, line, "rd", "description");
        }
        return keyed(block, line);
    }

    private String interfaceCommand(final ConfigTree iface, final String line) {
        final Matcher address = IP_ADDRESS.matcher(line);
        if (address.matches()) {
            if (!isAddress(address.group(1)) || !isMask(address.group(2))) {
                return invalid(line, "ip address ".length());
            }
            if (address.group(3) == null) {
                iface.set(l -> l.startsWith("ip address ") && !l.endsWith(" secondary") || l.equals("no ip address"),
                    line);
            } else if (iface.child(line).isEmpty()) {
                iface.remove("no ip address"::equals);
                iface.add(line);
            }
            return "";
        }
        if (line.startsWith("no ip address")) {
            final String target = line.substring(3);
            if (target.equals("ip address")) {
                iface.remove(l -> l.startsWith("ip address "));
            } else if (iface.remove(target::equals) == 0) {
                return "% Invalid address";
            }
            if (iface.find(l -> l.startsWith("ip address ")).isEmpty()) {
                iface.add("no ip address");
            }
            return "";
        }
        final Matcher forwarding = VRF_FORWARDING.matcher(line);
        if (forwarding.matches()) {
            if (config.child("vrf definition " + forwarding.group(1)).isEmpty()) {
                return "% VRF " + forwarding.group(1) + " not configured.";
            }
            final Optional<ConfigTree> had = iface.find(l -> l.startsWith("ip address "));
            iface.set(l -> l.startsWith("vrf forwarding "), line);
            if (had.isPresent()) {
                iface.remove(l -> l.startsWith("ip address "));
                return "% Interface " + iface.line().substring(10) + " IP address " + had.orElseThrow().line()
                    .split(" ")[2] + " removed due to enabling VRF " + forwarding.group(1);
            }
            return "";
        }
        return keyed(iface, line, "description", "mtu");
    }

    private String bgpCommand(final Mode mode, final ConfigTree block, final String line) {
        final Matcher family = ADDRESS_FAMILY.matcher(line);
        if (family.matches() && block.line().startsWith("router bgp ")) {
            final String name = family.group(1) == null ? "address-family ipv4" : "address-family ipv4 vrf "
                + family.group(1);
            if (family.group(1) != null && config.child("vrf definition " + family.group(1)).isEmpty()) {
                return "% VRF " + family.group(1) + " does not exist";
            }
            mode.blocks.add(block.block(name));
            return "";
        }
        if (line.startsWith("no address-family ")) {
            block.remove(line.substring(3)::equals);
            return "";
        }
        final Matcher neighbor = NEIGHBOR.matcher(line);
        if (neighbor.matches() && !neighbor.group(2).startsWith("remote-as")) {
            final ConfigTree router = mode.blocks.get(0);
            final String prefix = "neighbor " + neighbor.group(1) + " remote-as ";
            final boolean known = block.find(l -> l.startsWith(prefix)).isPresent()
                || router.find(l -> l.startsWith(prefix)).isPresent();
            if (!known) {
                return "% Specify remote-as or peer-group commands first";
            }
        }
        final Matcher noNeighbor = Pattern.compile("no neighbor (\\S+)").matcher(line);
        if (noNeighbor.matches()) {
            final String prefix = "neighbor " + noNeighbor.group(1) + " ";
            block.remove(l -> l.startsWith(prefix));
            block.children().forEach(child -> child.remove(l -> l.startsWith(prefix)));
            return "";
        }
        if (neighbor.matches()) {
            final String action = neighbor.group(2);
            final String key = "neighbor " + neighbor.group(1) + " " + action.split(" ")[0];
            block.set(l -> l.startsWith(key), line);
            return "";
        }
        return keyed(block, line, "bgp router-id");
    }

    /**
     * A setting: replaces the line with the same key (its first words, for the given keys),
     * or, prefixed with {@code no}, removes it.
     */
    private static String keyed(final ConfigTree block, final String line, final String... keys) {
        if (line.startsWith("no ")) {
            final String target = line.substring(3);
            if (block.remove(target::equals) == 0) {
                for (String key : keys) {
                    if (target.equals(key) || target.startsWith(key + " ")) {
                        block.remove(l -> l.startsWith(key + " ") || l.equals(key));
                    }
                }
                block.remove(l -> l.startsWith(target + " "));
            }
            return "";
        }
        for (String key : keys) {
            if (line.startsWith(key + " ")) {
                block.set(l -> l.startsWith(key + " "), line);
                return "";
            }
        }
        if (block.child(line).isEmpty()) {
            block.add(line);
        }
        return "";
    }

    String runningConfig() {
        final List<ConfigTree> sections = new ArrayList<>(config.children());
        sections.sort(Comparator.comparingInt(IosEngine::rank));
        final ConfigTree ordered = new ConfigTree(null);
        ordered.children().addAll(sections);
        final StringBuilder body = new StringBuilder("!\n");
        ordered.render(body, 0);
        body.append("!\nend");
        final String text = body.toString();
        return "Building configuration...\n\nCurrent configuration : "
            + text.getBytes(StandardCharsets.US_ASCII).length + " bytes\n" + text;
    }

    private static int rank(final ConfigTree section) {
        final String line = section.line();
        if (line.startsWith("version") || line.startsWith("service") || line.startsWith("hostname")) {
            return 0;
        }
        if (line.startsWith("vrf definition") || line.startsWith("ip vrf")) {
            return 1;
        }
        if (line.startsWith("interface")) {
            return 2;
        }
        if (line.startsWith("router")) {
            return 3;
        }
        if (line.startsWith("ip route")) {
            return 4;
        }
        return line.startsWith("line") ? 6 : 5;
    }

    private static boolean isAddress(final String text) {
        final Matcher m = IPV4.matcher(text);
        if (!m.matches()) {
            return false;
        }
        for (int i = 1; i <= 4; i++) {
            if (Integer.parseInt(m.group(i)) > 255) {
                return false;
            }
        }
        return true;
    }

    private static boolean isMask(final String text) {
        if (!isAddress(text)) {
            return false;
        }
        long value = 0;
        for (String octet : text.split("\\.")) {
            value = value << 8 | Integer.parseInt(octet);
        }
        final long inverted = ~value & 0xffffffffL;
        return (inverted & (inverted + 1)) == 0;
    }

    /** IOS's caret under the first character it did not understand, then the error. */
    private String invalid(final String line, final int position) {
        final int column = hostname.length() + 1 + Math.max(0, position);
        return " ".repeat(column) + "^\n" + INVALID;
    }
}
