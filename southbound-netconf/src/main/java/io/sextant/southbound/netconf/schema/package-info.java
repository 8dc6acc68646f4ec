/**
 * A device's YANG schema: resolving its sources, fetching them by get-schema, caching and keeping
 * them.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.netconf.schema;

import org.eclipse.jdt.annotation.NonNullByDefault;
