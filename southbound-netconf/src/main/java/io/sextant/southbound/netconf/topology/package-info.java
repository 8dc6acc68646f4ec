/**
 * The NETCONF topology's model and support: mount points, node status, the connection-manager RPCs
 * and state filters.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.netconf.topology;

import org.eclipse.jdt.annotation.NonNullByDefault;
