/**
 * The NETCONF client: connecting to a device, setting up its session, the RPCs on it and what is
 * reported of it.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.netconf.client;

import org.eclipse.jdt.annotation.NonNullByDefault;
