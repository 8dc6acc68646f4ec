/**
 * NETCONF XML: base operations, edit-config encoding, the data codec and rpc-errors.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.southbound.netconf.xml;

import org.eclipse.jdt.annotation.NonNullByDefault;
