/**
 * Vendor-neutral OpenConfig handlers (interfaces, network instances, BGP, static routes), each dialect
 * supplying only its line syntax.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.translation.oc;

import org.eclipse.jdt.annotation.NonNullByDefault;
