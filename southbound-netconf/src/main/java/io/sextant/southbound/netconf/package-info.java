/**
 * The NETCONF southbound: the topology of NETCONF nodes, their sessions, settings, capabilities and
 * status.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.netconf;

import org.eclipse.jdt.annotation.NonNullByDefault;
