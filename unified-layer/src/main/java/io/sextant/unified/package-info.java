/**
 * Devices behind one interface, whatever their protocol: the UniConfig layer reads and changes
 * them through it.
 *
 * <p>Everything here is non-null unless annotated {@code @Nullable}; NullAway checks it at compile time.
 */
@NonNullByDefault
package io.sextant.unified;

import org.eclipse.jdt.annotation.NonNullByDefault;
