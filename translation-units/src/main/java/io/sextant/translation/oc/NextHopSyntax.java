package io.sextant.translation.oc;

import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * How a dialect writes a static route's next hop after the prefix: a drop word, a gateway, an
 * interface, or both in the dialect's order, then the administrative distance if any.
 *
 * @param drop the word for a DROP next hop, for example {@code blackhole} or {@code Null0}
 * @param interfaceName what an interface name looks like (and a keyword does not)
 * @param gatewayFirst whether a gateway with an interface is written before it
 *     ({@code 10.0.0.1 eth0}) or after it ({@code GigabitEthernet0/0 10.0.0.1})
 */
public record NextHopSyntax(String drop, Predicate<String> interfaceName, boolean gatewayFirst) {
    private static final Pattern IPV4 = Pattern.compile("\\d+\\.\\d+\\.\\d+\\.\\d+");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    /** The next hop written as {@code text}, if it is one this syntax writes (nothing more, nothing less). */
    public Optional<StaticNextHop> parse(final String text) {
        final String[] tokens = text.strip().split("\\s+");
        int i = 0;
        String gateway = null;
        String iface = null;
        final boolean isDrop = tokens[0].equals(drop);
        if (isDrop) {
            i++;
        } else if (IPV4.matcher(tokens[0]).matches()) {
            gateway = tokens[i++];
            if (gatewayFirst && i < tokens.length && interfaceName.test(tokens[i])) {
                iface = tokens[i++];
            }
        } else if (interfaceName.test(tokens[0])) {
            iface = tokens[i++];
            if (!gatewayFirst && i < tokens.length && IPV4.matcher(tokens[i]).matches()) {
                gateway = tokens[i++];
            }
        } else {
            return Optional.empty();
        }
        Integer distance = null;
        if (i < tokens.length && NUMBER.matcher(tokens[i]).matches()) {
            distance = Integer.valueOf(tokens[i++]);
        }
        return i == tokens.length ? Optional.of(new StaticNextHop(gateway, iface, isDrop, distance)) : Optional.empty();
    }

    /** The text of {@code hop} after the prefix: what {@link #parse} reads back as the same next hop. */
    public String format(final StaticNextHop hop) {
        final String gateway = hop.gateway();
        final String iface = hop.iface();
        final String target = hop.drop() ? drop : gateway == null ? iface : iface == null ? gateway
            : gatewayFirst ? gateway + " " + iface : iface + " " + gateway;
        return target + (hop.distance() == null ? "" : " " + hop.distance());
    }
}
