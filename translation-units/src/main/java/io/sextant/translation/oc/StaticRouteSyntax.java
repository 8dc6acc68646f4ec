package io.sextant.translation.oc;

import io.sextant.translation.spi.CliCommands.Mode;
import io.sextant.translation.spi.ConfigText;
import java.util.List;

/**
 * What a CLI dialect says about static routes, for {@link OcStaticRoutes}: one line per next hop
 * ({@link NextHopSyntax}), by default at top level.
 */
public interface StaticRouteSyntax {

    /** One understood route line: a prefix and one of its next hops. */
    record Route(String prefix, StaticNextHop hop) {
    }

    /** A network instance's routes the dialect understands, claiming their lines. */
    List<Route> routes(ConfigText config, String instance);

    /** The line adding a next hop of {@code prefix} in {@code instance}; {@code no} and the line removes it. */
    String routeLine(String instance, String prefix, StaticNextHop hop);

    /** The modes a network instance's route lines are typed in. */
    default List<Mode> routeModes(final String instance) {
        return List.of();
    }

    /** Whether deleting a VRF deletes its routes with it, so that they need no lines of their own. */
    default boolean vrfDeletesItsRoutes() {
        return false;
    }
}
