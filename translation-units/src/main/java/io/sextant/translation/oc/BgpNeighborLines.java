package io.sextant.translation.oc;

import static io.sextant.translation.spi.Changes.isCreate;
import static io.sextant.translation.spi.Changes.leafAfter;
import static io.sextant.translation.spi.Changes.leafBefore;
import static io.sextant.translation.spi.Changes.leafChanged;

import io.sextant.spi.OperationErrorsException;
import io.sextant.translation.oc.OpenConfig.Ni;
import io.sextant.translation.spi.ConfigLine;
import io.sextant.translation.spi.Nodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.data.api.YangInstanceIdentifier;
import org.opendaylight.yangtools.yang.data.api.schema.ContainerNode;
import org.opendaylight.yangtools.yang.data.tree.api.DataTreeCandidateNode;

/**
 * The BGP neighbor lines the CLI dialects share ({@code neighbor X remote-as AS},
 * {@code neighbor X description TEXT}, {@code neighbor X shutdown}) and the OpenConfig
 * {@code neighbor/config} they stand for. Each dialect finds the lines of a network instance's
 * BGP and the mode to type them in; what a remote-as value means is also its own.
 */
final class BgpNeighborLines {
    /** {@code neighbor ADDRESS remote-as VALUE}: group 1 the address, group 2 the value. */
    static final Pattern REMOTE_AS = Pattern.compile("neighbor (\\S+) remote-as (\\S+)");
    private static final Pattern DESCRIPTION = Pattern.compile("neighbor (\\S+) description (.*)");
    private static final Pattern SHUTDOWN = Pattern.compile("neighbor (\\S+) shutdown");

    private BgpNeighborLines() {
    }

    /**
     * A neighbor's {@code config} from the lines of its BGP scope, claiming its description and
     * shutdown lines (its remote-as line is claimed where the neighbor list is read).
     *
     * @param peerAs the peer AS a remote-as value stands for, if any
     */
    static ContainerNode read(final List<ConfigLine> lines, final String address,
            final Function<String, Optional<Uint32>> peerAs) {
        final var config = Nodes.container(Ni.CONFIG).leaf(Ni.NEIGHBOR_ADDRESS, address);
        boolean enabled = true;
        for (ConfigLine line : lines) {
            line.match(REMOTE_AS).filter(m -> m.group(1).equals(address))
                .flatMap(m -> peerAs.apply(m.group(2)))
                .ifPresent(as -> config.leaf(Ni.PEER_AS, as));
            final Optional<Matcher> description = line.match(DESCRIPTION).filter(m -> m.group(1).equals(address));
            if (description.isPresent()) {
                line.claim();
                config.leaf(Ni.DESCRIPTION, description.orElseThrow().group(2));
            }
            if (line.match(SHUTDOWN).filter(m -> m.group(1).equals(address)).isPresent()) {
                line.claim();
                enabled = false;
            }
        }
        return config.leaf(Ni.ENABLED, enabled).build();
    }

    /**
     * The lines that bring a created or changed neighbor to its new {@code config}, to be typed in
     * the dialect's BGP mode: remote-as, description, shutdown, in that order.
     *
     * @param dialect named in the error when the peer AS is missing
     */
    static List<String> commands(final YangInstanceIdentifier path, final DataTreeCandidateNode node,
            final String address, final String dialect)
            throws OperationErrorsException {
        final List<String> commands = new ArrayList<>();
        if (leafChanged(node, Ni.PEER_AS)) {
            commands.add("neighbor " + address + " remote-as " + leafAfter(node, Ni.PEER_AS).orElseThrow(() ->
                OperationErrorsException.of(ErrorType.APPLICATION, ErrorTag.MISSING_ELEMENT,
                    dialect + " needs the peer-as of neighbor " + address, path)));
        }
        if (leafChanged(node, Ni.DESCRIPTION)) {
            commands.add(leafAfter(node, Ni.DESCRIPTION).map(d -> "neighbor " + address + " description " + d)
                .orElse("no neighbor " + address + " description"));
        }
        final boolean enabledBefore = isCreate(node) || (Boolean) leafBefore(node, Ni.ENABLED).orElse(true);
        final boolean enabledAfter = (Boolean) leafAfter(node, Ni.ENABLED).orElse(true);
        if (enabledBefore != enabledAfter) {
            commands.add((enabledAfter ? "no " : "") + "neighbor " + address + " shutdown");
        }
        return commands;
    }
}
