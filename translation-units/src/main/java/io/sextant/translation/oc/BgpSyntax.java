package io.sextant.translation.oc;

import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.ConfigText;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.Uint32;

/**
 * What a CLI dialect says about BGP, for {@link OcBgp}: where a network instance's BGP lives and
 * the modes it is typed in. The router-id and neighbor lines are the same everywhere. The
 * defaults describe a {@code router bgp AS ...} block per network instance.
 */
public interface BgpSyntax {

    /** The block holding a network instance's BGP lines. */
    Optional<ConfigLine> scope(ConfigText config, String instance);

    /** The {@code router bgp AS ...} line a {@link #scope} belongs to: the scope itself, or the process holding it. */
    default ConfigLine router(final ConfigText config, final ConfigLine scope) {
        return scope;
    }

    /** The {@code neighbor X remote-as Y} lines the dialect understands: group 1 the address, group 2 the value. */
    default Pattern remoteAs() {
        return BgpNeighborLines.REMOTE_AS;
    }

    /** The peer AS a remote-as value stands for, if any. */
    default Optional<Uint32> peerAs(final String value, final String localAs) {
        return Optional.of(Uint32.valueOf(value));
    }

    /** Whether a neighbor is active in IPv4 unicast, claiming the lines that say so. */
    boolean activeInIpv4Unicast(ConfigText config, ConfigLine scope, String instance, String address);

    /**
     * The modes a network instance's BGP lines are typed in. {@code no} and the last mode's
     * command, in the modes before it, deletes the instance's BGP.
     */
    List<Mode> modes(Object as, String instance);

    /** The modes a neighbor's IPv4 unicast activation is typed in. */
    List<Mode> ipv4UnicastModes(Object as, String instance);

    /**
     * Whether one BGP process serves every network instance: every instance then uses the
     * default instance's AS, and deleting the process deletes the VRFs' BGP with it.
     */
    default boolean oneProcess() {
        return false;
    }
}
