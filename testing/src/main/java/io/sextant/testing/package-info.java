/**
 * Real parts for tests: devices (netconfd, netconf-testtool, misbehaving NETCONF devices), PostgreSQL,
 * HAProxy, fault proxies and the host set-up they need.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.testing;

import org.eclipse.jdt.annotation.NonNullByDefault;
