package io.sextant.spi;

import java.util.Optional;

/**
 * Whether this controller instance can serve requests now ({@code GET /ready}, for load
 * balancers' health checks): started, its database reachable, its share of the nodes claimed.
 */
@FunctionalInterface
public interface Readiness {
    /** Always ready: a controller whose every component started and that keeps its state in memory. */
    Readiness ALWAYS = Optional::empty;

    /** Why this instance cannot serve now, in the operator's terms; empty when it can. May ask the database. */
    Optional<String> unready();
}
