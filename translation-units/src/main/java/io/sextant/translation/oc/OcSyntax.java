package io.sextant.translation.oc;

import io.sextant.translation.spi.Handlers;

/**
 * How one CLI dialect writes the OpenConfig the units share: its line syntax, modes and scopes
 * for interfaces, network instances, static routes and BGP. The handlers are the same for every
 * dialect ({@link #handlers()}); a unit adds its own handlers and its write order.
 *
 * @param device the device's name in error messages, for example {@code FRR}
 */
public record OcSyntax(String device, InterfaceSyntax interfaces, NetworkInstanceSyntax networkInstances,
        StaticRouteSyntax staticRoutes, BgpSyntax bgp) {

    /** The shared OpenConfig handlers, speaking this dialect. */
    public Handlers.Builder handlers() {
        final Handlers.Builder handlers = Handlers.builder();
        new OcInterfaces(device, interfaces).register(handlers);
        new OcNetworkInstances(device, networkInstances).register(handlers);
        new OcProtocols(device, staticRoutes, bgp).register(handlers);
        new OcStaticRoutes(device, staticRoutes).register(handlers);
        new OcBgp(device, bgp).register(handlers);
        return handlers;
    }
}
